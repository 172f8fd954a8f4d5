/// Finds the header and splits the payload into subfiles and elements, surviving what
/// capture paths do to real payloads (../shared/aamva/STANDARD_NOTES.md §7): junk before
/// `@`, lost or rewritten separators, wrong subfile offsets, missing subfile types.
struct PayloadScanner {
    static let lf: UInt8 = 0x0A, rs: UInt8 = 0x1E, cr: UInt8 = 0x0D, fs: UInt8 = 0x1C

    let bytes: [UInt8]

    /// Removes a byte-order mark, NULs and C1 control characters (raw or UTF-8 encoded),
    /// which scanners in HID mode sprinkle through the data.
    static func clean(_ input: [UInt8]) -> [UInt8] {
        // most payloads need nothing removed: avoid the copy
        let needsCleaning = input.withUnsafeBytes { p -> Bool in
            // eight bytes at a time: any byte with its top bit set, or any zero byte
            let high: UInt64 = 0x8080_8080_8080_8080, ones: UInt64 = 0x0101_0101_0101_0101
            var i = 0
            while i + 8 <= p.count {
                let w = p.loadUnaligned(fromByteOffset: i, as: UInt64.self)
                if w & high != 0 || (w &- ones) & ~w & high != 0 { return true }
                i += 8
            }
            while i < p.count { if p[i] == 0 || p[i] >= 0x80 { return true }; i += 1 }
            return false
        }
        if !needsCleaning { return input }
        var out: [UInt8] = []
        out.reserveCapacity(input.count)
        var i = 0
        while i < input.count {
            let b = input[i]
            if b == 0xEF, i + 2 < input.count, input[i + 1] == 0xBB, input[i + 2] == 0xBF { i += 3; continue }
            if b == 0xC2, i + 1 < input.count, (0x80...0x9F).contains(input[i + 1]) { i += 2; continue }
            if b == 0 || (0x80...0x9F).contains(b) { i += 1; continue }
            out.append(b)
            i += 1
        }
        return out
    }

    // MARK: Header

    struct HeaderScan {
        var header: AAMVAHeader
        /// Index of the compliance indicator (or where it should be).
        var origin: Int
        /// First byte after the subfile directory.
        var dataStart: Int
    }

