import Foundation
import IDReader
import VDS

/// `idreader serve`: parses its arguments, serves until SIGTERM or SIGINT, then stops
/// accepting, lets requests in flight finish (up to `--grace` seconds) and returns 0.
public enum Serve {
    /// Runs the service; the process exit code (`.usage` for a mistake in its arguments).
    public static func run(_ arguments: [String], version: String) -> ExitCode {
        let options: ServeOptions
        do {
            options = try ServeOptions.parse(arguments)
        } catch {
            FileHandle.standardError.write(Data("idreader: \(error.description)\n".utf8))
            return .usage
        }
        return run(options, version: version)
    }

    /// Runs the service with options already parsed; the process exit code.
    public static func run(_ options: ServeOptions, version: String) -> ExitCode {
        signal(SIGPIPE, SIG_IGN)
        signal(SIGTERM, SIG_IGN)
        signal(SIGINT, SIG_IGN)
        let stop = DispatchSemaphore(value: 0)
        let sources = [SIGTERM, SIGINT].map { number -> DispatchSourceSignal in
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { stop.signal() }
            source.resume()
            return source
        }
        let sealVerifier: SealVerifier
        do {
            sealVerifier = try SealVerifier(certificateDirectory: options.certificates, caCertificateDirectory: options.caCertificates)
        } catch {
            FileHandle.standardError.write(Data("idreader: \(error.description)\n".utf8))
            return .unreadableInput
        }
        let server = HTTPServer(options: options, version: version, sealVerifier: sealVerifier)
        let port: Int
        do {
            port = try server.start()
        } catch {
            FileHandle.standardError.write(Data("idreader: \(error.description)\n".utf8))
            return .failure
        }
        let shownHost = options.host.contains(":") ? "[\(options.host)]" : options.host
        FileHandle.standardError.write(
            Data("idreader serve: listening on http://\(shownHost):\(port) (\(options.workers) workers, queue \(options.queue))\n".utf8))
        stop.wait()
        FileHandle.standardError.write(Data("idreader serve: stopping; \(server.activeCount) requests in flight\n".utf8))
        server.quiesce()
        let deadline = Date().addingTimeInterval(options.grace)
        while server.activeCount > 0 && Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
        server.stop()
        withExtendedLifetime(sources) {}
        FileHandle.standardError.write(Data("idreader serve: stopped\n".utf8))
        return .success
    }
}
