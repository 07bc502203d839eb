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
            return unreachable(file, expected: expected, failure: errno) ?? "the file could not be read "
                + "(\(String(cString: strerror(errno)).lowercased())). Check that it is a readable file."
        }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return nil
        case S_IFDIR: return "it is a folder, not a file: \(folder)"
        default: return "it is not a regular file (a named pipe, a device or a socket), and reading one can wait forever. Put \(expected) there instead."
        }
    }

    /// Why `folder` is no folder to read, in words, or nil when it is one (or a link to one) or
    /// nothing is there: a file, a symbolic link that leads nowhere or round in a loop, a named
    /// pipe or device. `expected` names the folder that belongs there.
    static func folderProblem(_ folder: URL, expected: String) -> String? {
        var info = stat()
        guard stat(folder.path, &info) == 0 else {
            let failure = errno
            guard lstat(folder.path, &info) == 0 else { return nil }
            return unreachable(folder, expected: expected, failure: failure)
                ?? "it could not be read (\(String(cString: strerror(failure)).lowercased())). Check that it is a readable folder."
        }
        switch info.st_mode & S_IFMT {
        case S_IFDIR: return nil
        case S_IFREG: return "it is a file, not a folder. Move it away and put \(expected) there."
        default: return "it is a named pipe, a device or a socket, not a folder. Move it away and put \(expected) there."
        }
    }

    /// What is at `path`, which is no folder, as a message names it: "a file", "a device" (such as
    /// `/dev/null`, which "is a file, not a folder" misnamed), "a named pipe", "a socket".
    static func noun(at path: String) -> String {
        var info = stat()
        guard stat(path, &info) == 0 else { return "a file" }
        switch info.st_mode & S_IFMT {
        case S_IFCHR, S_IFBLK: return "a device"
        case S_IFIFO: return "a named pipe"
        case S_IFSOCK: return "a socket"
        case S_IFDIR: return "a folder"
        default: return "a file"
        }
    }

    /// The inode of the folder at `path` (or the folder a link there leads to); nil when there is
    /// no folder: what tells a folder made anew, or swapped in by another process, from the one
    /// that was there.
    static func folderInode(_ path: String) -> UInt64? {
        var info = stat()
        guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR else { return nil }
        return UInt64(info.st_ino)
    }

    /// Where `file` leads, when it is a symbolic link (or in a folder reached through one) whose
    /// target lies outside both `folder` and the folder that holds it (the project): a link in
    /// `content/` to `/etc/hostname` published that file's text as a page, without a word. Nil
    /// for a file that is where it seems, or a link to one inside those folders (a theme's
    /// templates shared between projects through a linked `templates/` folder stay allowed: the
    /// folder's own real path counts).
    static func leadsOutside(_ file: URL, of folder: URL) -> String? {
        guard let target = realPath(file.path) else { return nil }
        let roots = [folder.path, folder.deletingLastPathComponent().path].compactMap(realPath)
        let inside = roots.contains { root in target == root || target.hasPrefix(root.hasSuffix("/") ? root : root + "/") }
        return inside ? nil : target
    }

    private static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// A path `stat` could not follow: a symbolic link round in a loop or to nothing, in words;
    /// nil for any other `failure`.
    private static func unreachable(_ url: URL, expected: String, failure: Int32) -> String? {
        if failure == ELOOP {
            return "it is a symbolic link that leads round in a loop. Point it at \(expected), or remove it."
        }
        var link = stat()
        guard lstat(url.path, &link) == 0, link.st_mode & S_IFMT == S_IFLNK else { return nil }
        let target = (try? FileManager.default.destinationOfSymbolicLink(atPath: url.path)) ?? "?"
        return "it is a symbolic link to \(target), which does not exist. Point it at \(expected), or remove it."
    }
}
