// the fuzz harnesses compile this module's sources with IDCommon's as one module
#if canImport(IDCommon)
import IDCommon
#endif

/// One deliberate change to a payload.
public struct AAMVAMutation: Sendable, Codable, Equatable {
    public enum Kind: String, Sendable, Codable, CaseIterable {
        /// Every separator turned into CR LF (keyboard-wedge scanners).
        case separatorsToCRLF
        /// Every separator removed.
        case separatorsRemoved
        /// Every separator turned into a space.
        case separatorsToSpaces
        /// Junk, whitespace or a byte-order mark before `@`.
        case leadingJunk
        /// C1 control characters sprinkled through the data.
        case c1Noise
        /// The subfile offsets set to `0000`.
        case offsetsZeroed
        /// FS (0x1C) instead of RS.
        case fsForRS
        /// The end of the payload cut off.
        case truncated
        /// Random bytes changed.
        case byteFlips
    }
    public let kind: Kind
    public let detail: String
}

/// Damages payloads the way capture paths and damaged symbols do, reporting what it did.
public struct AAMVAMutator: Sendable {
    private var rng: SeededRandom
    /// Probability that each kind of damage is applied to a payload.
    public let rate: Double

    public init(seed: UInt64, rate: Double) { rng = SeededRandom(seed: seed); self.rate = max(0, min(1, rate)) }

    /// Applies each kind of damage with probability `rate`, in a fixed order.
    public mutating func mutate(_ payload: [UInt8]) -> (payload: [UInt8], mutations: [AAMVAMutation]) {
        var p = payload
        var done: [AAMVAMutation] = []
        var separatorsTouched = false
        for kind in AAMVAMutation.Kind.allCases {
            guard Double(rng.next() % 1_000_000) / 1_000_000 < rate else { continue }
            // one separator rewrite at most: they would undo each other
            let rewritesSeparators = kind == .separatorsToCRLF || kind == .separatorsRemoved || kind == .separatorsToSpaces
            if rewritesSeparators && separatorsTouched { continue }
            separatorsTouched = separatorsTouched || rewritesSeparators
            let (q, mutation) = apply(kind, to: p)
            p = q
            if let mutation { done.append(mutation) }
        }
        return (p, done)
    }

    /// Applies one kind of damage; `nil` when it does not apply to this payload.
    public mutating func apply(_ kind: AAMVAMutation.Kind, to payload: [UInt8]) -> ([UInt8], AAMVAMutation?) {
        var p = payload
        let headerEnd = min(p.count, 4)
        let separators: Set<UInt8> = [0x0A, 0x0D, 0x1E]
        switch kind {
        case .separatorsToCRLF:
            p = Array(p[..<headerEnd]) + p[headerEnd...].flatMap { separators.contains($0) ? [0x0D, 0x0A] : [$0] }
            return (p, .init(kind: kind, detail: "LF, CR and RS in the data became CR LF"))
        case .separatorsRemoved:
            p = Array(p[..<headerEnd]) + p[headerEnd...].filter { !separators.contains($0) }
            return (p, .init(kind: kind, detail: "separators in the data removed"))
        case .separatorsToSpaces:
            p = Array(p[..<headerEnd]) + p[headerEnd...].map { separators.contains($0) ? 0x20 : $0 }
            return (p, .init(kind: kind, detail: "separators in the data became spaces"))
        case .leadingJunk:
            let junk: [[UInt8]] = [[0xEF, 0xBB, 0xBF], Array("  \n".utf8), [UInt8(ascii: "6")]]
            let j = junk[Int(rng.next() % 3)]
            return (j + p, .init(kind: kind, detail: "\(j.count) bytes before '@'"))
        case .c1Noise:
            var out: [UInt8] = []
            for b in p { out.append(b); if b == 0x0A { out.append(0x80 + UInt8(rng.next() % 32)) } }
            return (out, .init(kind: kind, detail: "a C1 control character after every LF"))
        case .offsetsZeroed:
            guard let at = firstDesignator(p) else { return (p, nil) }
            for i in at..<at + 4 { p[i] = UInt8(ascii: "0") }
            return (p, .init(kind: kind, detail: "first subfile offset set to 0000"))
        case .fsForRS:
            guard let rs = p.prefix(8).firstIndex(of: 0x1E) else { return (p, nil) }
            p[rs] = 0x1C
            return (p, .init(kind: kind, detail: "RS in the header became FS"))
        case .truncated:
            guard p.count > 40 else { return (p, nil) }
            let keep = 30 + Int(rng.next() % UInt64(p.count - 30))
            return (Array(p[..<keep]), .init(kind: kind, detail: "cut to \(keep) bytes"))
        case .byteFlips:
            guard !p.isEmpty else { return (p, nil) }
            let n = 1 + Int(rng.next() % 5)
            for _ in 0..<n { p[Int(rng.next() % UInt64(p.count))] = UInt8(truncatingIfNeeded: rng.next()) }
            return (p, .init(kind: kind, detail: "\(n) random bytes changed"))
        }
    }

    /// Index of the first designator's offset digits.
    private func firstDesignator(_ p: [UInt8]) -> Int? {
        guard let scan = PayloadScanner(bytes: PayloadScanner.clean(p)).findHeader(), !scan.header.designators.isEmpty else { return nil }
        // the directory is the 10·n bytes before dataStart; offsets follow the two-letter type
        let start = scan.dataStart - 10 * scan.header.designators.count + 2
        return start >= 0 && start + 4 <= p.count && p == PayloadScanner.clean(p) ? start : nil
    }
}
