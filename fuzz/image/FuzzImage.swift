// libFuzzer harness: image decoding, the full `read` (PDF417 + MRZ) and its annotated picture
// on arbitrary bytes.
//
// Fuzz build (fuzz/run.sh image): compiled with -DFUZZING -sanitize=fuzzer,address, and
// libFuzzer supplies `main`.  Normal build: a replay tool, `idreader-fuzz-image FILE...`,
// that runs saved inputs (a crash found by the fuzzer) through the same function.
import IDReader

/// Small enough that one input costs well under a second; the loader's guard against
/// larger images is itself exercised by every header that claims more.
let fuzzPixelLimit = 2_000_000

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzImage(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let result = DocumentReader().read(imageData: bytes, name: "fuzz", options: ReadOptions(maximumPixels: fuzzPixelLimit))
    // a result either carries documents or an error with a message, never neither
    precondition(!result.documents.isEmpty || result.error?.message.isEmpty == false)
    // what the reader saw can always be drawn (issue 15): the picture, or the caption alone
    precondition(result.annotated(on: bytes, maximumPixels: fuzzPixelLimit) != nil)
    return 0
}

#if FUZZING
// SwiftPM links an executable's entry point as `<module>_main`, so the fuzz build hands
// control to libFuzzer's driver from there.  (Declared by symbol name: the argument types
// are passed the same way under Swift's and C's calling conventions on x86-64 and arm64.)
@_silgen_name("LLVMFuzzerRunDriver")
func runFuzzerDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>, Int) -> CInt
) -> CInt

@_cdecl("idreader_fuzz_image_main")
func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    var count = argc
    var arguments = argv
    return runFuzzerDriver(&count, &arguments) { data, size in fuzzImage(data, size) }
}
#else
import Foundation

@main
struct Replay {
    static func main() {
        for path in CommandLine.arguments.dropFirst() {
            guard let data = FileManager.default.contents(atPath: path) else { print("\(path): unreadable"); continue }
            let bytes = [UInt8](data)
            _ = bytes.withUnsafeBufferPointer { fuzzImage($0.baseAddress ?? UnsafePointer(bitPattern: 1)!, $0.count) }
            print("\(path): ok")
        }
    }
}
#endif
