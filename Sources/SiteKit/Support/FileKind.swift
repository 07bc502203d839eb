import Foundation

/// What is at a path a build reads as a file, when it is no regular file.
enum FileKind {
    /// Why `file` is no file to read, in words, or nil when it is a regular file (or a link to
    /// one): a folder (`folder` says what to do), a symbolic link that leads nowhere or round in
    /// a loop, or a named pipe or device, whose reading could wait forever. `expected` names
    /// what belongs there ("a Markdown file").
    static func problem(_ file: URL, expected: String, folder: String) -> String? {
        var info = stat()
        guard stat(file.path, &info) == 0 else {
            let failure = errno
            var link = stat()
            if failure == ELOOP {
                return "it is a symbolic link that leads round in a loop. Point it at \(expected), or remove it."
            }
            if lstat(file.path, &link) == 0, link.st_mode & S_IFMT == S_IFLNK {
                let target = (try? FileManager.default.destinationOfSymbolicLink(atPath: file.path)) ?? "?"
                return "it is a symbolic link to \(target), which does not exist. Point it at \(expected), or remove it."
            }
            return "the file could not be read (\(String(cString: strerror(failure)).lowercased())). Check that it is a readable file."
        }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return nil
        case S_IFDIR: return "it is a folder, not a file: \(folder)"
        default: return "it is not a regular file (a named pipe, a device or a socket), and reading one can wait forever. Put \(expected) there instead."
        }
    }
}
