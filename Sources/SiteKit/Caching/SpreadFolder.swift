import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Creates the cache folders that receive thousands of new files (the HTTP cache's and the output
/// store's, and the 16 folders each spreads its files over) so that ext4 puts them in several
/// block groups, away from files deleted a moment ago.
///
/// Why: on an ext4 volume without a journal, allocating an inode steps over every inode of the
/// group that was freed in the last minutes, one at a time (the kernel's `recently_deleted`), so
/// the cost of each new file grows with the files deleted there lately. A new folder lands in its
/// parent's group, which is where the previous build's files were just deleted when the cache was
/// removed before a build (`rm -rf .cache`, a CI job, a benchmark's cold runs), and every file of
/// a folder goes to that folder's group. Measured on such a volume, cold builds of 500 people one
/// after another:
/// - all files in two folders, each in its parent's group: 1.0-1.6 s;
/// - those two folders spread: 0.66-0.74 s at first, but 1.2-2.6 s (up to 2.4 s of system time)
///   once many builds had run and been deleted within minutes, as in a benchmark;
/// - their 16 subfolders each spread as well: 1.26-1.49 s in the same conditions (tmpfs: 1.2 s).
///
/// How: ext4's Orlov allocator places each new subfolder of a folder marked "top of a hierarchy"
/// (`FS_TOPDIR_FL`, what `chattr +T` sets) in the block group with the fewest folders, searching
/// from a hash of its name, so successive subfolders go to different groups. So the parent is
/// marked, and the folder is made under a random name and renamed into place; the rename moves no
/// inode. Where the flag is refused (tmpfs, other file systems, another owner's folder) this is a
/// plain `mkdir`, and it never fails for that.
enum SpreadFolder {
    /// Creates `folder` and its parents when it is missing; does nothing when it exists.
    static func create(_ folder: URL) throws {
        if isFolder(folder.path) { return }
        try creating.withLock { _ in try createMissing(folder) }
    }

    private static func createMissing(_ folder: URL) throws {
        let fileManager = FileManager.default
        if isFolder(folder.path) { return }
        let parent = folder.deletingLastPathComponent()
        try fileManager.createDirectory(at: parent, withIntermediateDirectories: true)
        markTopOfHierarchy(parent.path)
        let temporary = parent.path + "/" + temporaryPrefix + folder.lastPathComponent + "-"
            + String(UInt64.random(in: 0...UInt64.max), radix: 16)
        if mkdir(temporary, 0o777) == 0, !renameWithoutReplacing(temporary, folder.path) {
            // Another thread or process created the folder first: use theirs.
            rmdir(temporary)
        }
        // Whatever happened above (a read-only parent, a race lost), the folder must now exist.
        if !isFolder(folder.path) {
            try fileManager.createDirectory(at: folder, withIntermediateDirectories: true)
        }
    }

    /// Renames `source` to `destination` unless a folder is there already. `rename(2)` would
    /// replace an empty one, which another creator may be about to fill: checking first leaves
    /// that to a race between processes, which the writers' retry on `ENOENT` absorbs, and
    /// `creating` keeps the threads of one process out of it.
    private static func renameWithoutReplacing(_ source: String, _ destination: String) -> Bool {
        !isFolder(destination) && rename(source, destination) == 0
    }

    /// Held while this process creates a folder.
    private static let creating = Mutex<Void>(())

    /// What the random names of folders being created start with.
    static let temporaryPrefix = ".new-"

    /// Removes the empty folders that processes killed between `mkdir` and `rename` left in
    /// `parent`. A folder another process is about to rename is empty too: removing it makes that
    /// rename fail, and that process then creates the folder by name.
    static func removeLeftovers(in parent: URL) {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: parent.path)) ?? []
        for name in names where name.hasPrefix(temporaryPrefix) {
            rmdir(parent.path + "/" + name)
        }
    }

    /// Whether `path` is marked as the top of a hierarchy; false where flags are not supported.
    static func isTopOfHierarchy(_ path: String) -> Bool {
        #if os(Linux)
        let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var flags: Int32 = 0
        guard withUnsafeMutablePointer(to: &flags, { ioctl(descriptor, getFlags, $0) }) == 0 else { return false }
        return flags & topDirectoryFlag != 0
        #else
        return false
        #endif
    }

    /// Sets `FS_TOPDIR_FL` on the folder at `path`, if the file system and the owner allow it.
    private static func markTopOfHierarchy(_ path: String) {
        #if os(Linux)
        let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        defer { close(descriptor) }
        var flags: Int32 = 0
        guard withUnsafeMutablePointer(to: &flags, { ioctl(descriptor, getFlags, $0) }) == 0,
              flags & topDirectoryFlag == 0 else { return }
        flags |= topDirectoryFlag
        _ = withUnsafeMutablePointer(to: &flags) { ioctl(descriptor, setFlags, $0) }
        #endif
    }

    private static func isFolder(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
    }

    // From <linux/fs.h>: FS_IOC_GETFLAGS, FS_IOC_SETFLAGS (they pass an int, whatever the
    // macros' `long` says) and FS_TOPDIR_FL.
    private static let getFlags: UInt = 0x8008_6601
    private static let setFlags: UInt = 0x4008_6602
    private static let topDirectoryFlag: Int32 = 0x0002_0000
}