    static func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }
    static func isUpper(_ b: UInt8) -> Bool { b >= 0x41 && b <= 0x5A }

    func number(_ at: Int, _ count: Int) -> Int? {
        guard at >= 0, at + count <= bytes.count else { return nil }
        var n = 0
        for i in at..<at + count {
            guard Self.isDigit(bytes[i]) else { return nil }
            n = n * 10 + Int(bytes[i] - 0x30)
        }
        return n
    }

    func text(_ range: Range<Int>) -> String {
        String(decoding: bytes[max(0, range.lowerBound)..<min(bytes.count, range.upperBound)], as: UTF8.self)
    }

    /// Searches for `ANSI ` / `AAMVA` followed by a six-digit IIN and a two-digit version.
    static let ansi = Array("ANSI".utf8), aamva = Array("AAMVA".utf8)

    func findHeader() -> HeaderScan? {
        let ansi = Self.ansi, aamva = Self.aamva
        var i = 0
        let limit = min(bytes.count, 4_096)  // the header sits at the start, after little junk
        while i < limit {
            var fileType: String?
            var after = 0
            if bytes[i] == 0x41, i + 4 <= bytes.count, bytes[i..<i + 4].elementsEqual(ansi) {
                fileType = "ANSI "
                after = i + 4
                if after < bytes.count, bytes[after] == 0x20 { after += 1 }
            } else if bytes[i] == 0x41, i + 5 <= bytes.count, bytes[i..<i + 5].elementsEqual(aamva) {
                fileType = "AAMVA"
                after = i + 5
            }
            if let fileType, let _ = number(after, 6), let version = number(after + 6, 2) {
                return readHeader(fileTypeAt: i, fileType: fileType, iinAt: after, version: version)
            }
            i += 1
        }
        return nil
    }

    /// Whether a subfile designator starts at `i`: a subfile type (`DL`, `ID`, `EN`, `Z?`)
    /// and a four-digit offset (AAMVA CDS header, STANDARD_NOTES §2).
    func designatorStarts(at i: Int) -> Bool {
        guard i + 6 <= bytes.count, Self.isUpper(bytes[i]) else { return false }
        let type = text(i..<i + 2)
        guard type == "DL" || type == "ID" || type == "EN" || type.hasPrefix("Z") else { return false }
        return number(i + 2, 4) != nil
    }

    private func readHeader(fileTypeAt: Int, fileType: String, iinAt: Int, version: Int) -> HeaderScan {
        // Compliance indicator and separators: expected at fileTypeAt - 4 ... - 1.
        var origin = fileTypeAt
        for back in 1...4 where fileTypeAt - back >= 0 && bytes[fileTypeAt - back] == UInt8(ascii: "@") { origin = fileTypeAt - back; break }
        let standard =
            origin == fileTypeAt - 4 && bytes[origin] == UInt8(ascii: "@") && bytes[origin + 1] == Self.lf
            && bytes[origin + 2] == Self.rs && bytes[origin + 3] == Self.cr
            && (fileType == "AAMVA" || (fileTypeAt + 4 < bytes.count && bytes[fileTypeAt + 4] == 0x20))
        var cursor = iinAt + 8
        var jurisdictionVersion: Int?
        if version >= 2 {
            jurisdictionVersion = number(cursor, 2)
            cursor += 2
        }
        var entries = number(cursor, 2)
        // A designator where the count should be: the count was lost, not the designator
        // (NC v1 `AAMVA36004001DL0028…`, STANDARD_NOTES §7.5)
        if entries != nil || !designatorStarts(at: cursor) { cursor += 2 }
        var designators: [SubfileDesignator] = []
        // A directory entry is two letters and eight characters; read as many as declared,
        // or, when the count is unreadable, as many as look like entries.
        let maximum = min(entries ?? 12, 12)
        while designators.count < maximum, cursor + 10 <= bytes.count,
            Self.isUpper(bytes[cursor]), Self.isUpper(bytes[cursor + 1]) || Self.isDigit(bytes[cursor + 1])
        {
            let type = text(cursor..<cursor + 2)
            guard type == "DL" || type == "ID" || type == "EN" || type.hasPrefix("Z") else { break }
            // The first subfile's own type marker may follow the directory directly ("DLDAQ"),
            // which is not a designator: a designator has digits (or garbage) after its type.
            if ElementScan.elementIDAt(bytes, cursor + 2, subfileType: type) != nil { break }
            designators.append(SubfileDesignator(type: type, offset: number(cursor + 2, 4), length: number(cursor + 6, 4)))
            cursor += 10
        }
        if entries == nil { entries = designators.count }
        let header = AAMVAHeader(
            fileType: fileType, iin: text(iinAt..<iinAt + 6), version: version,
            jurisdictionVersion: jurisdictionVersion, designators: designators,
            separatorsAsStandard: standard && entries == designators.count,
            leadingJunk: origin)
        return HeaderScan(header: header, origin: origin, dataStart: min(cursor, bytes.count))
    }
}

/// Element-level splitting of the data after the directory.
enum ElementScan {
    static let separators: Set<UInt8> = [PayloadScanner.lf, PayloadScanner.cr, PayloadScanner.rs, PayloadScanner.fs]

    /// The element ID starting at `i`, if the three bytes form one that belongs in a
    /// subfile of `subfileType` (catalogue IDs for `DL`/`ID`/`EN`, `Z?x` for `Z?`).
    static func elementIDAt(_ b: [UInt8], _ i: Int, subfileType: String, version: Int? = nil) -> String? {
        guard i >= 0, i + 3 <= b.count else { return nil }
        if subfileType.utf8.first == UInt8(ascii: "Z") {
            var t = subfileType.utf8.makeIterator()
            guard b[i] == t.next(), b[i + 1] == t.next(), PayloadScanner.isUpper(b[i + 2]) || PayloadScanner.isDigit(b[i + 2]) else { return nil }
            return String(decoding: b[i..<i + 3], as: UTF8.self)
        }
        guard ElementCatalogue.packedIDs.contains(ElementCatalogue.pack(b[i], b[i + 1], b[i + 2])) else { return nil }
        let id = String(decoding: b[i..<i + 3], as: UTF8.self)
        // When splitting by IDs, an ID the payload's version does not define is text ("DAVID" holds DAV).
        if let version, ElementCatalogue.definition(id)?.status(in: version) == .undefined { return nil }
        return id
    }

