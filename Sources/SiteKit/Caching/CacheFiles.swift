import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// File operations of the disk cache, written so that concurrent processes cannot corrupt it.
enum CacheFiles {
    /// Writes `data` to a temporary file in `temporaryFolder` and renames it onto `destination`.
    ///
    /// `rename(2)` within one file system replaces the destination atomically, so a concurrent
    /// reader sees either the previous entry or this one. The temporary name carries our PID so
    /// that another process can tell an abandoned file from one still being written. There is no
    /// fsync: a file cut short by a power loss fails its checksum and is a miss, never wrong data.
    static func writeAtomically(_ data: Data, to destination: URL, temporaryFolder: URL) throws {
        let temporary = temporaryFolder.appendingPathComponent("\(getpid())-\(UUID().uuidString)")
        try PlainFile.write(data, to: temporary.path)
        defer { unlink(temporary.path) }
        if rename(temporary.path, destination.path) == 0 { return }
        var failure = errno
        // The entry's folder is new, or another process removed it a moment ago: create it and retry.
        for _ in 0..<2 where failure == ENOENT {
            try FileManager.default.createDirectory(at: destination.deletingLastPathComponent(), withIntermediateDirectories: true)
            if rename(temporary.path, destination.path) == 0 { return }
            failure = errno
        }
        throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: destination.path,
                                                       NSLocalizedDescriptionKey: String(cString: strerror(failure))])
    }

    /// The names in `folder`; empty when it does not exist (yet, or any more).
    static func list(_ folder: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
    }

    /// The file's bytes, or nil when it vanished or cannot be read.
    static func read(_ file: URL) -> Data? {
        try? Data(contentsOf: file)
    }

    static func remove(_ file: URL) {
        unlink(file.path)
    }

    /// Removes temporary files whose writer is gone, or that are older than `lifetime` seconds.
    static func removeOrphans(in folder: URL, olderThan lifetime: TimeInterval, now: Date = Date()) {
        for name in list(folder) {
            let file = folder.appendingPathComponent(name)
            let pid = name.split(separator: "-").first.flatMap { pid_t($0) }
            let ownerGone = pid.map { $0 != getpid() && kill($0, 0) != 0 && errno == ESRCH } ?? true
            let modified = (try? FileManager.default.attributesOfItem(atPath: file.path)[.modificationDate]) as? Date
            let expired = modified.map { now.timeIntervalSince($0) > lifetime } ?? false
            if ownerGone || expired { remove(file) }
        }
    }
}
