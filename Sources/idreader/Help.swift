import CommandLineDeclarations
import MRZ

/// Help texts, made from the command table (`ArgumentParser.program`); each ends with a newline.
enum Help {
    /// The MRZ formats `generate mrz --type` takes, from the format table.
    @Sendable static func mrzTypes() -> [String] { MRZFormat.allCases.map(\.rawValue) }

    static var version: String { ArgumentParser.version }

    /// The help of a command (`"generate mrz"`), or the overview for `nil`.
    static func text(for topic: String?) -> String {
        HelpText(ArgumentParser.program(mrzTypes: mrzTypes)).text(for: topic?.split(separator: " ").map(String.init) ?? [])
    }
}
