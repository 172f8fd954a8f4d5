import COpenSSL

/// Owns one OpenSSL object and frees it when the last Swift reference goes: every C handle
/// this module makes lives in one of these, so no path can leak or double-free it.
final class OpenSSLHandle: @unchecked Sendable {
    // @unchecked: the objects held (certificates, public keys) are only read after
    // creation, which OpenSSL allows from several threads at once.
    let pointer: OpaquePointer
    private let free: (OpaquePointer) -> Void

    /// Nil when `pointer` is nil (the OpenSSL call that made it failed).
    init?(_ pointer: OpaquePointer?, free: @escaping (OpaquePointer) -> Void) {
        guard let pointer else { return nil }
        self.pointer = pointer
        self.free = free
    }

    deinit { free(pointer) }
}

enum OpenSSL {
    /// Clears OpenSSL's thread-local error queue, so one failed call does not show up as the
    /// cause of a later one.
    static func clearErrors() { ERR_clear_error() }

    static func digest(bits: Int) -> OpaquePointer? {
        switch bits {
        case ...224: return EVP_sha224()
        case ...256: return EVP_sha256()
        case ...384: return EVP_sha384()
        default: return EVP_sha512()
        }
    }

    /// The DER `ECDSA-Sig-Value` (SEQUENCE of r, s) of a raw r ‖ s signature, which is what
    /// OpenSSL's verify takes; nil when the halves are empty.
    static func derSignature(raw: [UInt8]) -> [UInt8]? {
        let half = raw.count / 2
        guard half > 0, raw.count % 2 == 0 else { return nil }
        guard let signature = OpenSSLHandle(ECDSA_SIG_new(), free: ECDSA_SIG_free) else { return nil }
        let r = raw[..<half].withUnsafeBufferPointer { BN_bin2bn($0.baseAddress, Int32(half), nil) }
        let s = raw[half...].withUnsafeBufferPointer { BN_bin2bn($0.baseAddress, Int32(half), nil) }
        guard let r, let s else {
            BN_free(r)
            BN_free(s)
            return nil
        }
        ECDSA_SIG_set0(signature.pointer, r, s)  // the signature owns r and s from here
        let size = i2d_ECDSA_SIG(signature.pointer, nil)
        guard size > 0 else { return nil }
        var der = [UInt8](repeating: 0, count: Int(size))
        let written = der.withUnsafeMutableBufferPointer { buffer -> Int32 in
            var cursor = buffer.baseAddress
            return i2d_ECDSA_SIG(signature.pointer, &cursor)
        }
        return written == size ? der : nil
    }

    /// Whether `signature` (raw r ‖ s) is `key`'s ECDSA signature of `data`, hashed by the
    /// key's curve size (ICAO 9303-13 §2.5; 224 → SHA-224, 256 → SHA-256, 320 and 384 →
    /// SHA-384, 512 and 521 → SHA-512), or by `digestBits` where the seal names its hash (VDS-NC).
    static func verifyECDSA(key: OpaquePointer, data: ArraySlice<UInt8>, rawSignature: [UInt8], digestBits: Int? = nil) -> Bool {
        clearErrors()
        defer { clearErrors() }
        let bits = Int(EVP_PKEY_get_bits(key))
        guard EVP_PKEY_get_base_id(key) == EVP_PKEY_EC, rawSignature.count == 2 * ((bits + 7) / 8),
            let der = derSignature(raw: rawSignature),
            let context = OpenSSLHandle(EVP_MD_CTX_new(), free: EVP_MD_CTX_free),
            EVP_DigestVerifyInit(context.pointer, nil, digest(bits: digestBits ?? bits), nil, key) == 1
        else { return false }
        let result = data.withUnsafeBufferPointer { message in
            der.withUnsafeBufferPointer { EVP_DigestVerify(context.pointer, $0.baseAddress, $0.count, message.baseAddress, message.count) }
        }
        return result == 1
    }
}
