import Foundation

/// Where the CLI writes and reads; tests substitute a recording one.
protocol Console: AnyObject {
    func out(_ text: String)
    func err(_ text: String)
    /// All of standard input, or `nil` when it is closed or unreadable.
    func readStandardInput(limit: Int) -> Data?
    var stderrIsTerminal: Bool { get }
}

final class StandardConsole: Console {
    func out(_ text: String) { FileHandle.standardOutput.write(Data(text.utf8)) }
    func err(_ text: String) { FileHandle.standardError.write(Data(text.utf8)) }
    var stderrIsTerminal: Bool { isatty(2) == 1 }

    func readStandardInput(limit: Int) -> Data? {
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while data.count <= limit {
            let n = read(0, &buffer, buffer.count)
            if n < 0 { return data.isEmpty ? nil : data }
            if n == 0 { break }
            data.append(buffer, count: n)
        }
        return data
    }
}
