// libFuzzer harness: the CLI's argument parser on arbitrary argument lists (NUL-separated).
// Built with Sources/idreader/Arguments.swift, the declarations it uses (CommandLineDeclarations)
// and ServeOptions.swift (the serve command is in the table).
import Foundation

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzArguments(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let args = bytes.split(separator: 0, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
    do {
        _ = try ArgumentParser.parse(args)
    } catch {
        precondition(!error.description.isEmpty && !error.description.contains("\n"), "usage errors are one line")
    }
    return 0
}
