import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Creates the cache folders that receive thousands of new files (the HTTP cache's and the output
/// store's, and the 256 folders each spreads its files over) so that ext4 puts them in many block
/// groups, away from files deleted a moment ago.
///
/// Why: on an ext4 volume without a journal, allocating an inode steps over every inode of the
/// group that was freed in the last minutes, one at a time (the kernel's `recently_deleted`), so
/// the cost of each new file grows with the files deleted there lately. Every file of a folder
/// goes to that folder's group, and a folder lands in the group ext4 finds emptiest of folders,
/// which after `rm -rf .cache` (a CI job, a benchmark's cold runs) is where the previous build's
/// files were just deleted. Measured on such a volume, cold builds one after another:
/// - 500 people with a picture set each: with two busy folders, each spread, 1.15-2.65 s, up to
///   2.4 s of it system time; with their subfolders spread as well, 1.26-1.55 s (tmpfs: 1.2 s);
/// - 50,000 people: two folders, 17.5 s when they missed the last build's groups and seconds more
///   when they did not (one run in five at 5,000 people); 16 output subfolders, 20.9-26.4 s, with
///   6.7-16 s of system time; 256, 18.7-22.0 s, with 7-8.6 s;
/// - 5,000 people with a picture set each (15,000 cache entries): 14.5-19.6 s with 16 HTTP cache
///   folders, 12.6-12.9 s with 256.
///
/// More folders do not avoid the last build's groups (ext4 picks the same emptiest groups again)
/// but share its deleted inodes among many groups, so no group has many to step over: the cost
/// stays bounded instead of depending on luck.
///
/// How: ext4's Orlov allocator places each new subfolder of a folder marked "top of a hierarchy"
/// (`FS_TOPDIR_FL`, what `chattr +T` sets) in the block group with the fewest folders, searching
/// from a hash of its name, so successive subfolders go to different groups. So the parent is
/// marked; a store's own folder is made under a random name and renamed into place (the rename
/// moves no inode), its subfolders by name. Where the flag is refused (tmpfs, other file systems,
/// another owner's folder) this is a plain `mkdir`, and it never fails for that.
enum SpreadFolder {
    /// Creates `folder` and its parents when it is missing; does nothing when it exists. For a
    /// store's own folder (`http-v3`, `output-v1`): made under a random name and renamed, so that
    /// where ext4 starts its search differs from one build to the next.
    /// `mode`: a new folder's permissions (less the umask).
    static func create(_ folder: URL, mode: mode_t = 0o755) throws {
        if isFolder(folder.path) { return }
        try creating.withLock { prepared in
            if isFolder(folder.path) { return }
            let parent = folder.deletingLastPathComponent()
            try prepare(parent, &prepared)
            let temporary = parent.path + "/" + temporaryPrefix + folder.lastPathComponent + "-"
                + String(UInt64.random(in: 0...UInt64.max), radix: 16)
            if mkdir(temporary, mode) == 0, !renameWithoutReplacing(temporary, folder.path) {
                // Another thread or process created the folder first: use theirs.
                rmdir(temporary)
            }
            // Whatever happened above (a read-only parent, a race lost), the folder must now exist.
            if !isFolder(folder.path) {
                try PlainFile.makeFolders(folder.path, mode: mode)
            }
        }
    }

    /// Creates `folder`, one of the 256 a store spreads its files over, when it is missing. Made
    /// by name with one `mkdir`, which no other creator can undo: a cold build makes hundreds,
    /// and ext4 spreads them whatever their names, as each one makes its group less empty.
    static func createSubfolder(_ folder: URL) throws {
        let parent = folder.deletingLastPathComponent()
        try creating.withLock { prepared in try prepare(parent, &prepared) }
        if mkdir(folder.path, 0o755) == 0 || errno == EEXIST { return }
        // The parent vanished since it was prepared: make the whole path.
        try create(folder)
    }

    /// Makes `parent` and marks it, once per process (again if it was removed and made anew
    /// since, by this process or another).
    private static func prepare(_ parent: URL, _ prepared: inout [String: UInt64]) throws {
        if let known = prepared[parent.path], known == FileKind.folderInode(parent.path) { return }
        try PlainFile.makeFolders(parent.path)
        markTopOfHierarchy(parent.path)
        prepared[parent.path] = FileKind.folderInode(parent.path)
    }

    /// Renames `source` to `destination` unless a folder is there already. `rename(2)` would
    /// replace an empty one, which another creator may be about to fill: checking first leaves
    /// that to a race between processes, which the writers' retry on `ENOENT` absorbs, and
    /// `creating` keeps the threads of one process out of it.
    private static func renameWithoutReplacing(_ source: String, _ destination: String) -> Bool {
        !isFolder(destination) && rename(source, destination) == 0
    }

    /// Held while this process creates a folder; holds the parents this process has made and
    /// marked already, by path and inode.
    private static let creating = Mutex<[String: UInt64]>([:])

    /// What the random names of folders being created start with.
    static let temporaryPrefix = ".new-"

    /// The names of the 256 subfolders a store spreads its files over: the first two hex digits
    /// of its file names (`Hex`).
    static let subfolderNames: [String] = (0...255).map { Hex.string([UInt8($0)]) }

    /// Creates whichever of `parent`'s 256 subfolders (`subfolderNames`) are missing, as the
    /// first file of each would. A cold build creates them all, each costing ext4's Orlov
    /// allocator a look at every block group; made ahead, while the build waits on the network,
    /// they cost the download phase nothing. Creates nothing when `parent` is missing, and stops
    /// when it goes away.
    static func createSubfolders(in parent: URL) {
        guard isFolder(parent.path) else { return }
        let existing = Set((try? FileManager.default.contentsOfDirectory(atPath: parent.path)) ?? [])
        guard subfolderNames.contains(where: { !existing.contains($0) }) else { return }
        markTopOfHierarchy(parent.path)
        for name in subfolderNames where !existing.contains(name) {
            if mkdir(parent.path + "/" + name, 0o755) != 0, errno == ENOENT { return }
        }
    }

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
