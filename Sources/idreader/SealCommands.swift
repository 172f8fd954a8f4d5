import Foundation
import IDReader
import VDS

/// `idreader vds` and `idreader generate vds`.
extension CLI {
    /// What `idreader vds` prints for one seal.
    struct SealResult: Encodable {
        struct Failure: Error, Encodable {
            /// `fileNotFound`, `emptyInput` (exit 3) or `invalidSeal` (exit 1).
            let code: String
            let message: String
        }

        let input: String
        /// `vds` (ICAO, bytes) or `vds-nc` (JSON); nil when nothing was read.
        var kind: String? = nil
        var seal: VisibleDigitalSeal? = nil
        var nonConstrainedSeal: NonConstrainedSeal? = nil
        var signature: SignatureVerification? = nil
        /// The signature verifies and no given CA certificate rejects its chain.
        var valid = false
        var error: Failure? = nil
    }

    func runSeal(_ options: SealOptions) -> ExitCode {
        let verifier: SealVerifier
        do {
            verifier = try SealVerifier(certificateDirectory: options.certificates, caCertificateDirectory: options.caCertificates)
        } catch {
            console.err("idreader: \(error.description)\n")
            return .unreadableInput
        }
        let name = options.input ?? "-"
        var result = SealResult(input: name)
        switch readSealInput(name) {
        case .failure(let failure):
            result.error = failure
        case .success(let bytes):
            do {
                let seal = try Seal.parse(SealInput.decode(bytes))
                let verification = verifier.verify(seal)
                switch seal {
                case .icao(let icao): (result.kind, result.seal) = ("vds", icao)
                case .nonConstrained(let nc): (result.kind, result.nonConstrainedSeal) = ("vds-nc", nc)
                }
                result.signature = verification
                result.valid = verification.status == .verified && verification.chain != .failed
            } catch {
                result.error = .init(code: "invalidSeal", message: "\(error)")
            }
        }
        switch options.format {
        case .json: console.out(Output.json([result]))
        case .jsonl: console.out(Output.jsonLine(result))
        case .text: console.out(Self.sealText(result))
        }
        if let error = result.error { return error.code == "invalidSeal" ? .failure : .unreadableInput }
        return result.valid ? .success : .failure
    }

    private func readSealInput(_ name: String) -> Result<[UInt8], SealResult.Failure> {
        if name == "-" {
            guard let data = console.readStandardInput(limit: Self.stdinLimit), !data.isEmpty else {
                return .failure(.init(code: "emptyInput", message: "Standard input is empty; pipe the seal's bytes in or give a FILE."))
            }
            return .success([UInt8](data))
        }
        guard let data = FileManager.default.contents(atPath: name) else {
            return .failure(.init(code: "fileNotFound", message: "The file '\(name)' does not exist or cannot be read; check the path."))
        }
        guard data.count <= Self.stdinLimit else {
            return .failure(.init(code: "invalidSeal", message: "The file '\(name)' is larger than 16 MB, far more than any seal; give the seal's bytes."))
        }
        return .success([UInt8](data))
    }

    static func sealText(_ result: SealResult) -> String {
        var s = "\(result.input)\n"
        if let error = result.error { s += "  error (\(error.code)): \(error.message)\n" }
        if let seal = result.seal {
            let h = seal.header
            s += "  seal: \(seal.documentType) from \(h.issuingCountry), signer \(h.signerIdentifier) reference \(h.certificateReference)\n"
            for feature in seal.features {
                let value: String
                switch feature.value {
                case .text(let text), .mrz(let text): value = text.replacingOccurrences(of: "\n", with: " / ")
                case .number(let n): value = String(n)
                case .date(let d): value = d.description
                case .durationOfStay(let d): value = "\(d.days) days, \(d.months) months, \(d.years) years"
                case .binary(let kind, let bytes, let text): value = text ?? "\(bytes.count) bytes (\(kind.rawValue))"
                }
                s += "    \((feature.name ?? "tag \(feature.tag)").padding(toLength: 24, withPad: " ", startingAt: 0)) \(value)\n"
            }
            for warning in seal.warnings { s += "    warning                  \(warning)\n" }
        }
        if let seal = result.nonConstrainedSeal { s += "  VDS-NC seal: \(seal.type) from \(seal.issuingCountry)\n" }
        if let signature = result.signature {
            s += "  signature: \(signature.status.rawValue), chain \(signature.chain.rawValue)"
            s += signature.certificate.map { " (\($0.subject), serial \($0.serialNumber))" } ?? ""
            s += "\n"
            if let note = signature.note { s += "    \(note)\n" }
        }
        return s
    }

    func generateSeals(_ options: GenerateOptions) -> ExitCode {
        if let profile = options.profile, !SealGenerator.documentTypes.contains(profile) {
            console.err("idreader: --profile takes one of \(SealGenerator.documentTypes.joined(separator: ", ")); got '\(profile)'.\n")
            return .usage
        }
        do {
            let signer = try TestSigner(seed: options.seed)
            if let path = options.certificateOut {
                guard FileManager.default.createFile(atPath: path, contents: Data(signer.certificatePEM.utf8)) else {
                    console.err("idreader: cannot write the certificate to '\(path)'; check that its folder exists and is writable.\n")
                    return .unreadableInput
                }
            } else {
                console.err(signer.certificatePEM)
            }
            var generator = SealGenerator(seed: options.seed, signer: signer)
            var chunk = ""
            for _ in 0..<options.count {
                chunk += Output.jsonLine(try generator.next(documentType: options.profile, mutationRate: options.mutate))
                if chunk.utf8.count > 1 << 16 {
                    console.out(chunk)
                    chunk = ""
                }
            }
            console.out(chunk)
            return .success
        } catch {
            console.err("idreader: \(error.description)\n")
            return .failure
        }
    }
}
