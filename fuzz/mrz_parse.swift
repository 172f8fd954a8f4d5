// libFuzzer harness: MRZ text parsing and OCR correction on arbitrary bytes.
// Built together with Sources/MRZ by fuzz/run.sh (one module, so no import).

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMRZ(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let text = String(decoding: bytes, as: UTF8.self)
    let parser = MRZParser(today: SimpleDate(year: 2026, month: 1, day: 1))
    if let r = try? parser.parse(text) {
        // every accessor must be safe on whatever parsed
        _ = (r.surname, r.givenNames, r.documentNumber, r.birthDate, r.expiryDate, r.optionalData, r.optionalData2, r.rawFields)
        _ = NFCAccess(r)
        if r.isValid { precondition(r.checks.allSatisfy(\.valid)) }
    }
    if size < 200 {
        let lines = text.split(whereSeparator: \.isNewline).map(String.init)
        if let c = MRZCorrector(parser: parser, maximumCandidates: 500).correct(lines: lines) {
            precondition(c.result.isValid, "the corrector returned an invalid reading")
        }
    }
    return 0
}
