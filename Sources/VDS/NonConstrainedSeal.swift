/// Why a VDS-NC text could not be read.
public enum NonConstrainedSealError: Error, Sendable, Equatable, CustomStringConvertible {
    case notJSON
    /// A required member is missing or has the wrong type (`data.hdr.t`, `sig.sigvl`, …).
    case missingMember(String)
    /// A base64url member does not decode (`sig.cer`, `sig.sigvl`).
    case invalidBase64(String)
    case notACertificate

    public var description: String {
        switch self {
        case .notJSON: return "The text is not one JSON object, so it is no VDS-NC seal."
        case .missingMember(let path): return "The VDS-NC seal has no valid \"\(path)\" member; it is incomplete or damaged."
        case .invalidBase64(let path): return "The VDS-NC member \"\(path)\" is not base64url; the seal is damaged."
        case .notACertificate: return "The VDS-NC member \"sig.cer\" is not an X.509 certificate; the seal is damaged."
        }
    }
}

/// A visible digital seal for non-electronic documents (ICAO TR "VDS-NC"): signed JSON in a
/// QR code, `{"data": {"hdr": …, "msg": …}, "sig": {"alg", "cer", "sigvl"}}`.
public struct NonConstrainedSeal: Sendable, Equatable {
    /// `data.hdr.t`: the seal type (`icao.test`, `icao.vacc`).
    public var type: String
    /// `data.hdr.v`: the version.
    public var version: Int
    /// `data.hdr.is`: the issuing state.
    public var issuingCountry: String
    /// `data.msg`: the message as it is.
    public var message: JSONValue
    /// `sig.alg`: `ES256`, `ES384` or `ES512`.
    public var algorithm: String
    /// `sig.cer`: the signer's DER certificate.
    public var certificate: [UInt8]
    /// `sig.sigvl`: r ‖ s.
    public var signature: [UInt8]
    /// The RFC 8785 canonical JSON of `data`: the bytes the signature covers.
    public var signedBytes: [UInt8]

    /// Reads a VDS-NC seal from the QR code's text.
    public static func parse(_ text: String) throws(NonConstrainedSealError) -> NonConstrainedSeal {
        guard let root = JSONReader.read(Array(text.utf8)), case .object = root else { throw .notJSON }
        guard let data = root["data"], case .object = data else { throw .missingMember("data") }
        guard let header = data["hdr"], case .object = header else { throw .missingMember("data.hdr") }
        guard let type = header["t"]?.string else { throw .missingMember("data.hdr.t") }
        guard case .number(let version)? = header["v"], version == version.rounded(), abs(version) < 1e9 else {
            throw .missingMember("data.hdr.v")
        }
        guard let country = header["is"]?.string else { throw .missingMember("data.hdr.is") }
        guard let message = data["msg"] else { throw .missingMember("data.msg") }
        guard let signature = root["sig"], case .object = signature else { throw .missingMember("sig") }
        guard let algorithm = signature["alg"]?.string else { throw .missingMember("sig.alg") }
        guard let certificateText = signature["cer"]?.string else { throw .missingMember("sig.cer") }
        guard let signatureText = signature["sigvl"]?.string else { throw .missingMember("sig.sigvl") }
        guard let certificate = Base64.decode(certificateText) else { throw .invalidBase64("sig.cer") }
        guard let value = Base64.decode(signatureText) else { throw .invalidBase64("sig.sigvl") }
        return NonConstrainedSeal(
            type: type, version: Int(version), issuingCountry: country, message: message, algorithm: algorithm, certificate: certificate,
            signature: value, signedBytes: CanonicalJSON.bytes(data))
    }

    /// The embedded signer certificate.
    public func signerCertificate() throws(NonConstrainedSealError) -> SealCertificate {
        guard let certificate = try? SealCertificate.certificates(in: certificate).first else { throw .notACertificate }
        return certificate
    }
}

extension NonConstrainedSeal: Codable {
    private enum Keys: String, CodingKey { case type, version, issuingCountry, message, algorithm, certificate, signature, signedBytes }

    /// JSON: the certificate, signature and signed bytes (the canonical `data`) as base64.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        try c.encode(type, forKey: .type)
        try c.encode(version, forKey: .version)
        try c.encode(issuingCountry, forKey: .issuingCountry)
        try c.encode(message, forKey: .message)
        try c.encode(algorithm, forKey: .algorithm)
        try c.encode(Base64.encode(certificate), forKey: .certificate)
        try c.encode(Base64.encode(signature), forKey: .signature)
        try c.encode(Base64.encode(signedBytes), forKey: .signedBytes)
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Keys.self)
        type = try c.decode(String.self, forKey: .type)
        version = try c.decode(Int.self, forKey: .version)
        issuingCountry = try c.decode(String.self, forKey: .issuingCountry)
        message = try c.decode(JSONValue.self, forKey: .message)
        algorithm = try c.decode(String.self, forKey: .algorithm)
        func bytes(_ key: Keys) throws -> [UInt8] {
            guard let bytes = Base64.decode(try c.decode(String.self, forKey: key)) else {
                throw DecodingError.dataCorruptedError(forKey: key, in: c, debugDescription: "not base64")
            }
            return bytes
        }
        certificate = try bytes(.certificate)
        signature = try bytes(.signature)
        signedBytes = try bytes(.signedBytes)
    }
}
