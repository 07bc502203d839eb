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

    /// Takes the lock of the folder `path`, waiting while another build holds it, for at most
    /// `patience` seconds; nil when the folder cannot be opened or locked (a file system without
    /// locks), which leaves the caller as it was without locks. Throws when the wait runs out,
    /// naming `purpose` ("publish into …").
    static func waitForTurn(at path: String, to purpose: String, patience: TimeInterval = 120) throws -> FolderLock? {
        let fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        let deadline = Date().addingTimeInterval(patience)
        while flock(fd, LOCK_EX | LOCK_NB) != 0 {
            guard errno == EWOULDBLOCK || errno == EINTR else {
                close(fd)
                return nil
            }
            guard Date() < deadline else {
                close(fd)
                throw OutputError(path: path, action: "take the lock of the folder", underlying: nil, message: """
                    waited \(Int(patience)) s to \(purpose), and a process still holds the lock of \(path) (flock(2)), \
                    by which builds publish one at a time: another site build is stuck publishing, or a program of yours locked that folder. \
                    Stop that process (lslocks names it), then build again
                    """)
            }
            usleep(20_000)
        }
        return FolderLock(locked: fd)
    }

    private init(locked fd: Int32) {
        descriptor = Mutex(fd)
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
