import Crypto
import Foundation

/// An output folder as the file system describes it, for `BuildRecord`: how many regular files
/// and symbolic links it holds, and the SHA-256 of every one's path, type, size, inode,
/// modification time and status change time, in path order. Hidden top-level entries are the user's and are left out.
///
/// The change time cannot be set back by hand (`touch -r` sets only the other two), so an edit
/// in place is noticed however carefully it keeps the size and the modification time. Anything
/// else that changes it, such as another output folder linking the same stored copy, only costs
/// a rebuild.
struct OutputManifest: Codable, Equatable, Sendable {
    var files: Int
    var digest: String

    /// The manifest of `folder`; nil when `OutputFiles` cannot list it whole (a folder it cannot
    /// read, an entry that vanished or whose name is not UTF-8). A symbolic link of the user's
    /// counts as an entry like a file (a build never makes one), so that it does not stop every
    /// rebuild from being up to date.
    static func scan(_ folder: URL) -> OutputManifest? {
        guard let listing = OutputFiles.entries(in: folder), listing.unreadable.isEmpty, listing.vanished == 0 else { return nil }
        var entries = listing.files
        let root = folder.standardizedFileURL.path
        for path in listing.others {
            var info = stat()
            guard lstat(root + "/" + path, &info) == 0 else { return nil }
            entries.append((path, info))
        }
        let lines = entries.map { file in
            let info = file.info
            return "\(file.path)\0\(info.st_mode)\0\(info.st_size)\0\(info.st_ino)\0\(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec)\0\(info.st_ctim.tv_sec).\(info.st_ctim.tv_nsec)\n"
        }.sorted()
        var hasher = SHA256()
        for line in lines { hasher.update(data: Data(line.utf8)) }
        return OutputManifest(files: lines.count, digest: Hex.string(hasher.finalize()))
    }
}
