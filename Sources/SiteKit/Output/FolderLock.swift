import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// An exclusive advisory lock (`flock(2)`) on a folder, held through an open descriptor of it
/// until `release()` or until the process ends, however it ends: the kernel drops the lock of a
/// process that was killed.
///
/// A build holds the lock of its staging folder while it fills it, and another build or
/// `site clean` asks `isHeld` before taking a staging folder for a killed build's leftover. The
/// lock belongs to the folder itself, so this works where the PID in the folder's name says
/// nothing: between containers with PID namespaces of their own that share the workspace, where
/// a live build is "process 1" or no process at all.
final class FolderLock: Sendable {
    private let descriptor: Mutex<Int32>

    /// Opens `path` (a folder) and takes its lock; nil when the folder cannot be opened or
    /// another open descriptor holds the lock.
    init?(_ path: String) {
        let fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        guard flock(fd, LOCK_EX | LOCK_NB) == 0 else {
            close(fd)
            return nil
        }
        descriptor = Mutex(fd)
    }

    deinit { release() }

    /// Drops the lock; safe to call more than once.
    func release() {
        descriptor.withLock { fd in
            guard fd >= 0 else { return }
            close(fd)
            fd = -1
        }
    }

    /// Whether an open descriptor, in this process or any other, holds the lock of `path`; nil
    /// when the folder cannot be opened (gone, or not readable), so that cannot be told.
    static func isHeld(_ path: String) -> Bool? {
        let fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        if flock(fd, LOCK_EX | LOCK_NB) == 0 { return false }
        return errno == EWOULDBLOCK ? true : nil
    }
}
