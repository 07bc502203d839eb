import ArgumentParser

/// The check `--port` gets: a TCP port is 16 bits, and the socket layer would silently keep only
/// the low ones (70000 would listen on 4464).
enum PortNumber {
    static func check(_ port: Int) throws {
        guard (0...65_535).contains(port) else {
            throw ValidationError("--port must be between 1 and 65535 (or 0 for a free one), not \(port).")
        }
    }
}
