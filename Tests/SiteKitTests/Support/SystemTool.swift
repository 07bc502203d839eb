import Foundation

/// The system tools tests that need root run to set up a file system (`mount`, `umount`,
/// `chattr`, `dd`): a brief child process each, whose failure the test's own checks show.
enum SystemTool {
    static func run(_ tool: String, _ arguments: [String]) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        try? process.run()
        process.waitUntilExit()
    }

    /// `chattr FLAG PATH` (`-R` with `recursive`): `+i` makes a file or folder immutable, even to root.
    static func chattr(_ flag: String, _ path: String, recursive: Bool = false) {
        run("/usr/bin/chattr", (recursive ? ["-R"] : []) + [flag, path])
    }

    /// Mounts a tmpfs with `options` (`size=64k`, `nr_inodes=8`) at `folder`.
    static func mountSmallDisk(_ folder: URL, options: String) {
        run("/usr/bin/mount", ["-t", "tmpfs", "-o", options, "tmpfs", folder.path])
    }

    static func unmount(_ folder: URL) {
        run("/usr/bin/umount", [folder.path])
    }
}
