import COpenSSL
import Foundation

/// Why certificates could not be loaded.
public enum CertificateError: Error, Sendable, Equatable, CustomStringConvertible {
    case notADirectory(String)
    case unreadableFile(String)
    /// A `.der`, `.cer`, `.crt` or `.pem` file that holds no X.509 certificate.
    case notACertificate(String)

    public var description: String {
        switch self {
        case .notADirectory(let path): return "\(path) is not a directory of certificates; give a directory of .der, .cer, .crt or .pem files."
        case .unreadableFile(let path): return "The certificate file \(path) cannot be read; check that it exists and is readable."
        case .notACertificate(let path): return "\(path) is not an X.509 certificate in DER or PEM form; remove it or replace it with the certificate."
        }
    }
}

/// An X.509 certificate that can sign seals (a document signer), or a CA certificate for
/// the chain check, with the fields the verifier matches and reports.
public struct SealCertificate: Sendable {
    /// The subject as `C=DE, O=…, CN=TS`.
    public let subject: String
    public let issuer: String
    /// The serial number in hex, upper case, without leading zeros.
    public let serialNumber: String
    /// The validity period, ISO 8601 UTC (`2020-01-10T07:44:00Z`).
    public let notBefore: String
    public let notAfter: String
    /// The subject's country (C) and common name (CN), which name a seal signer (`DE` + `TS`).
    public let country: String?
    public let commonName: String?
    /// SHA-1 of the DER certificate, hex upper case (TR-03171 references a certificate by it).
    public let sha1: String
    /// The file it was loaded from, if any.
    public let file: String?
    /// Whether the basic constraints make it a CA certificate: ICAO 9303-12's seal signers
    /// are end-entity certificates, so a seal signer is looked for among the others first.
    public let isCertificateAuthority: Bool
    let x509: OpenSSLHandle
    /// The public key, taken out of the certificate once (nil when it holds none).
    let publicKey: OpenSSLHandle?
    /// The bytes of each half (r, s) of an ECDSA signature by this certificate's key: its
    /// curve's size rounded up to whole bytes; nil without a key.
    let signatureHalfBytes: Int?

    /// The certificates in `data`: DER (one) or PEM (one or more).
    /// - Throws: `CertificateError.notACertificate` when it holds none.
    public static func certificates(in data: [UInt8], file: String? = nil) throws(CertificateError) -> [SealCertificate] {
        let name = file ?? "the data"
        let certificates = isPEM(data) ? readPEM(data) : readDER(data).map { [$0] } ?? []
        guard !certificates.isEmpty else { throw .notACertificate(name) }
        return certificates.compactMap { SealCertificate(x509: $0, file: file) }
    }

