// libFuzzer harness: AAMVA parsing on arbitrary bytes.  Built with Sources/AAMVA.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzAAMVA(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    if let r = try? AAMVAParser().parse(bytes) {
        _ = r.fields
        _ = r.elements
    }
    return 0
}
