import DocumentModel
import Foundation
import IDReader
import VDS

/// What the workers do with a received request: call the library and shape its answer.
struct Work: Sendable {
    let reader = DocumentReader()
    let options: ServeOptions
    /// The certificates seals are verified with (`--certificates`, `--ca-certificates`).
    let sealVerifier: SealVerifier
    let metrics: Metrics

    /// The answer to a body-carrying request; runs on a worker thread.
    func answer(_ endpoint: Endpoint, _ exchange: Exchange) -> HTTPResponse {
        let uploads = exchange.uploads()
        let single = exchange.bodyKind == .single || uploads.count == 1
        switch endpoint {
        case .read:
            let readOptions = ReadOptions(
                maximumPixels: options.maxPixels, only: DocumentKinds(checkedNames: exchange.only), sealVerifier: sealVerifier,
                locatesOutline: exchange.wantsOutline || exchange.wantsCrops || exchange.wantsPicture)
            let results = eachImage(uploads, exchange) { upload in
                guard exchange.wantsCrops else { return reader.read(imageData: upload.bytes, name: upload.name, options: readOptions) }
                // the crops from the picture the read decoded, not from the bytes decoded again
                let (result, image) = reader.readKeepingPicture(imageData: upload.bytes, name: upload.name, options: readOptions)
                return image.map { result.withCropImages(from: $0) } ?? result
            }
            for result in results {
                for doc in result.documents { metrics.document(kind: doc.kind.rawValue, valid: doc.valid) }
                if let error = result.error { metrics.error(code: error.code.rawValue) }
            }
            if exchange.consensus, !exchange.isAnswered {
                // no frame that is an image at all: the 422 a single such image gets
                if let unreadable = results.first?.error, unreadable.code.isUnreadable,
                    results.allSatisfy({ $0.error?.code.isUnreadable == true })
                {
                    return .error(HTTPError(unreadable))
                }
                // the frames of one scene, voted in the order of their parts
                let consensus = FrameConsensus(reader: reader, options: readOptions)
                for result in results { _ = consensus.add(result) }
                return .json([ConsensusResult(consensus, results: results)])
            }
            if exchange.wantsPicture, let result = results.first, let upload = uploads.first {
                // the first image's annotated picture (ReadResult.annotated(on:)): what was
                // found, what was doubted, or why nothing was
                guard let png = result.annotated(on: upload.bytes, maximumPixels: options.maxPixels) else { return .error(.internalError) }
                return HTTPResponse(status: 200, contentType: "image/png", body: png)
            }
            return shaped(results, single: single, error: \.error)
        case .barcodes:
            let results = eachImage(uploads, exchange) { reader.barcodes(imageData: $0.bytes, name: $0.name, maximumPixels: options.maxPixels) }
            for result in results { if let error = result.error { metrics.error(code: error.code.rawValue) } }
            return shaped(results, single: single, error: \.error)
        case .mrz:
            let text = String(decoding: uploads.first?.bytes ?? [], as: UTF8.self)
            return parsed { () throws(ReadError) in
                guard !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
                    throw ReadError(.emptyInput, "The body is empty; send the MRZ lines as text/plain.")
                }
                return try reader.read(mrzText: text)
            }
        case .aamva:
            let bytes = uploads.first?.bytes ?? []
            return parsed { () throws(ReadError) in
                guard !bytes.isEmpty else { throw ReadError(.emptyInput, "The body is empty; send the raw AAMVA payload.") }
                return try reader.read(aamvaPayload: bytes)
            }
        case .vds:
            // the seal's bytes as they are, or written as hex or base64 (as `idreader vds` takes them)
            let bytes = SealInput.decode(uploads.first?.bytes ?? [])
            return parsed { () throws(ReadError) in try reader.read(sealBytes: bytes, verifier: sealVerifier) }
        case .healthz, .metrics, .openapi:
            return .error(.internalError)
        }
    }

    /// Runs `read` on every upload, each under the time limit (a 504 answers the request
    /// when one image overruns; the worker finishes that image and drops the result).
    private func eachImage<R>(_ uploads: [Upload], _ exchange: Exchange, _ read: (Upload) -> R) -> [R] {
        var results: [R] = []
        let timeout = HTTPResponse.error(.timeLimit(options.timeLimit))
        for upload in uploads {
            if exchange.isAnswered { break }
            exchange.arm(seconds: options.timeLimit, response: timeout)
            results.append(read(upload))
        }
        exchange.disarm()
        return results
    }

    /// One result as an object (a 422 when the image could not be read at all), several
    /// as an array of results, each with its own error.
    private func shaped<R: Encodable>(_ results: [R], single: Bool, error: KeyPath<R, ReadError?>) -> HTTPResponse {
        if single, let result = results.first {
            if let e = result[keyPath: error], e.code.isUnreadable { return .error(HTTPError(e)) }
            return .json([result])
        }
        return .json(results)
    }

    /// A text parse: 200 with the result, 422 with the error object when it fails.
    private func parsed(_ parse: () throws(ReadError) -> IdentityDocument) -> HTTPResponse {
        do {
            let doc = try parse()
            metrics.document(kind: doc.kind.rawValue, valid: doc.valid)
            return .json([ReadResult(input: "-", documents: [doc])])
        } catch {
            return .error(HTTPError(error))
        }
    }
}
