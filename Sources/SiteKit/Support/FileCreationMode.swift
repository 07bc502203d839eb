import Foundation

/// The permissions a file this process writes gets: `PlainFile.defaultMode` less the umask.
enum FileCreationMode {
    /// Read once, from `/proc/self/status`: `umask(2)` can only be read by setting it, and a file
    /// another thread created in between would get the wrong mode.
    /// What `PlainFile.write` gives a new file: 0644 under umask 022, 0600 under 077, and 0644
    /// under 002 too (where 0666 less the umask, 0664, took every file for one of another mode).
    static let regularFile: mode_t = PlainFile.defaultMode & ~umaskValue

    /// The process's umask.
    static let umaskValue: mode_t = {
        if let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
           let line = status.split(separator: "\n").first(where: { $0.hasPrefix("Umask:") }),
           let value = mode_t(line.dropFirst("Umask:".count).trimmingCharacters(in: .whitespaces), radix: 8) {
            return value
        }
        let value = umask(0o022)
        umask(value)
        return value
    }()
}
