import COpenSSL

/// The outcome of checking a seal's signature.
public struct SignatureVerification: Sendable, Equatable, Codable {
    public enum Status: String, Sendable, Codable {
        /// The signature is the chosen certificate's over the seal's signed bytes.
        case verified
        /// The certificate the seal names was given, and the signature is not its.
        case failed
        /// No given certificate is the seal's signer: nothing can be said.
        case unknownSigner
    }

    public enum ChainStatus: String, Sendable, Codable {
        case verified, failed, notChecked
    }

    /// How the certificate was chosen.
    public enum Selection: String, Sendable, Codable {
        /// signer identifier and certificate reference name it
        case reference
        /// no certificate matched the reference; this one's key verified the signature
        case trial
        /// the certificate embedded in a VDS-NC seal
        case embedded
    }

    /// A certificate as the result shows it.
    public struct Certificate: Sendable, Equatable, Codable {
        public var subject: String
        public var issuer: String
        public var serialNumber: String
        public var notBefore: String
        public var notAfter: String
        public var file: String?
        /// Whether the seal's signature creation date lies in the validity; nil without a date.
        public var validAtSigning: Bool?
    }

    public var status: Status
    public var chain: ChainStatus
    public var certificate: Certificate?
    public var selection: Selection?
    /// One sentence on why the status is not `verified`, or how the certificate was found.
    public var note: String?
}

/// Verifies seal signatures against certificates the user trusts.
///
/// The certificate for an ICAO seal is chosen by this rule:
/// 1. the certificates whose subject names the signer (country `C` + common name `CN` is the
///    signer identifier, as `DE` + `TS` = `DETS`, or `CN` is the whole identifier) and
///    whose serial number (hex, leading zeros ignored) or SHA-1 is the certificate
///    reference: their verdict is final (`verified` when one verifies, else `failed`);
/// 2. else the trial (`trialCandidates`): the signer's certificates whose key is on a curve
///    of the signature's size, or every such certificate when none names the signer, the
///    likeliest first; the first whose key verifies the signature gives `verified`
///    (selection `trial`); none gives `unknownSigner`.
/// The signature is ECDSA over the bytes before the signature tag, hashed by the curve size.
/// Every verdict is a verification of that seal's bytes: nothing is remembered between seals.
public struct SealVerifier: Sendable {
    public let certificates: [SealCertificate]
    public let caCertificates: [SealCertificate]

    public init(certificates: [SealCertificate], caCertificates: [SealCertificate] = []) {
        self.certificates = certificates
        self.caCertificates = caCertificates
    }

    /// Loads the signer certificates of `certificateDirectory` and the CA certificates of
    /// `caCertificateDirectory` (DER or PEM files).
    public init(certificateDirectory: String?, caCertificateDirectory: String? = nil) throws(CertificateError) {
        self.init(
            certificates: try certificateDirectory.map { dir throws(CertificateError) in try SealCertificate.load(directory: dir) } ?? [],
            caCertificates: try caCertificateDirectory.map { dir throws(CertificateError) in try SealCertificate.load(directory: dir) } ?? [])
    }

    public func verify(_ seal: VisibleDigitalSeal) -> SignatureVerification {
        let header = seal.header
        let (signer, reference) = (header.signerIdentifier, header.certificateReference)
        let named = certificates.filter { names($0, signer: signer) && references($0, reference) }
        if let first = named.first {
            // two certificates may share signer and serial (a renewed key): either may be it
            if let certificate = named.first(where: { verifies($0, seal) }) {
                return result(.verified, certificate, .reference, date: header.signatureCreationDate, note: nil)
            }
            return result(
                .failed, first, .reference, date: header.signatureCreationDate,
                note: "The signature does not verify with the certificate the seal names; the seal was changed or forged.")
        }
        if let certificate = trialCandidates(for: seal).first(where: { verifies($0, seal) }) {
            return result(
                .verified, certificate, .trial, date: header.signatureCreationDate,
                note: "No certificate is named by signer \(signer) and reference \(reference); this one's key verifies the signature.")
        }
        return SignatureVerification(
            status: .unknownSigner, chain: .notChecked, certificate: nil, selection: nil,
            note: "No given certificate is signer \(signer) with reference \(reference); give its certificate to verify the seal.")
    }

