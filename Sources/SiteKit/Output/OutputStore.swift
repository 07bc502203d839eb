import Crypto
import Foundation
import Synchronization

/// A content-addressed folder of output files inside the cache folder (`<cache>/output-v1/`),
/// from which builds hard-link their pages and pictures instead of creating new files.
///
/// Layout: `output-v1/<ab>/<sha256>`, in one of 256 folders named by the hash's first two hex
/// digits. Each folder is created spread out (see `SpreadFolder`), so that a cold build's new
/// files, one per page and picture (50,000 and more for a large site), fall in many ext4 block
/// groups instead of a few. Files stored flat in `output-v1/` by earlier versions are no longer
/// used and are swept like any unlinked file.
///
/// A warm build whose output folder was removed (a CI checkout, `site clean` of the output, a
/// deploy step that moves it away) still produces the same bytes; linking them from here costs a
/// directory entry each, where a new file costs an inode, and allocating inodes is most of such a
/// build's time on ext4. Like every file of the output, a stored file is only ever replaced by
/// rename, never rewritten, and its bytes are compared before each use, so an output file edited
/// in place (which edits the stored copy too) is noticed and replaced, never published again.
///
/// Linking needs the cache and the output on one file system; when `link(2)` fails for any other
/// reason than a vanished file, the store steps aside for the rest of the build and files are
/// written as usual.
public final class OutputStore: Sendable {
    /// The store's folder: one file per distinct content, named by the SHA-256 of its bytes, in
    /// 256 subfolders (`path(of:)`).
    public let folder: URL
    /// `folder.path`, which `URL` would work out again on every use.
    private let folderPath: String
    private let linking = Atomic<Bool>(true)
    /// Names of stored files this build read back and checked against their name (`contents`):
    /// linking them needs no second comparison.
    private let checked = Mutex<Set<String>>([])
    /// Paths of the files this build stored (new to the store), for `forgetNew()`.
    private let stored = Mutex<[String]>([])
    /// The store was made by this process: it holds nothing to link but what this process stored
    /// (`storedNames`), so other names are not looked up first (a failed `stat` per page, 3.5% of
    /// a cold build of 50,000 people). A copy another build stores meanwhile is stored again, by
    /// rename, with the same bytes.
    private let startedEmpty: Bool
    /// Names this process stored, kept past `forgetNew()` (which clears `stored` and leaves the
    /// copies that are still linked), for `startedEmpty`'s lookups.
    private let storedNames = Mutex<Set<String>>([])

    /// Opens the store under `cacheDirectory`, creating it; nil when the folder cannot be made.
    public init?(cacheDirectory: URL) {
        folder = Self.folder(in: cacheDirectory)
        folderPath = folder.path
        let isNew = !FileManager.default.fileExists(atPath: folder.path)
        startedEmpty = isNew
        do {
            try SpreadFolder.create(folder)
        } catch {
            return nil
        }
        // A new store has nothing to sweep: the first build need not stat every file it stored.
        if isNew { CacheFiles.touch(folder.path + "/" + Self.sweptMarker, at: Date()) }
        CacheFiles.removeLegacyTemporaryFolder(in: folder, olderThan: HTTPCache.temporaryFileLifetime)
    }

    /// The store's folder in the cache folder `cacheDirectory`.
    static func folder(in cacheDirectory: URL) -> URL {
        cacheDirectory.appendingPathComponent("output-v1", isDirectory: true)
    }

    /// Puts `data` at `target` (a path whose folder exists and where nothing is yet) as a hard
    /// link to the store's copy, storing the bytes first when they are new. `digest` is the
    /// SHA-256 of `data` when the caller has it already. False when the file could not be linked;
    /// the caller then writes it itself.
    ///
    /// `changed` says that these bytes are new at `target`'s path: a copy stored by an earlier
    /// build then gets the current time as its modification time, as a file written anew would.
    /// Otherwise a page changed back to an earlier version would be published with that version's
    /// time, older than the one it replaces, and HTTP validation (`If-Modified-Since`) and deploy
    /// tools that compare times would keep the replaced version. (Every output linking the copy
    /// sees the new time: a later time than needed, which costs at most a transfer.)
    func place(_ data: Data, at target: String, digest: SHA256Digest? = nil, changed: Bool = true) -> Bool {
        guard linking.load(ordering: .relaxed) else { return false }
        let name = Hex.string(digest ?? SHA256.hash(data: data))
        let stored = path(of: name)
        var known = digest != nil && checked.withLock { $0.contains(name) }
        for _ in 0..<2 {
            // A copy stored under another umask (a cache restored from a CI job with 077) would
            // publish its permissions, pages a web server cannot read: it is stored anew, with
            // this process's (outputs linking the old copy keep theirs).
            let lookUp = !startedEmpty || storedNames.withLock { $0.contains(name) }
            let existing = known || lookUp && PlainFile.holds(data, at: stored, mode: FileCreationMode.regularFile)
            guard existing || store(data, at: stored, named: name) else { return false }
            if link(stored, target) == 0 {
                if existing, changed { _ = utimensat(AT_FDCWD, target, nil, 0) }
                return true
            }
            // Another build's sweep removed the file between the two calls: store it again.
            guard errno == ENOENT else { break }
            known = false
        }
        linking.store(false, ordering: .relaxed)
        return false
    }

