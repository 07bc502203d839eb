import ArgumentParser
import Foundation

/// The check `--port` gets: a TCP port is 16 bits, and the socket layer would silently keep only
/// the low ones (70000 would listen on 4464).
enum PortNumber {
    /// The check `--host` gets: an empty one would only fail later, as a name that does not resolve.
    static func checkHost(_ host: String) throws {
        guard !host.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw ValidationError("--host must name an address to listen on, such as 127.0.0.1 (this machine only) or 0.0.0.0 (every network), and is empty.")
        }
    }

    static func check(_ port: Int) throws {
        guard (0...65_535).contains(port) else {
            throw ValidationError("--port must be between 1 and 65535 (or 0 for a free one), not \(port).")
        }
    }
}
