import Foundation

/// The identity of one file: enough to tell, from a `stat`, that its bytes are the ones read or
/// written before. The cache only ever replaces an entry by renaming a new file over it (a new
/// inode), and any write changes the status-change time, which, unlike the modification time,
/// no program can set back.
struct FileIdentity: Codable, Equatable, Sendable {
    var inode: UInt64
    var size: Int64
    /// Modification and status-change times, in nanoseconds since 1970.
    var modified: Int64
    var changed: Int64

    init(_ info: stat) {
        inode = UInt64(info.st_ino)
        size = Int64(info.st_size)
        modified = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
        changed = Int64(info.st_ctim.tv_sec) * 1_000_000_000 + Int64(info.st_ctim.tv_nsec)
    }

    /// What a file replaced before it could be identified gets: no file ever matches it.
    static let replaced = FileIdentity(inode: 0, size: -1, modified: 0, changed: 0)

    init(inode: UInt64, size: Int64, modified: Int64, changed: Int64) {
        self.inode = inode
        self.size = size
        self.modified = modified
        self.changed = changed
    }

    /// The identity of the file at `path` now; nil when it is missing or not a regular file.
    static func of(_ path: String) -> FileIdentity? {
        var info = stat()
        guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        return FileIdentity(info)
    }
}

/// A stored response that answered a request fresh, as a build records it: which entry file,
/// with which identity, and until when it stays fresh. The next build's up-to-date check asks
/// the cache to confirm it with one `stat` instead of reading and hashing the entry again.
public struct CacheStamp: Codable, Equatable, Sendable {
    /// The entry's file, relative to the cache's entries folder (`<shard>/<key>.<variant>`).
    var file: String
    var identity: FileIdentity
    /// Seconds since 1970 until which the response is fresh, under the settings that stored it.
    var freshUntil: Double
}