    /// The certificates of every `.der`, `.cer`, `.crt` and `.pem` file in `directory` (other
    /// files, such as a README, are left alone).
    public static func load(directory: String) throws(CertificateError) -> [SealCertificate] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue,
            let names = try? FileManager.default.contentsOfDirectory(atPath: directory)
        else { throw .notADirectory(directory) }
        var loaded: [SealCertificate] = []
        for name in names.sorted() where ["der", "cer", "crt", "pem"].contains((name as NSString).pathExtension.lowercased()) {
            let path = (directory as NSString).appendingPathComponent(name)
            guard let data = FileManager.default.contents(atPath: path) else { throw .unreadableFile(path) }
            loaded += try certificates(in: [UInt8](data), file: path)
        }
        return loaded
    }

    private static func isPEM(_ data: [UInt8]) -> Bool {
        String(decoding: data.prefix(4096), as: UTF8.self).contains("-----BEGIN")
    }

    private static func readDER(_ data: [UInt8]) -> OpenSSLHandle? {
        OpenSSL.clearErrors()
        defer { OpenSSL.clearErrors() }
        let x509 = data.withUnsafeBufferPointer { buffer -> OpaquePointer? in
            var cursor = buffer.baseAddress
            return d2i_X509(nil, &cursor, buffer.count)
        }
        return OpenSSLHandle(x509, free: X509_free)
    }

    private static func readPEM(_ data: [UInt8]) -> [OpenSSLHandle] {
        OpenSSL.clearErrors()
        defer { OpenSSL.clearErrors() }
        return data.withUnsafeBufferPointer { buffer -> [OpenSSLHandle] in
            guard let bio = OpenSSLHandle(BIO_new_mem_buf(buffer.baseAddress, Int32(buffer.count)), free: { BIO_free($0) }) else { return [] }
            var certificates: [OpenSSLHandle] = []
            while let x509 = OpenSSLHandle(PEM_read_bio_X509(bio.pointer, nil, nil, nil), free: X509_free) {
                certificates.append(x509)
            }
            return certificates
        }
    }

    init?(x509: OpenSSLHandle, file: String?) {
        let pointer = x509.pointer
        guard let subjectName = X509_get_subject_name(pointer), let issuerName = X509_get_issuer_name(pointer),
            let serial = X509_get0_serialNumber(pointer)
        else { return nil }
        let subjectEntries = Self.entries(subjectName)
        self.subject = subjectEntries.map { "\($0.key)=\($0.value)" }.joined(separator: ", ")
        self.issuer = Self.entries(issuerName).map { "\($0.key)=\($0.value)" }.joined(separator: ", ")
        self.country = subjectEntries.first { $0.key == "C" }?.value
        self.commonName = subjectEntries.first { $0.key == "CN" }?.value
        self.serialNumber = Self.hex(serial)
        self.notBefore = Self.iso(X509_get0_notBefore(pointer))
        self.notAfter = Self.iso(X509_get0_notAfter(pointer))
        var digest = [UInt8](repeating: 0, count: 64)
        var digestLength: UInt32 = 0
        X509_digest(pointer, EVP_sha1(), &digest, &digestLength)
        self.sha1 = hexString(Array(digest.prefix(Int(digestLength)))).uppercased()
        self.file = file
        self.isCertificateAuthority = X509_check_ca(pointer) == 1  // 1: basicConstraints CA:TRUE
        self.x509 = x509
        // X509_get_pubkey takes a reference of its own, which this handle gives back
        self.publicKey = OpenSSLHandle(X509_get_pubkey(pointer), free: EVP_PKEY_free)
        self.signatureHalfBytes = publicKey.map { (Int(EVP_PKEY_get_bits($0.pointer)) + 7) / 8 }
    }

    /// Whether `date` lies in the validity period (by day: a seal's dates have no time).
    public func isValid(on date: SealDate) -> Bool {
        let day = date.description
        return String(notBefore.prefix(10)) <= day && day <= String(notAfter.prefix(10))
    }

    private static func entries(_ name: OpaquePointer) -> [(key: String, value: String)] {
        (0..<X509_NAME_entry_count(name)).compactMap { index in
            guard let entry = X509_NAME_get_entry(name, index), let data = X509_NAME_ENTRY_get_data(entry) else { return nil }
            let key = OBJ_nid2sn(OBJ_obj2nid(X509_NAME_ENTRY_get_object(entry))).map { String(cString: $0) } ?? "?"
            let length = Int(ASN1_STRING_length(data))
            guard let bytes = ASN1_STRING_get0_data(data) else { return nil }
            // the raw string bytes: UTF-8 for UTF8String and PrintableString, the forms
            // certificates use for names
            return (key, String(decoding: UnsafeBufferPointer(start: bytes, count: length), as: UTF8.self))
        }
    }

    private static func hex(_ serial: UnsafePointer<ASN1_INTEGER>) -> String {
        guard let number = OpenSSLHandle(ASN1_INTEGER_to_BN(serial, nil), free: BN_free) else { return "" }
        var bytes = [UInt8](repeating: 0, count: (Int(BN_num_bits(number.pointer)) + 7) / 8)
        BN_bn2bin(number.pointer, &bytes)
        let digits = hexString(bytes).uppercased().drop { $0 == "0" }
        return digits.isEmpty ? "0" : String(digits)
    }

    private static func iso(_ time: UnsafePointer<ASN1_TIME>?) -> String {
        var parts = tm()
        guard let time, ASN1_TIME_to_tm(time, &parts) == 1 else { return "" }
        func pad(_ n: Int32, _ width: Int) -> String {
            let s = String(n)
            return String(repeating: "0", count: max(0, width - s.count)) + s
        }
        return "\(pad(parts.tm_year + 1900, 4))-\(pad(parts.tm_mon + 1, 2))-\(pad(parts.tm_mday, 2))T"
            + "\(pad(parts.tm_hour, 2)):\(pad(parts.tm_min, 2)):\(pad(parts.tm_sec, 2))Z"
    }
}
