import IDReader

/// The service's routes and what each one accepts.
enum Endpoint: String, CaseIterable, Sendable {
    case read = "/v1/read", barcodes = "/v1/barcodes", mrz = "/v1/mrz", aamva = "/v1/aamva", vds = "/v1/vds"
    case healthz = "/healthz", metrics = "/metrics", openapi = "/openapi.json"

    /// How a request body is to be taken apart.
    enum Body: Sendable { case single, multipart }

    /// The label used in metrics (a fixed set, so that unknown paths cannot grow it).
    var label: String {
        switch self {
        case .read: return "read"
        case .barcodes: return "barcodes"
        case .mrz: return "mrz"
        case .aamva: return "aamva"
        case .vds: return "vds"
        case .healthz: return "healthz"
        case .metrics: return "metrics"
        case .openapi: return "openapi"
        }
    }

    var takesBody: Bool {
        switch self {
        case .read, .barcodes, .mrz, .aamva, .vds: return true
        case .healthz, .metrics, .openapi: return false
        }
    }

    var methods: [String] { takesBody ? ["POST"] : ["GET", "HEAD"] }

    /// Load balancers probe `/healthz` without credentials; everything else needs the token.
    var needsToken: Bool { self != .healthz }

    /// What the body is, from the request's Content-Type (missing means raw bytes).
    func body(contentType: String?) throws(HTTPError) -> Body {
        let media = contentType.map { String($0.split(separator: ";", maxSplits: 1).first ?? "").trimmingCharacters(in: .whitespaces).lowercased() } ?? ""
        switch self {
        case .read, .barcodes:
            if media.isEmpty || media == "application/octet-stream" || (media.hasPrefix("image/") && media.count > 6) { return .single }
            if media == "multipart/form-data" { return .multipart }
            throw .unsupportedType("one image (image/*, application/octet-stream) or multipart/form-data with 'file' parts")
        case .mrz:
            if media.isEmpty || media == "text/plain" { return .single }
            throw .unsupportedType("text/plain: the MRZ lines")
        case .aamva:
            if media.isEmpty || media == "application/octet-stream" || media == "text/plain" { return .single }
            throw .unsupportedType("the raw AAMVA payload (application/octet-stream or text/plain)")
        case .vds:
            if media.isEmpty || media == "application/octet-stream" || media == "application/json" || media == "text/plain" { return .single }
            throw .unsupportedType(
                "the seal's exact bytes (application/octet-stream), the same as hex or base64 text (text/plain), or a VDS-NC's JSON (application/json)")
        case .healthz, .metrics, .openapi:
            return .single
        }
    }
}

/// The `only` query of `/v1/read`: a comma-separated subset of mrz, pdf417, barcodes, vds.
func parseOnly(_ value: String?) throws(HTTPError) -> Set<String> {
    guard let value else { return [] }
    let kinds = Set(value.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) })
    guard !kinds.isEmpty, kinds.isSubset(of: DocumentKinds.contractNames) else {
        throw .badRequest("The 'only' query takes a comma-separated list of mrz, pdf417, barcodes, vds, e.g. 'only=pdf417'.")
    }
    return kinds
}
