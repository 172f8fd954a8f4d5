// libFuzzer harness: seal input decoding and parsing (ICAO VDS bytes, as hex or base64 too,
// and VDS-NC JSON), JSON round trip and signature verification on arbitrary bytes. Built
// with Sources/VDS and Sources/IDCommon by fuzz/run.sh (one module, so no import).
import Foundation

private let certificates: [SealCertificate] = {
    let signer = try! TestSigner(seed: 1)
    return try! SealCertificate.certificates(in: signer.certificateDER)
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSeal(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    // through the decoder of the CLI's and the service's text forms (hex, base64), which
    // gives raw seals and JSON back as they are
    let bytes = SealInput.decode(Array(UnsafeBufferPointer(start: data, count: size)))
    guard let seal = try? Seal.parse(bytes) else { return 0 }
    let verification = SealVerifier(certificates: certificates).verify(seal)
    if case .icao(let icao) = seal {
        // every accessor must be safe on whatever parsed, and the JSON form must read back
        _ = (icao.signedBytes.count, icao.features.map(\.value.text), icao.feature("MRZ"))
        let json = try! JSONEncoder().encode(icao)
        precondition(try! JSONDecoder().decode(VisibleDigitalSeal.self, from: json) == icao, "the seal's JSON does not read back")
        // arbitrary bytes are never signed by the test key
        precondition(verification.status != .verified, "a fuzzed seal verified")
    }
    return 0
}
