/// The exit codes of the `idreader` process (docs/cli.md and docs/contract.md: "Exit codes"), one type for the CLI
/// and the service.
public enum ExitCode: Int32, Sendable {
    /// Every input gave a valid document; `serve`: stopped cleanly.
    case success = 0
    /// Some input gave no valid document (or only invalid ones); `serve`: could not start.
    case failure = 1
    /// A mistake on the command line.
    case usage = 2
    /// Some input could not be read at all.
    case unreadableInput = 3
}