    /// Whether a three-byte token looks like an element ID at all (for IDs outside the catalogue).
    static func looksLikeID(_ b: [UInt8], _ i: Int) -> Bool {
        guard i + 3 <= b.count else { return false }
        return PayloadScanner.isUpper(b[i]) && PayloadScanner.isUpper(b[i + 1])
            && (PayloadScanner.isUpper(b[i + 2]) || PayloadScanner.isDigit(b[i + 2]))
    }

    /// `range` without leading and trailing spaces and tabs.
    static func trimmed(_ b: [UInt8], _ range: Range<Int>) -> Range<Int> {
        var lo = range.lowerBound, hi = range.upperBound
        while lo < hi, b[lo] == 0x20 || b[lo] == 0x09 { lo += 1 }
        while hi > lo, b[hi - 1] == 0x20 || b[hi - 1] == 0x09 { hi -= 1 }
        return lo..<hi
    }

    static func isControl(_ c: UInt8) -> Bool { c < 0x20 || c == 0x7F }

    /// The value in `range`: it starts after leading padding and control characters and
    /// ends at the next control character, then loses trailing padding.  A control
    /// character is never part of a value; inside one it is a separator the split did not
    /// see (a payload cut short by NULs leaves too few to split on, "123\n") or damage.
    static func value(_ b: [UInt8], _ range: Range<Int>) -> Range<Int> {
        var lo = range.lowerBound
        while lo < range.upperBound, b[lo] == 0x20 || isControl(b[lo]) { lo += 1 }
        var hi = lo
        while hi < range.upperBound, !isControl(b[hi]) { hi += 1 }
        return trimmed(b, lo..<hi)
    }

    /// The text of `b[range]`: ASCII in practice; Latin-1 letters kept when the bytes are not UTF-8.
    static func decode(_ b: [UInt8], _ range: Range<Int>) -> String {
        let ascii = b.withUnsafeBufferPointer { buf -> String? in
            let part = UnsafeBufferPointer(rebasing: buf[range])
            for c in part where c >= 0x80 { return nil }
            return String(decoding: part, as: UTF8.self)
        }
        if let ascii { return ascii }
        let slice = b[range]
        if let s = String(validating: slice, as: UTF8.self) { return s }
        return String(slice.map { Character(UnicodeScalar($0)) })
    }

    /// Splits `data[start...]` into subfiles.  With separators present, elements are the
    /// pieces between them; without (or with spaces or pipes in their place), elements are
    /// found by their IDs, honouring fixed-length fields.
    static func split(_ b: [UInt8], from start: Int, types: [String], version: Int) -> [AAMVASubfile] {
        // Subfile markers are the directory's types; only without a directory guess DL and ID
        // (otherwise a name ending in "ID" before an element ID would look like a marker).
        let knownTypes = types.isEmpty ? ["DL", "ID"] : types
        var separatorCount = 0, pipes = 0
        b.withUnsafeBufferPointer { p in
            var i = start
            // three separators settle it; only without them do pipes matter
            while i < p.count, separatorCount < 3 {
                let c = p[i]
                if c == 0x0A || c == 0x0D || c == 0x1E || c == 0x1C { separatorCount += 1 } else if c == UInt8(ascii: "|") { pipes += 1 }
                i += 1
            }
        }
        let firstType = types.first ?? "DL"
        if separatorCount >= 3 {
            return splitOnSeparators(b, from: start, types: knownTypes, first: firstType, pipes: false)
        }
        if pipes >= 3 {
            return splitOnSeparators(b, from: start, types: knownTypes, first: firstType, pipes: true)
        }
        return splitOnIDs(b, from: start, types: knownTypes, first: firstType, version: version)
    }