    /// The certificates the trial tries for a seal no certificate is named for, in order.
    ///
    /// Each try costs a verification (some 0.35 ms on brainpoolP256r1), so only keys that
    /// can have made the signature are tried: keys on a curve of the signature's size; of
    /// them the signer's own when any is given (the reference names another of the signer's
    /// certificates: KurzDigital's `DEKD`/`001`), else all (the signer is unknown: TR-03171's
    /// test seals name `DEZV` and a placeholder SHA-1). Likeliest first: an end-entity
    /// certificate (ICAO 9303-12's signers are not CAs) valid on the signature creation date.
    func trialCandidates(for seal: VisibleDigitalSeal) -> [SealCertificate] {
        let fitting = certificates.filter { $0.signatureHalfBytes.map { 2 * $0 == seal.signature.count } ?? false }
        let signers = fitting.filter { names($0, signer: seal.header.signerIdentifier) }
        let date = seal.header.signatureCreationDate
        func evidence(_ certificate: SealCertificate) -> Int {
            (certificate.isCertificateAuthority ? 0 : 2) + (date.map { certificate.isValid(on: $0) } == true ? 1 : 0)
        }
        // sorted by evidence, the directory's order among equals
        return (signers.isEmpty ? fitting : signers).enumerated()
            .sorted { (evidence($1.element), $0.offset) < (evidence($0.element), $1.offset) }
            .map(\.element)
    }

    /// Verifies a VDS-NC seal with the certificate it embeds; the chain check (when CA
    /// certificates are given) says whether that certificate is to be trusted.
    public func verify(_ seal: NonConstrainedSeal) -> SignatureVerification {
        guard let certificate = try? seal.signerCertificate(), let key = certificate.publicKey?.pointer else {
            return SignatureVerification(
                status: .unknownSigner, chain: .notChecked, certificate: nil, selection: nil, note: "The seal's embedded certificate cannot be read.")
        }
        let bits: Int
        switch seal.algorithm {
        case "ES256": bits = 256
        case "ES384": bits = 384
        case "ES512": bits = 512
        default:
            return result(.failed, certificate, .embedded, date: nil, note: "The algorithm \(seal.algorithm) is not ES256, ES384 or ES512.")
        }
        let valid = OpenSSL.verifyECDSA(key: key, data: seal.signedBytes[...], rawSignature: seal.signature, digestBits: bits)
        return result(
            valid ? .verified : .failed, certificate, .embedded, date: nil,
            note: valid ? nil : "The signature does not verify with the embedded certificate; the seal was changed or forged.")
    }

    private func verifies(_ certificate: SealCertificate, _ seal: VisibleDigitalSeal) -> Bool {
        guard let key = certificate.publicKey else { return false }
        return OpenSSL.verifyECDSA(key: key.pointer, data: seal.signedBytes, rawSignature: seal.signature)
    }

    private func names(_ certificate: SealCertificate, signer: String) -> Bool {
        let cn = (certificate.commonName ?? "").uppercased()
        return ((certificate.country ?? "").uppercased() + cn) == signer.uppercased() || cn == signer.uppercased()
    }

    private func references(_ certificate: SealCertificate, _ reference: String) -> Bool {
        let wanted = reference.uppercased()
        let digits = wanted.drop { $0 == "0" }
        return certificate.serialNumber == (digits.isEmpty ? "0" : String(digits)) || certificate.sha1 == wanted
    }

    private func result(
        _ status: SignatureVerification.Status, _ certificate: SealCertificate, _ selection: SignatureVerification.Selection, date: SealDate?,
        note: String?
    ) -> SignatureVerification {
        let shown = SignatureVerification.Certificate(
            subject: certificate.subject, issuer: certificate.issuer, serialNumber: certificate.serialNumber, notBefore: certificate.notBefore,
            notAfter: certificate.notAfter, file: certificate.file, validAtSigning: date.map { certificate.isValid(on: $0) })
        return SignatureVerification(status: status, chain: chainStatus(certificate), certificate: shown, selection: selection, note: note)
    }

    /// Whether `certificate` chains to a given CA certificate. Time is not checked here:
    /// seals outlive their signer certificates, and the validity at signing is reported
    /// beside.
    private func chainStatus(_ certificate: SealCertificate) -> SignatureVerification.ChainStatus {
        guard !caCertificates.isEmpty else { return .notChecked }
        OpenSSL.clearErrors()
        defer { OpenSSL.clearErrors() }
        guard let store = OpenSSLHandle(X509_STORE_new(), free: X509_STORE_free),
            let context = OpenSSLHandle(X509_STORE_CTX_new(), free: X509_STORE_CTX_free)
        else { return .failed }
        for ca in caCertificates { X509_STORE_add_cert(store.pointer, ca.x509.pointer) }
        guard X509_STORE_CTX_init(context.pointer, store.pointer, certificate.x509.pointer, nil) == 1 else { return .failed }
        X509_STORE_CTX_set_flags(context.pointer, UInt(X509_V_FLAG_NO_CHECK_TIME))
        return X509_verify_cert(context.pointer) == 1 ? .verified : .failed
    }
}
