import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// File operations of the disk cache, written so that concurrent processes cannot corrupt it.
enum CacheFiles {
    /// What every temporary file's name starts with: hidden, so no listing of entries sees it.
    static let temporaryPrefix = ".tmp-"

    /// Numbers this process's temporary files; with the PID, a name no other writer uses.
    private static let counter = Atomic<UInt64>(0)
    /// Drawn once per process, so that processes of one PID in different PID namespaces (two
    /// containers sharing a cache folder) still pick different names.
    private static let processTag = String(UInt32.random(in: 0...UInt32.max), radix: 16)

    /// Writes `data` to a temporary file beside `destination` and renames it onto `destination`.
    /// Returns the file's identity as written; the rename keeps all of it but the change time.
    ///
    /// `rename(2)` within one folder replaces the destination atomically, so a concurrent reader
    /// sees either the previous file or this one; it also needs no file-system-wide lock, as a
    /// rename between folders does, so writers in different folders do not wait for each other.
    /// The temporary name (`.tmp-<pid>-<tag>-<n>`) carries our PID so that another process can tell an
    /// abandoned file from one still being written (see `removeOrphans`). There is no fsync: a
    /// file cut short by a power loss fails its checksum and is a miss, never wrong data.
    /// `mode`: the new file's permissions (less the umask); HTTP entries are the owner's alone.
    @discardableResult
    static func writeAtomically(_ data: Data, to destination: String, mode: mode_t = PlainFile.defaultMode) throws -> FileIdentity {
        // The folder, found by bytes: `String.lastIndex(of:)` walks Characters, 0.6 % of a cold build.
        let utf8 = destination.utf8
        let folder = Substring(utf8[..<(utf8.lastIndex(of: UInt8(ascii: "/")) ?? utf8.startIndex)])
        let number = counter.add(1, ordering: .relaxed).newValue
        let temporary = "\(folder)/\(temporaryPrefix)\(getpid())-\(processTag)-\(number)"
        var failure: Int32 = 0
        for attempt in 0..<3 {
            let identity: FileIdentity
            do {
                identity = try PlainFile.write(data, to: temporary, mode: mode)
            } catch let error as POSIXError where error.code == .ENOENT && attempt < 2 {
                // The folder is new, or another process removed it a moment ago: create it (spread
                // out, as it is one of the many folders a cold build fills) and retry.
                try SpreadFolder.createSubfolder(URL(fileURLWithPath: String(folder), isDirectory: true))
                continue
            } catch {
                unlink(temporary)  // a disk that filled up mid-write leaves no partial file behind
                throw error
            }
            if rename(temporary, destination) == 0 { return identity }
            failure = errno
            unlink(temporary)
            guard failure == ENOENT else { break }
        }
        throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: destination,
                                                       NSLocalizedDescriptionKey: String(cString: strerror(failure))])
    }

    /// The names in `folder`; empty when it does not exist (yet, or any more).
    static func list(_ folder: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
    }

    static func remove(_ path: String) {
        unlink(path)
    }

    /// Whether `name` is a temporary file that nobody will finish: its writer is gone (exited, a
    /// zombie, or its PID taken by a process started since: `ProcessLiveness`), or it is older
    /// than `lifetime` seconds.
    /// (`legacy`: any name in an old `tmp` folder, `<pid>-<uuid>`.)
    static func isOrphan(_ name: String, in folder: String, olderThan lifetime: TimeInterval, now: Date = Date(),
                         legacy: Bool = false) -> Bool {
        guard legacy || name.hasPrefix(temporaryPrefix) else { return false }
        let pid = name.dropFirst(legacy ? 0 : temporaryPrefix.count).split(separator: "-").first.flatMap { pid_t($0) }
        var info = stat()
        let exists = stat(folder + "/" + name, &info) == 0
        // A file that vanished meanwhile counts as changed now: its writer may be at work.
        let modified = exists ? Date(timeIntervalSince1970: Double(info.st_mtim.tv_sec)) : now
        let ownerGone = pid.map { $0 != getpid() && !ProcessLiveness.mayBeRunning(pid: $0, lastModified: modified) } ?? true
        let expired = exists && now.timeIntervalSince(modified) > lifetime
        return ownerGone || expired
    }

    /// Whether a task done at most every `interval` seconds, by any process, is due, judged by the
    /// modification time of the empty file `marker`; when it is, the marker is set to `now`
    /// first, so that processes starting meanwhile leave the task to this one.
    static func claimPeriodicTask(marker: String, interval: TimeInterval, now: Date = Date()) -> Bool {
        var info = stat()
        // A marker dated more than a day ahead (a clock that was wrong, then set right) counts as
        // due, or nothing would run until that date.
        if stat(marker, &info) == 0, (-86_400..<interval).contains(now.timeIntervalSince1970 - Double(info.st_mtim.tv_sec)) { return false }
        return touch(marker, at: now)
    }

    /// Sets the modification time of `path` to `time`, creating it empty; false when it cannot.
    @discardableResult
    static func touch(_ path: String, at time: Date) -> Bool {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        let seconds = Int(time.timeIntervalSince1970)
        var times = [timespec(tv_sec: seconds, tv_nsec: 0), timespec(tv_sec: seconds, tv_nsec: 0)]
        return futimens(descriptor, &times) == 0
    }

    /// Removes the temporary files in `folder` that nobody will finish.
    static func removeOrphans(in folder: URL, olderThan lifetime: TimeInterval, now: Date = Date()) {
        for name in list(folder) where isOrphan(name, in: folder.path, olderThan: lifetime, now: now) {
            remove(folder.path + "/" + name)
        }
    }

    /// Removes the `tmp` folder where earlier versions wrote their temporary files, once no
    /// running writer has a file in it.
    static func removeLegacyTemporaryFolder(in folder: URL, olderThan lifetime: TimeInterval) {
        let legacy = folder.path + "/tmp"
        for name in list(URL(fileURLWithPath: legacy, isDirectory: true))
        where isOrphan(name, in: legacy, olderThan: lifetime, legacy: true) {
            remove(legacy + "/" + name)
        }
        rmdir(legacy)
    }
}