    /// If `i` starts a subfile type marker (a known type directly followed by one of its
    /// element IDs), that type.
    static func subfileMarker(_ b: [UInt8], _ i: Int, types: [String]) -> String? {
        guard i + 5 <= b.count else { return nil }
        for t in types {
            var u = t.utf8.makeIterator()
            guard b[i] == u.next(), b[i + 1] == u.next() else { continue }
            if elementIDAt(b, i + 2, subfileType: t) != nil { return t }
        }
        return nil
    }

    /// The index of the first separator (LF, CR, RS, FS, and `|` when `pipes`) at or after `i`.
    static func tokenEnd(_ b: [UInt8], from i: Int, pipes: Bool) -> Int {
        b.withUnsafeBufferPointer { p in
            var j = i
            while j < p.count {
                let c = p[j]
                // every separator is below 0x20 except the pipe: one compare skips letters
                if c < 0x20 ? (c == 0x0A || c == 0x0D || c == 0x1E || c == 0x1C) : (pipes && c == UInt8(ascii: "|")) { break }
                j += 1
            }
            return j
        }
    }

    static func splitOnSeparators(
        _ b: [UInt8], from start: Int, types: [String], first: String,
        pipes: Bool
    ) -> [AAMVASubfile] {
        var subfiles: [AAMVASubfile] = []
        var currentType = first
        var current: [AAMVAElement] = []
        current.reserveCapacity(40)
        var i = start
        let p = b
        while i < p.count {
            let j = tokenEnd(b, from: i, pipes: pipes)
            var lo = i
            while lo < j, p[lo] == 0x20 { lo += 1 }
            // a subfile marker is two letters then an ID: only tokens starting a subfile can hold one
            if j - lo >= 5, PayloadScanner.isUpper(p[lo + 3]), let t = subfileMarker(b, lo, types: types) {
                if !current.isEmpty { subfiles.append(AAMVASubfile(type: currentType, elements: current)); current = [] }
                currentType = t
                lo += 2
            } else if j - lo == 2, types.contains(String(decoding: p[lo..<lo + 2], as: UTF8.self)) {
                i = j + 1  // a bare type marker on its own (an empty subfile)
                continue
            }
            if j - lo >= 3, looksLikeID(b, lo) {
                if p[lo] == UInt8(ascii: "Z"), currentType.utf8.first != UInt8(ascii: "Z") {
                    if !current.isEmpty { subfiles.append(AAMVASubfile(type: currentType, elements: current)); current = [] }
                    currentType = String(decoding: p[lo..<lo + 2], as: UTF8.self)
                }
                current.append(AAMVAElement(b, idAt: lo, valueRange: lo + 3..<j))
            }
            i = j + 1
        }
        if !current.isEmpty { subfiles.append(AAMVASubfile(type: currentType, elements: current)) }
        return subfiles
    }

    /// Whether the bytes before `i` end a whole fixed-length element (its ID, then exactly its
    /// width of value): a space before `i` is then that value's padding ("DAK97201      DAR",
    /// F11AN; STANDARD_NOTES §2), not a space that replaced a separator.
    static func followsFixedLengthElement(_ b: [UInt8], _ i: Int, from start: Int, version: Int) -> Bool {
        ElementCatalogue.fixedLengths.contains { width in
            let idAt = i - 3 - width
            guard idAt >= start, let id = elementIDAt(b, idAt, subfileType: "DL", version: version) else { return false }
            return ElementCatalogue.definition(id)?.fixedLength == width
        }
    }

