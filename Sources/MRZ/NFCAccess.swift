import COpenSSL

/// The keys a reader needs to open a passport chip with Basic Access Control
/// (ICAO 9303 part 11, section 4.3 and appendix D).
public struct NFCAccess: Sendable, Codable, Equatable {
    /// Document number (with check digit), birth date (with check digit) and expiry
    /// date (with check digit), as printed in the MRZ.
    public let mrzInformation: String
    /// First 16 bytes of SHA-1(MRZ information), hex.
    public let kSeed: String
    /// 3DES encryption key derived from K_seed with counter 1, parity-adjusted, hex.
    public let kEnc: String
    /// MAC key derived from K_seed with counter 2, parity-adjusted, hex.
    public let kMac: String

    /// Derives the keys from an MRZ's document number, birth and expiry fields.
    /// `nil` when the MRZ has no expiry date (e.g. the French identity card layout).
    public init?(_ mrz: MRZResult) {
        guard let number = mrz.rawFields[.documentNumber], let birth = mrz.birthDate?.raw,
            let expiry = mrz.expiryDate?.raw
        else { return nil }
        // A long TD1 number is used whole; a short one keeps its fillers to 9 characters.
        let printedNumber = mrz.documentNumber.count > number.count ? mrz.documentNumber : number
        self.init(documentNumber: printedNumber, birthDate: birth, expiryDate: expiry)
    }

    /// Derives the keys from the three fields as printed (`<` fillers included).
    public init(documentNumber: String, birthDate: String, expiryDate: String) {
        func withCheck(_ s: String) -> String { s + String(CheckDigit.compute(s) ?? 0) }
        var number = documentNumber
        if number.count < 9 { number += String(repeating: "<", count: 9 - number.count) }
        mrzInformation = withCheck(number) + withCheck(birthDate) + withCheck(expiryDate)
        let seed = Array(Self.sha1(Array(mrzInformation.utf8)).prefix(16))
        kSeed = Self.hex(seed)
        kEnc = Self.hex(Self.deriveKey(seed, counter: 1))
        kMac = Self.hex(Self.deriveKey(seed, counter: 2))
    }

    /// Part 11, 9.7.1: SHA-1(seed || counter as 4 bytes), first 16 bytes, DES parity.
    static func deriveKey(_ seed: [UInt8], counter: UInt8) -> [UInt8] {
        let digest = sha1(seed + [0, 0, 0, counter])
        return digest.prefix(16).map { byte in
            // Odd parity: the low bit makes the number of set bits odd.
            let high = byte & 0xFE
            return high.nonzeroBitCount % 2 == 0 ? high | 1 : high
        }
    }

    /// SHA-1, which part 11 prescribes for Basic Access Control, computed by OpenSSL.
    static func sha1(_ bytes: [UInt8]) -> [UInt8] {
        var digest = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        let done = bytes.withUnsafeBufferPointer { input in
            EVP_Digest(input.baseAddress, input.count, &digest, &length, EVP_sha1(), nil)
        }
        // A digest of bytes in memory has no failure of its own to report.
        precondition(done == 1 && length == 20, "OpenSSL could not compute a SHA-1 digest")
        return Array(digest.prefix(20))
    }

    static func hex(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789ABCDEF")
        return String(bytes.flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 15)]] })
    }
}
