import COpenSSL

// the fuzz harness compiles this module's sources with IDCommon's as one module
#if canImport(IDCommon)
import IDCommon
#endif

/// Why a test signing key could not be made or used (OpenSSL refused a step).
public struct TestSignerError: Error, Sendable, Equatable, CustomStringConvertible {
    public let step: String
    public var description: String { "OpenSSL could not \(step); check that libcrypto supports the curve." }
}

/// The curves a `TestSigner` can use: those ICAO 9303-13 seals are signed with.
public enum TestCurve: String, Sendable, CaseIterable {
    case brainpoolP224r1, brainpoolP256r1, brainpoolP320r1, brainpoolP384r1, brainpoolP512r1
    case prime256v1, secp384r1, secp521r1

    var nid: Int32 {
        switch self {
        case .brainpoolP224r1: return NID_brainpoolP224r1
        case .brainpoolP256r1: return NID_brainpoolP256r1
        case .brainpoolP320r1: return NID_brainpoolP320r1
        case .brainpoolP384r1: return NID_brainpoolP384r1
        case .brainpoolP512r1: return NID_brainpoolP512r1
        case .prime256v1: return NID_X9_62_prime256v1
        case .secp384r1: return NID_secp384r1
        case .secp521r1: return NID_secp521r1
        }
    }

    /// The size of a coordinate, of r and of s, in bytes.
    public var byteCount: Int {
        switch self {
        case .brainpoolP224r1: return 28
        case .brainpoolP256r1, .prime256v1: return 32
        case .brainpoolP320r1: return 40
        case .brainpoolP384r1, .secp384r1: return 48
        case .brainpoolP512r1: return 64
        case .secp521r1: return 66
        }
    }
}

/// An EC key (brainpoolP256r1 unless asked otherwise) and its self-signed certificate, made from a seed, that signs
/// generated seals. For tests and fuzzing only: the key is derived from the seed, so anyone
/// can make it again. The key and certificate are the same for a seed; the signatures are
/// not (OpenSSL 3.0 draws ECDSA's nonce at random).
public struct TestSigner: Sendable {
    /// The signer identifier (country + CN) and certificate reference (the serial in hex)
    /// seals signed by this key carry.
    public static let signerIdentifier = "UTZZ"
    public static let certificateReference = "5EED"

    private let key: OpenSSLHandle
    public let curve: TestCurve
    /// The self-signed certificate, DER (its own signature differs from run to run).
    public let certificateDER: [UInt8]
    /// The public key, DER SubjectPublicKeyInfo: the same for the same seed.
    public let publicKeyDER: [UInt8]

    public init(seed: UInt64, curve: TestCurve = .brainpoolP256r1) throws(TestSignerError) {
        OpenSSL.clearErrors()
        defer { OpenSSL.clearErrors() }
        var random = SeededRandom(seed: seed ^ 0x5EA1_5EA1)
        let secret = (0..<curve.byteCount).map { _ in UInt8.random(in: 0...255, using: &random) }
        self.curve = curve
        key = try Self.makeKey(secret: secret, curve: curve)
        certificateDER = try Self.makeCertificate(key: key)
        let keyPointer = key.pointer
        let size = i2d_PUBKEY(keyPointer, nil)
        var der = [UInt8](repeating: 0, count: max(0, Int(size)))
        let written = der.withUnsafeMutableBufferPointer { buffer -> Int32 in
            var cursor = buffer.baseAddress
            return i2d_PUBKEY(keyPointer, &cursor)
        }
        guard size > 0, written == size else { throw TestSignerError(step: "write the public key") }
        publicKeyDER = der
    }

    /// The certificate as PEM text.
    public var certificatePEM: String {
        var lines: [String] = ["-----BEGIN CERTIFICATE-----"]
        var text = Substring(Base64.encode(certificateDER))
        while !text.isEmpty {
            lines.append(String(text.prefix(64)))
            text = text.dropFirst(64)
        }
        return (lines + ["-----END CERTIFICATE-----"]).joined(separator: "\n") + "\n"
    }

    /// The raw r ‖ s ECDSA signature of `data`, hashed as the verifier hashes for the curve.
    public func sign(_ data: [UInt8]) throws(TestSignerError) -> [UInt8] {
        guard let context = OpenSSLHandle(EVP_MD_CTX_new(), free: EVP_MD_CTX_free),
            EVP_DigestSignInit(context.pointer, nil, OpenSSL.digest(bits: curve.byteCount * 8), nil, key.pointer) == 1
        else { throw TestSignerError(step: "start a signature") }
        var length = 0
        guard EVP_DigestSign(context.pointer, nil, &length, data, data.count) == 1 else { throw TestSignerError(step: "size a signature") }
        var der = [UInt8](repeating: 0, count: length)
        guard EVP_DigestSign(context.pointer, &der, &length, data, data.count) == 1 else { throw TestSignerError(step: "sign") }
        let parsed = der.withUnsafeBufferPointer { buffer -> OpaquePointer? in
            var cursor = buffer.baseAddress
            return d2i_ECDSA_SIG(nil, &cursor, length)
        }
        guard let signature = OpenSSLHandle(parsed, free: ECDSA_SIG_free) else { throw TestSignerError(step: "read its signature") }
        let half = Int32(curve.byteCount)
        var raw = [UInt8](repeating: 0, count: 2 * curve.byteCount)
        guard BN_bn2binpad(ECDSA_SIG_get0_r(signature.pointer), &raw, half) == half,
            raw.withUnsafeMutableBufferPointer({ BN_bn2binpad(ECDSA_SIG_get0_s(signature.pointer), $0.baseAddress! + Int(half), half) }) == half
        else { throw TestSignerError(step: "write r and s") }
        return raw
    }