    /// For payloads without separators: walk from ID to ID.  A value ends where the next
    /// not-yet-seen element ID begins (right after the fixed length, for fixed-length
    /// elements); when spaces replaced the separators, only IDs after a space count.
    static func splitOnIDs(_ b: [UInt8], from start: Int, types: [String], first: String, version: Int) -> [AAMVASubfile] {
        var spaceBeforeIDs = 0
        for i in max(start, 1)..<max(start, b.count - 3)
        where b[i - 1] == 0x20 && elementIDAt(b, i, subfileType: "DL", version: version) != nil
            && !followsFixedLengthElement(b, i, from: start, version: version)
        {
            spaceBeforeIDs += 1
        }
        let spaceMode = spaceBeforeIDs >= 3
        var subfiles: [AAMVASubfile] = []
        var current = first
        var seen = Set<String>()
        var i = start
        // find the first element (optionally after a subfile marker)
        while i < b.count {
            if let t = subfileMarker(b, i, types: types) { current = t; i += 2; break }
            if elementIDAt(b, i, subfileType: current, version: version) != nil { break }
            i += 1
        }
        subfiles.append(AAMVASubfile(type: current, elements: []))
        func isBoundary(_ q: Int, requireSpace: Bool = true) -> (id: String?, marker: String?)? {
            if spaceMode, requireSpace, q > 0, b[q - 1] != 0x20 { return nil }
            if let t = subfileMarker(b, q, types: types), t != current { return (nil, t) }
            if let id = elementIDAt(b, q, subfileType: current, version: version), !seen.contains(id), plausibleStart(id, q + 3) {
                return (id, nil)
            }
            return nil
        }
        /// Whether the bytes at `v` can begin a value of `id`'s kind: dates, heights, numbers
        /// and sex start with a digit (or space, or M/F/X for sex), so "DAVID" holds no DAV.
        func plausibleStart(_ id: String, _ v: Int) -> Bool {
            guard v < b.count, let kind = ElementCatalogue.definition(id)?.kind else { return true }
            let c = b[v]
            switch kind {
            case .date, .height, .number: return PayloadScanner.isDigit(c) || c == 0x20
            case .sex: return PayloadScanner.isDigit(c) || c == UInt8(ascii: "M") || c == UInt8(ascii: "F") || c == UInt8(ascii: "X")
            default: return true
            }
        }
        /// Whether a fixed-length element at `q` is followed, after its width, by an ID, a
        /// subfile marker, a space (space mode) or the end.  Variable-length IDs always fit.
        func fitsWidth(_ id: String, at q: Int) -> Bool {
            guard let width = ElementCatalogue.definition(id)?.fixedLength else { return true }
            let after = q + 3 + width
            if after >= b.count { return after <= b.count + 1 }
            if spaceMode, b[after] == 0x20 { return true }
            if let t = subfileMarker(b, after, types: types), t != current { return true }
            guard let next = elementIDAt(b, after, subfileType: current, version: version) else { return false }
            return next != id && !seen.contains(next)
        }
        while i + 3 <= b.count {
            guard let id = elementIDAt(b, i, subfileType: current, version: version) else { break }
            seen.insert(id)
            var end = b.count
            var next = b.count
            let valueStart = i + 3
            if let width = ElementCatalogue.definition(id)?.fixedLength {
                // a fixed-length value may be followed directly by the next ID, or by a space
                for q in spaceMode ? [valueStart + width + 1, valueStart + width] : [valueStart + width] {
                    let direct = q == valueStart + width
                    if q <= b.count, q == b.count || isBoundary(q, requireSpace: !direct) != nil {
                        end = min(valueStart + width, b.count); next = q; break
                    }
                }
            }
            if next == b.count, end == b.count {
                var q = valueStart + (spaceMode ? 1 : 0)
                while q + 3 <= b.count {
                    if let found = isBoundary(q) {
                        // "RICHMONDDAJ": DDA would fit at q, but a fixed-length ID must be
                        // followed by another ID after its width; prefer DAJ one byte later.
                        if let id = found.id, !fitsWidth(id, at: q),
                            let later = (1...2).first(where: { k in
                                q + k + 3 <= b.count && isBoundary(q + k).map { $0.marker != nil || fitsWidth($0.id!, at: q + k) } == true
                            })
                        {
                            q += later
                        }
                        break
                    }
                    q += 1
                }
                if q + 3 > b.count { q = b.count }
                next = q
                end = spaceMode && q < b.count ? q - 1 : q
            }
            subfiles[subfiles.count - 1].elements.append(AAMVAElement(b, idAt: valueStart - 3, valueRange: valueStart..<max(valueStart, end)))
            i = next
            if i < b.count, let t = subfileMarker(b, i, types: types), t != current {
                current = t
                seen = []
                subfiles.append(AAMVASubfile(type: t, elements: []))
                i += 2
            }
        }
        return subfiles.filter { !$0.elements.isEmpty }
    }
}
