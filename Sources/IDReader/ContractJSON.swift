import Foundation

/// The one JSON encoding of the contract, shared by the CLI and the HTTP service so that
/// both print the same bytes for the same input: sorted keys, slashes unescaped.
public enum ContractJSON {
    /// An encoder with the contract's settings; `pretty` is the `json` format, compact `jsonl`.
    public static func encoder(pretty: Bool) -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = pretty ? [.prettyPrinted, .withoutEscapingSlashes, .sortedKeys] : [.withoutEscapingSlashes, .sortedKeys]
        return encoder
    }

    /// One value as JSON text.
    public static func encode<T: Encodable>(_ value: T, pretty: Bool) -> String {
        // Encoding our own value types cannot fail; a failure is a programming error.
        let data = try! encoder(pretty: pretty).encode(value)
        return String(decoding: data, as: UTF8.self)
    }

    /// The whole `json` output: one object for one result, an array for several, and a newline.
    public static func document<T: Encodable>(_ results: [T]) -> String {
        results.count == 1 ? encode(results[0], pretty: true) + "\n" : encode(results, pretty: true) + "\n"
    }

    /// One `jsonl` line.
    public static func line<T: Encodable>(_ result: T) -> String { encode(result, pretty: false) + "\n" }
}
