// the fuzz harness compiles this module's sources with IDCommon's as one module
#if canImport(IDCommon)
import IDCommon
#endif

/// One byte a mutation changed in a generated seal.
public struct SealMutation: Sendable, Equatable, Codable {
    public var offset: Int
    public var from: UInt8
    public var to: UInt8
}

/// A generated seal: its bytes, the features it was built from, and the damage done to it.
public struct GeneratedSeal: Sendable, Equatable, Codable {
    public var documentType: String
    /// The seal's bytes in hex (after mutation).
    public var hex: String
    /// The features as `VisibleDigitalSeal.parse` gives them for the undamaged seal.
    public var features: [SealFeature]
    public var mutations: [SealMutation]
}

/// Makes version-4 seals of the profiles in `SealProfile.all`, filled with random values and
/// signed by a `TestSigner`, for users who fuzz their own seal parsers. The same seed gives
/// the same seals apart from the signature bytes (see `TestSigner`).
public struct SealGenerator {
    private var random: SeededRandom
    private let signer: TestSigner

    public init(seed: UInt64, signer: TestSigner) {
        random = SeededRandom(seed: seed)
        self.signer = signer
    }

    /// The document types `next(documentType:)` takes.
    public static var documentTypes: [String] { SealProfile.all.map(\.documentType) }

    /// A seal of `documentType` (a random profile when nil), damaged at `mutationRate` per byte.
    public mutating func next(documentType: String? = nil, mutationRate: Double = 0) throws(TestSignerError) -> GeneratedSeal {
        let profile = SealProfile.all.first { $0.documentType == documentType } ?? SealProfile.all.randomElement(using: &random)!
        var bytes: [UInt8] = [0xDC, 0x03] + C40.encode("UTO") + C40.encode(TestSigner.signerIdentifier + "04")
        bytes += C40.encode(TestSigner.certificateReference)
        bytes += date().sealBytes + date().sealBytes + [profile.featureDefinitionReference, profile.documentTypeCategory]
        var features: [SealFeature] = []
        for definition in profile.features {
            let (value, stored) = self.value(definition.coding)
            bytes += [definition.tag] + Self.derLength(stored.count) + stored
            features.append(SealFeature(tag: definition.tag, name: definition.name, length: stored.count, value: value))
        }
        let signature = try signer.sign(bytes)
        bytes += [0xFF] + Self.derLength(signature.count) + signature
        var mutations: [SealMutation] = []
        if mutationRate > 0 {
            for offset in bytes.indices where Double.random(in: 0..<1, using: &random) < mutationRate {
                let changed = bytes[offset] ^ UInt8.random(in: 1...255, using: &random)
                mutations.append(SealMutation(offset: offset, from: bytes[offset], to: changed))
                bytes[offset] = changed
            }
        }
        return GeneratedSeal(documentType: profile.documentType, hex: hexString(bytes), features: features, mutations: mutations)
    }

    /// A DER length: short form under 128, else 0x81 / 0x82 and the bytes.
    static func derLength(_ length: Int) -> [UInt8] {
        switch length {
        case ..<0x80: return [UInt8(length)]
        case ..<0x100: return [0x81, UInt8(length)]
        default: return [0x82, UInt8(length >> 8 & 0xFF), UInt8(length & 0xFF)]
        }
    }

    private mutating func date() -> SealDate {
        let month = Int.random(in: 1...12, using: &random)
        return SealDate(year: Int.random(in: 2020...2030, using: &random), month: month, day: Int.random(in: 1...28, using: &random))
    }

    private mutating func characters(_ count: Int, from set: String) -> String {
        let pool = Array(set)
        return String((0..<count).map { _ in pool.randomElement(using: &random)! })
    }

    /// A random value of `coding` and its stored bytes.
    private mutating func value(_ coding: FeatureCoding) -> (SealValue, [UInt8]) {
        let alphanumeric = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
        switch coding {
        case .c40:
            let text = characters(Int.random(in: 6...12, using: &random), from: alphanumeric)
            return (.text(text), C40.encode(text))
        case .utf8:
            let text = characters(Int.random(in: 3...12, using: &random), from: "abcdefghijklmnopqrstuvwxyzäöüßéâ")
            return (.text(text.prefix(1).uppercased() + text.dropFirst()), Array((text.prefix(1).uppercased() + text.dropFirst()).utf8))
        case .mrz(let first, let second):
            let lines = [first, second].map { characters($0, from: alphanumeric + "<<<<<<<<") }
            return (.mrz(lines.joined(separator: "\n")), C40.encode(lines.joined()))
        case .number:
            let number = UInt8.random(in: 0...99, using: &random)
            return (.number(UInt64(number)), [number])
        case .durationOfStay:
            let parts = (0..<3).map { _ in UInt8.random(in: 0...30, using: &random) }
            return (.durationOfStay(DurationOfStay(days: Int(parts[0]), months: Int(parts[1]), years: Int(parts[2]))), parts)
        case .binary(let kind):
            let bytes = (0..<(kind == .uuid ? 16 : Int.random(in: 1...4, using: &random))).map { _ in UInt8.random(in: 0...255, using: &random) }
            return (.binary(kind, bytes, printableText: nil), bytes)
        }
    }
}