    private static func makeKey(secret: [UInt8], curve: TestCurve) throws(TestSignerError) -> OpenSSLHandle {
        guard let group = OpenSSLHandle(EC_GROUP_new_by_curve_name(curve.nid), free: EC_GROUP_free),
            let order = EC_GROUP_get0_order(group.pointer),
            let scalar = OpenSSLHandle(BN_bin2bn(secret, Int32(secret.count), nil), free: BN_free),
            let context = OpenSSLHandle(BN_CTX_new(), free: BN_CTX_free),
            BN_nnmod(scalar.pointer, scalar.pointer, order, context.pointer) == 1, BN_is_zero(scalar.pointer) == 0,
            let point = OpenSSLHandle(EC_POINT_new(group.pointer), free: EC_POINT_free),
            EC_POINT_mul(group.pointer, point.pointer, scalar.pointer, nil, nil, context.pointer) == 1
        else { throw TestSignerError(step: "derive a key from the seed") }
        let pointSize = 1 + 2 * curve.byteCount
        var publicKey = [UInt8](repeating: 0, count: pointSize)
        guard EC_POINT_point2oct(group.pointer, point.pointer, POINT_CONVERSION_UNCOMPRESSED, &publicKey, pointSize, context.pointer) == pointSize else {
            throw TestSignerError(step: "write the public key")
        }
        // OSSL_PARAM_BLD and OSSL_PARAM keep the names and values by reference, so every C
        // string and buffer stays alive until EVP_PKEY_fromdata has run
        let key = OSSL_PKEY_PARAM_GROUP_NAME.withCString { groupKey in
            OSSL_PKEY_PARAM_PRIV_KEY.withCString { privateKey in
                OSSL_PKEY_PARAM_PUB_KEY.withCString { publicKeyName in
                    curve.rawValue.withCString { curveName in
                        publicKey.withUnsafeBufferPointer { pub -> OpenSSLHandle? in
                            guard let builder = OpenSSLHandle(OSSL_PARAM_BLD_new(), free: OSSL_PARAM_BLD_free),
                                OSSL_PARAM_BLD_push_utf8_string(builder.pointer, groupKey, curveName, 0) == 1,
                                OSSL_PARAM_BLD_push_BN(builder.pointer, privateKey, scalar.pointer) == 1,
                                OSSL_PARAM_BLD_push_octet_string(builder.pointer, publicKeyName, pub.baseAddress, pub.count) == 1,
                                let parameters = OSSL_PARAM_BLD_to_param(builder.pointer)
                            else { return nil }
                            defer { OSSL_PARAM_free(parameters) }
                            var key: OpaquePointer?
                            guard let keyContext = OpenSSLHandle(EVP_PKEY_CTX_new_from_name(nil, "EC", nil), free: EVP_PKEY_CTX_free),
                                EVP_PKEY_fromdata_init(keyContext.pointer) == 1,
                                EVP_PKEY_fromdata(keyContext.pointer, &key, idreader_evp_pkey_keypair(), parameters) == 1
                            else { return nil }
                            return OpenSSLHandle(key, free: EVP_PKEY_free)
                        }
                    }
                }
            }
        }
        guard let key else { throw TestSignerError(step: "make the key") }
        return key
    }

    /// A self-signed certificate `C=UT, CN=ZZ`, serial 0x5EED, valid 2020–2040.
    private static func makeCertificate(key: OpenSSLHandle) throws(TestSignerError) -> [UInt8] {
        guard let x509 = OpenSSLHandle(X509_new(), free: X509_free), X509_set_version(x509.pointer, 2) == 1,
            ASN1_INTEGER_set(X509_get_serialNumber(x509.pointer), 0x5EED) == 1,
            ASN1_TIME_set_string(X509_getm_notBefore(x509.pointer), "20200101000000Z") == 1,
            ASN1_TIME_set_string(X509_getm_notAfter(x509.pointer), "20400101000000Z") == 1,
            let name = X509_get_subject_name(x509.pointer),
            X509_NAME_add_entry_by_txt(name, "C", MBSTRING_ASC, "UT", -1, -1, 0) == 1,
            X509_NAME_add_entry_by_txt(name, "O", MBSTRING_ASC, "idreader test signer", -1, -1, 0) == 1,
            X509_NAME_add_entry_by_txt(name, "CN", MBSTRING_ASC, "ZZ", -1, -1, 0) == 1,
            X509_set_issuer_name(x509.pointer, name) == 1, X509_set_pubkey(x509.pointer, key.pointer) == 1,
            X509_sign(x509.pointer, key.pointer, EVP_sha256()) > 0
        else { throw TestSignerError(step: "make the test certificate") }
        let size = i2d_X509(x509.pointer, nil)
        guard size > 0 else { throw TestSignerError(step: "write the test certificate") }
        var der = [UInt8](repeating: 0, count: Int(size))
        let written = der.withUnsafeMutableBufferPointer { buffer -> Int32 in
            var cursor = buffer.baseAddress
            return i2d_X509(x509.pointer, &cursor)
        }
        guard written == size else { throw TestSignerError(step: "write the test certificate") }
        return der
    }
}
