// libFuzzer harness, structure-aware: the input bytes choose a generated payload and the
// damage done to it; the parser must never crash, and undamaged payloads must round-trip.
// Built with Sources/AAMVA.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzAAMVARoundTrip(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size >= 9 else { return 0 }
    var seed: UInt64 = 0
    for i in 0..<8 { seed = seed << 8 | UInt64(data[i]) }
    var generator = AAMVAGenerator(seed: seed)
    let g = generator.next()
    let rate = Double(data[8]) / 255
    if rate == 0 {
        let r = try! AAMVAParser().parse(g.payload)
        precondition(r.fields == g.expected && r.isValid, "round trip failed for seed \(seed)")
        return 0
    }
    var mutator = AAMVAMutator(seed: seed ^ 0xABCDEF, rate: rate)
    var (damaged, _) = mutator.mutate(g.payload)
    // the remaining input bytes overwrite positions too
    var i = 9
    while i + 1 < size, !damaged.isEmpty {
        damaged[Int(data[i]) % damaged.count] = data[i + 1]
        i += 2
    }
    if let r = try? AAMVAParser().parse(damaged) { _ = r.fields }
    return 0
}
