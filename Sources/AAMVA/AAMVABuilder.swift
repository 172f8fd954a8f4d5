/// Writes a payload as the standard lays it out: header, a directory with correct
/// offsets and lengths, and the subfiles.  Drives the property tests and
/// `idreader generate aamva`.
public struct AAMVABuilder: Sendable {
    public var version: Int
    public var jurisdictionVersion: Int
    public var iin: String
    /// `ANSI ` (standard) or `AAMVA` (some version-1 cards).
    public var fileType: String
    public var elementSeparator: UInt8 = 0x0A
    public var recordSeparator: UInt8 = 0x1E
    public var segmentTerminator: UInt8 = 0x0D
    public var subfiles: [AAMVASubfile]

    public init(version: Int, jurisdictionVersion: Int = 0, iin: String, fileType: String = "ANSI ", subfiles: [AAMVASubfile]) {
        self.version = version
        self.jurisdictionVersion = jurisdictionVersion
        self.iin = iin
        self.fileType = fileType
        self.subfiles = subfiles
    }

    public func build() -> [UInt8] {
        func digits(_ n: Int, _ width: Int) -> [UInt8] {
            let s = String(n)
            return Array((String(repeating: "0", count: max(0, width - s.count)) + s).suffix(width).utf8)
        }
        var header: [UInt8] = [UInt8(ascii: "@"), elementSeparator, recordSeparator, segmentTerminator]
        header += Array(fileType.utf8) + Array(iin.utf8) + digits(version, 2)
        if version >= 2 { header += digits(jurisdictionVersion, 2) }
        header += digits(subfiles.count, 2)
        let bodies: [[UInt8]] = subfiles.map { subfile in
            var body = Array(subfile.type.utf8)
            for (i, e) in subfile.elements.enumerated() {
                body += Array(e.id.utf8) + Array(e.value.utf8)
                body.append(i == subfile.elements.count - 1 ? segmentTerminator : elementSeparator)
            }
            return body
        }
        var offset = header.count + 10 * subfiles.count
        var directory: [UInt8] = []
        for (subfile, body) in zip(subfiles, bodies) {
            directory += Array(subfile.type.utf8) + digits(offset, 4) + digits(body.count, 4)
            offset += body.count
        }
        return header + directory + bodies.flatMap { $0 }
    }
}