    /// The stored file named `name` (the SHA-256 of its bytes, in hex) and that digest, read back
    /// and checked against the name; nil when it is missing or was altered.
    func contents(named name: String) -> (Data, SHA256Digest)? {
        guard let (data, _) = PlainFile.read(path(of: name)) else { return nil }
        let digest = SHA256.hash(data: data)
        guard Hex.string(digest) == name else { return nil }
        // Linked as it is only when of this process's mode (see `place`).
        var info = stat()
        if stat(path(of: name), &info) == 0, info.st_mode & 0o777 == FileCreationMode.regularFile {
            checked.withLock { _ = $0.insert(name) }
        }
        return (data, digest)
    }

    /// Where the file named `name` (a hex SHA-256) is kept: `<folder>/<first two digits>/<name>`.
    func path(of name: String) -> String {
        folderPath + "/" + name.prefix(2) + "/" + name
    }

    /// Every folder that holds stored files, with its names: the 256 subfolders, and the store's
    /// own folder, where earlier versions stored them.
    func listing() -> [(folder: String, names: [String])] {
        let top = (try? FileManager.default.contentsOfDirectory(atPath: folderPath)) ?? []
        let subfolders = top.filter { $0.count == 2 && !$0.hasPrefix(".") }.sorted().map { folderPath + "/" + $0 }
        return [(folderPath, top)] + subfolders.map { ($0, (try? FileManager.default.contentsOfDirectory(atPath: $0)) ?? []) }
    }

    /// Writes `data` to a temporary file and renames it onto `stored`, as the HTTP cache does; a
    /// missing subfolder is created spread out.
    ///
    /// The file is made here, then linked into the staging folder, and not the other way round
    /// (written in place and linked into the store, a rename fewer): ext4 gives a new file an
    /// inode in its folder's block group, and the staging folder is one folder, so a cold build
    /// made all its inodes in one group, where the last build's were freed. Tried three times
    /// (bench/README.md), last at 3f7f13c: cold builds of 5,000 people took 4.3 s instead of
    /// 1.3 s, 6.5 s of it system time.
    private func store(_ data: Data, at path: String, named name: String) -> Bool {
        guard (try? CacheFiles.writeAtomically(data, to: path)) != nil else { return false }
        stored.withLock { $0.append(path) }
        if startedEmpty { storedNames.withLock { _ = $0.insert(name) } }
        return true
    }

    /// Removes the files this build stored that nothing links any more: a build that failed or was
    /// stopped (a full disk, most of all) leaves the store as it found it, instead of holding its
    /// copies until a sweep ten minutes on. A file another build has linked meanwhile stays.
    public func forgetNew() {
        let paths = stored.withLock { paths in
            defer { paths = [] }
            return paths
        }
        for path in paths {
            var info = stat()
            guard lstat(path, &info) == 0, info.st_nlink == 1 else { continue }
            unlink(path)
        }
    }

    /// Sweeps (see `sweep`) unless a sweep of this store ran less than `interval` seconds ago, by
    /// any process: a sweep costs a `stat` per stored file, which builds need not pay each time
    /// when files become removable only after ten minutes anyway.
    public func sweepIfDue(interval: TimeInterval = 300, now: Date = Date()) {
        guard CacheFiles.claimPeriodicTask(marker: folderPath + "/" + Self.sweptMarker, interval: interval, now: now) else { return }
        sweep(now: now)
    }

    /// The empty file whose modification time says when the store was last swept.
    static let sweptMarker = ".swept"

    /// Removes stored files that no output links any more (a link count of 1) and that are older
    /// than `grace`, so a file another build stored a moment ago and has yet to link survives;
    /// temporary files whose writer died; and leftovers of subfolders being created.
    public func sweep(grace: TimeInterval = 600, now: Date = Date()) {
        SpreadFolder.removeLeftovers(in: folder)
        let cutoff = Int(now.timeIntervalSince1970 - grace)
        for (subfolder, names) in listing() {
            for name in names where CacheFiles.isOrphan(name, in: subfolder, olderThan: HTTPCache.temporaryFileLifetime, now: now) {
                CacheFiles.remove(subfolder + "/" + name)
            }
            for name in names where name.count == 64 {
                let path = subfolder + "/" + name
                var info = stat()
                guard lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG,
                      info.st_nlink == 1, Int(info.st_mtim.tv_sec) < cutoff else { continue }
                unlink(path)
            }
        }
    }
}
