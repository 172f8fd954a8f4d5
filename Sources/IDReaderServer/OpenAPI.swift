/// The committed OpenAPI 3.1 description (`openapi.json` beside this file), embedded in
/// the binary at build time and served byte for byte.
enum OpenAPI {
    static let document: [UInt8] = PackageResources.openapi_json
}
