import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The files a build published in an output folder, as the file system lists them.
enum OutputFiles {
    /// Every regular file under `folder` with its `lstat`, relative paths in walk order. Hidden
    /// top-level entries belong to the user and are left out. Nil when the folder is missing or
    /// holds anything but folders and regular files, which no build produces, or when an entry
    /// cannot be stated (it vanished while the folder was read).
    ///
    /// A walk of its own with `readdir` and `fstatat`: Foundation's enumerator stats every entry
    /// itself, so each was stated twice, and this runs on every up-to-date check.
    static func regular(in folder: URL) -> [(path: String, info: stat)]? {
        let root = folder.standardizedFileURL.path
        var info = stat()
        guard lstat(root, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR else { return nil }
        var files: [(path: String, info: stat)] = []
        var pending = [""]
        while let relative = pending.popLast() {
            guard let directory = opendir(relative.isEmpty ? root : root + "/" + relative) else { return nil }
            defer { closedir(directory) }
            let descriptor = dirfd(directory)
            while let entry = readdir(directory) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { String(cString: $0.bindMemory(to: CChar.self).baseAddress!) }
                if name == "." || name == ".." || (relative.isEmpty && name.hasPrefix(".")) { continue }
                var info = stat()
                guard fstatat(descriptor, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else { return nil }
                let path = relative.isEmpty ? name : relative + "/" + name
                switch info.st_mode & S_IFMT {
                case S_IFDIR: pending.append(path)
                case S_IFREG: files.append((path, info))
                default: return nil
                }
            }
        }
        return files
    }
}
