import CRenameExchange
import Crypto
import Foundation
import Synchronization

/// Builds a site into a staging folder beside the output folder and swaps it in only when the
/// whole build has succeeded, so a failed or killed build leaves the previous output as it was.
/// The staging folder gets the mark (`.site-output`) by which `OutputOwnership` lets the next
/// build replace it; check a destination with `OutputOwnership` before making one.
///
/// Files whose bytes did not change are hard-linked from the previous output instead of written,
/// so their modification time stays the same. When nothing changed at all (same files, same
/// bytes), the previous output simply stays: a no-op rebuild creates no file and no folder.
/// Other files are hard-linked from the `OutputStore` in the cache when it has their bytes (and
/// stored there first when it does not), so rebuilding a removed output creates no file either.
public final class StagedOutput: Sendable {
    /// Where the finished site goes (`--output`).
    public let destination: URL
    /// The folder being filled; removed or swapped in at the end.
    public let staging: URL
    /// `destination.path` and `staging.path`, which `URL` would work out again on every use.
    private let destinationPath: String
    private let stagingPath: String
    /// Where new files are linked from, if anywhere.
    private let store: OutputStore?
    /// Whether there was an output folder to compare with (none after it was removed).
    private let hasPrevious: Bool
    /// The previous output folder's inode when the build started: another build that published
    /// meanwhile put a folder of its own in its place, whose files this build never compared.
    private let previousFolder: UInt64?
    /// The permissions of the previous output's files, as its mark has them (every build writes
    /// it with the mode of its files); nil without a previous output or mark.
    let previousFileMode: mode_t?
    private let tally = Mutex(Counts())
    /// Folders inside the staging folder known to exist, as relative paths ("" is the staging folder).
    private let folders = Mutex<Set<String>>([""])
    /// Every path written, and those whose bytes match the previous output (linked at commit).
    private let paths = Mutex<(all: Set<String>, unchanged: [String])>(([], []))
    /// Every path written so far, as the output's mark lists them once the site is swapped in.
    var writtenPaths: Set<String> { paths.withLock { $0.all } }
    /// The SHA-256 of every file written, when there is a store: the files a `BuildRecord` can
    /// restore from it.
    private let digests = Mutex<[String: SHA256Digest]>([:])
    /// The staging folder's lock, held until the site is swapped in or thrown away: what tells
    /// other builds, whatever their PID namespace, that the folder is no leftover.
    private let lock: FolderLock?

    /// What a build did to the output, for the summary.
    public struct Counts: Sendable, Equatable {
        public var written = 0
        public var unchanged = 0
    }

    /// The first folder made to hold the output, when its parent did not exist (`/srv/new` for an
    /// output `/srv/new/site/public` where `/srv` was all there was); nil when nothing was made.
    public let createdParent: String?

    /// Creates the staging folder. Leftovers of killed builds beside `destination` are removed first.
    public init(destination: URL, store: OutputStore? = nil) throws {
        let destination = destination.standardizedFileURL
        self.destination = destination
        self.store = store
        let parent = destination.deletingLastPathComponent()
        let name = destination.lastPathComponent
        let fileManager = FileManager.default
        // The topmost of the output's missing parents, for the note that says they were made: a
        // mistyped --output (/srv/wwww/site) creates folders outside it, and should not in silence.
        var missing: URL?
        var folder = parent
        while !fileManager.fileExists(atPath: folder.path), folder.path != "/" {
            missing = folder
            folder = folder.deletingLastPathComponent()
        }
        createdParent = missing?.path
        try OutputError.wrap(path: parent.path, action: "create the folder") {
            try PlainFile.makeFolders(parent.path)
        }
        leftoversKept = Self.removeLeftovers(in: parent, name: name)
        Self.recoverInterruptedSwap(destination: destination)
        var isFolder: ObjCBool = false
        hasPrevious = fileManager.fileExists(atPath: destination.path, isDirectory: &isFolder) && isFolder.boolValue
        previousFolder = hasPrevious ? FileKind.folderInode(destination.path) : nil
        var markInfo = stat()
        previousFileMode = hasPrevious && lstat(destination.path + "/" + OutputOwnership.markName, &markInfo) == 0
            && markInfo.st_mode & S_IFMT == S_IFREG ? markInfo.st_mode & 0o777 : nil
        let staging = parent.appendingPathComponent(Self.stagingPrefix(name) + "\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString.prefix(8))")
        // Known as this process's before it exists, so a build beside it never takes it for a leftover.
        Self.live.withLock { _ = $0.insert(staging.path) }
        self.staging = staging
        destinationPath = destination.path
        stagingPath = staging.path
        try OutputError.wrap(path: staging.path, action: "create the staging folder") {
            // With the mode of every folder inside it (0755 less the umask), where Foundation's
            // 0777 made the top of a new output world-writable under umask 000.
            try PlainFile.makeFolder(staging.path)
        }
        lock = FolderLock(staging.path)
        let mark = stagingPath + "/" + OutputOwnership.markName
        do {
            try OutputError.wrap(path: mark, action: "write") {
                _ = try PlainFile.write(OutputOwnership.markBytes, to: mark)
            }
        } catch {
            // No build will write here: a full disk must not also keep the folder.
            try? fileManager.removeItem(at: staging)
            throw error
        }
    }

    deinit {
        Self.live.withLock { _ = $0.remove(stagingPath) }
    }

    public var counts: Counts { tally.withLock { $0 } }

    /// Files of the previous output that no build wrote (a `CNAME`, a download put there by
    /// hand), carried over into the new one by `commit()`; relative paths, sorted.
    public private(set) var carried: [String] {
        get { carriedFiles.withLock { $0 } }
        set { carriedFiles.withLock { $0 = newValue } }
    }
    private let carriedFiles = Mutex<[String]>([])

    /// After `commit()`: the previous site, swapped out of the output, when it could not be
    /// removed (a folder in it that is not writable), and why. It stays beside the output as a
    /// leftover that later builds and `site clean` try to remove; the build says so, since it
    /// holds a whole site's worth of disk.
    public var previousSiteLeft: (path: String, reason: String)? { previousLeft.withLock { $0 } }
    /// Leftovers beside the output (earlier sites swapped out, staging folders of killed builds)
    /// that this build found and could not remove either, and why: each may hold a whole site.
    public let leftoversKept: [(path: String, reason: String)]
    private let previousLeft = Mutex<(path: String, reason: String)?>(nil)

    /// Writes `data` at `relativePath` (e.g. "users/page/2/index.html") inside the staging folder.
    /// A file whose bytes differ from the previous output's gets the current time, even when it
    /// is linked from a copy an earlier build stored; `restoring` keeps a stored copy's time, for
    /// bytes that are those the last build published at that path.
    public func write(_ data: Data, to relativePath: String, digest: SHA256Digest? = nil, restoring: Bool = false) throws {
        try OutputPath.check(relativePath)
        let target = stagingPath + "/" + relativePath
        let previous = destinationPath + "/" + relativePath
        let digest = store == nil ? digest : digest ?? SHA256.hash(data: data)
        if let digest { digests.withLock { $0[relativePath] = digest } }
        try OutputError.wrap(path: target, action: "write") {
            // Unchanged: the same bytes, and the mode this process gives new files (one published
            // under another umask, 0600 where a web server must read it, is written anew).
            if hasPrevious, PlainFile.holds(data, at: previous, mode: FileCreationMode.regularFile) {
                paths.withLock { $0.all.insert(relativePath); $0.unchanged.append(relativePath) }
                tally.withLock { $0.unchanged += 1 }
                return
            }
            try makeFolders(ofFileAt: relativePath)
            if store?.place(data, at: target, digest: digest, changed: !restoring) != true {
                try PlainFile.write(data, to: target)
            }
            paths.withLock { _ = $0.all.insert(relativePath) }
            tally.withLock { $0.written += 1 }
        }
    }

    /// Every file of the build and the SHA-256 of its bytes, in path order; nil without a store.
    var fileDigests: [(path: String, digest: SHA256Digest)]? {
        guard store != nil else { return nil }
        return digests.withLock { $0 }.map { ($0.key, $0.value) }.sorted { $0.path < $1.path }
    }

    /// Hard-links the unchanged files from the previous output into the staging folder. A file
    /// that went away meanwhile (another build published, or someone removed the output) comes
    /// from the store, which keeps every published file's bytes by their digest.
    private func linkUnchanged() throws {
        for relativePath in paths.withLock({ $0.unchanged }) {
            let target = stagingPath + "/" + relativePath
            let previous = destinationPath + "/" + relativePath
            try OutputError.wrap(path: target, action: "write") {
                try makeFolders(ofFileAt: relativePath)
                guard link(previous, target) != 0 else { return }
                if let data = try? Data(contentsOf: URL(fileURLWithPath: previous)) {
                    try PlainFile.write(data, to: target)
                } else if try !placeStoredCopy(at: relativePath, changed: false) {
                    throw OutputError(path: previous, action: "copy the unchanged file", underlying: nil, message: """
                        \(previous), unchanged by this build, went away while it ran: another build published into \
                        \(destinationPath), or something removed files from it. Build again
                        """)
                }
            }
        }
    }

    /// Another build published into the output while this one ran: the files this build found
    /// unchanged were compared with the site that build replaced, and linking them now would
    /// publish that build's bytes. Each stays unchanged only where the output holds this build's
    /// bytes still; the others are put in from the store, by digest.
    private func recheckUnchanged() throws {
        var kept: [String] = []
        for relativePath in paths.withLock({ $0.unchanged }) {
            let previous = destinationPath + "/" + relativePath
            let digest = digests.withLock { $0[relativePath] }
            var info = stat()
            if let digest, stat(previous, &info) == 0, info.st_mode & 0o777 == FileCreationMode.regularFile,
               let (data, _) = PlainFile.read(previous), SHA256.hash(data: data) == digest {
                kept.append(relativePath)
                continue
            }
            guard try placeStoredCopy(at: relativePath, changed: true) else {
                throw OutputError(path: destinationPath, action: "replace the output folder", underlying: nil, message: """
                    \(destinationPath) was replaced while this build ran (another build published into it, or it was removed \
                    or moved), and \(relativePath), which this build found unchanged there, is no longer as it was, nor among \
                    the cache's copies of published files. Build again: the next build publishes in one go (builds into one \
                    output folder are best run one at a time)
                    """)
            }
            tally.withLock { $0.unchanged -= 1; $0.written += 1 }
        }
        paths.withLock { $0.unchanged = kept }
    }

    /// Puts the store's copy of this build's bytes for `relativePath` in the staging folder (linked,
    /// or written where it cannot be); false when the store has none. `changed`: as for
    /// `OutputStore.place`.
    private func placeStoredCopy(at relativePath: String, changed: Bool) throws -> Bool {
        guard let digest = digests.withLock({ $0[relativePath] }), let store,
              let (data, _) = store.contents(named: Hex.string(digest)) else { return false }
        let target = stagingPath + "/" + relativePath
        try OutputError.wrap(path: target, action: "write") {
            try makeFolders(ofFileAt: relativePath)
            if !store.place(data, at: target, digest: digest, changed: changed) { try PlainFile.write(data, to: target) }
        }
        return true
    }

    /// Read permissions the previous output's files had and this build's lack, as `(before, now)`
    /// modes: a build under umask 077 after one under 022 published every file 0600 while the
    /// folders kept 0755, and a web server reading as another user answered 403 for every page.
    public var lostReadPermission: (before: mode_t, now: mode_t)? {
        guard let before = previousFileMode, Self.lostReadBits(before: before, now: FileCreationMode.regularFile) != 0 else { return nil }
        return (before, FileCreationMode.regularFile)
    }

    /// The read bits for group and others that `before` has and `now` does not.
    static func lostReadBits(before: mode_t, now: mode_t) -> mode_t {
        before & 0o044 & ~now
    }

    /// Whether the previous output holds exactly the files this build produced (hidden top-level
    /// entries and the user's own files aside), every one of them unchanged, and the same mark.
    private func previousOutputIsCurrent(previous: [String]?, userFiles: Set<String>, mark: Data) -> Bool {
        let (all, unchanged) = paths.withLock { ($0.all, $0.unchanged.count) }
        guard unchanged == all.count, !all.isEmpty, PlainFile.holds(mark, at: destinationPath + "/" + OutputOwnership.markName),
              let files = previous?.filter({ !userFiles.contains($0) }) else { return false }
        return files.count == all.count && files.allSatisfy { all.contains($0) }
    }

    /// The previous output's files that no build wrote (those its mark does not list; none when
    /// the mark lists nothing, as an older version's does not). Throws when one of them is in the
    /// way of this build's files: the user's file is never replaced.
    private func userFiles(previous: [String]?) throws -> Set<String> {
        guard let previous, let written = OutputOwnership.writtenPaths(in: destination) else { return [] }
        let all = paths.withLock { $0.all }
        let own = previous.filter { !written.contains($0) }
        guard !own.isEmpty else { return [] }
        // A file of the user's where this build writes one, where it needs a folder, or inside
        // a path that is now one of its files.
        var folders = Set<String>()
        for path in all {
            var end = path.endIndex
            while let slash = path[..<end].lastIndex(of: "/") {
                guard folders.insert(String(path[..<slash])).inserted else { break }
                end = slash
            }
        }
        let inTheWay = own.filter { path in
            all.contains(path) || folders.contains(path)
                || path.indices.contains { path[$0] == "/" && all.contains(String(path[..<$0])) }
        }
        guard inTheWay.isEmpty else {
            let shown = inTheWay.sorted().shortList()
            throw OutputError(path: destinationPath, action: "replace the output folder", underlying: nil, message: """
                the output folder \(destinationPath) holds \(inTheWay.count == 1 ? "a file" : "files") of your own (no build wrote \
                \(inTheWay.count == 1 ? "it" : "them")) where this build writes its pages: \(shown). Builds keep files of yours \
                only at paths the site does not use: move \(inTheWay.count == 1 ? "it" : "them") elsewhere, then build again
                """)
        }
        return Set(own)
    }

    /// Links the user's files of the previous output into the staging folder, at their places.
    private func carry(_ userFiles: Set<String>) throws {
        for relativePath in userFiles.sorted() {
            try makeFolders(ofFileAt: relativePath)
            try Self.carry(destinationPath + "/" + relativePath, to: stagingPath + "/" + relativePath)
        }
        carried = userFiles.sorted()
    }

    /// Makes the empty folders of the previous output (the user's: a build makes none) in the
    /// staging folder, but where a file of the build's stands at their place or above it: an
    /// empty folder is not worth failing a build for.
    private func carryEmptyFolders(_ empty: [String]) {
        for relative in empty.sorted() {
            var info = stat()
            guard lstat(stagingPath + "/" + relative, &info) != 0 else { continue }
            try? makeFolders(ofFileAt: relative + "/")
        }
    }

    /// Gives every folder of the new output that the previous one had too the permissions and
    /// owner it had there: a folder of the user's made private (`chmod 700 downloads/drafts`)
    /// became 755 in the next build, readable by the web server. Owner and group change only
    /// where the system allows it.
    private func keepFolderAttributes() {
        guard hasPrevious else { return }
        for relative in folders.withLock({ $0 }) where !relative.isEmpty {
            var before = stat(), now = stat()
            let target = stagingPath + "/" + relative
            guard lstat(destinationPath + "/" + relative, &before) == 0, before.st_mode & S_IFMT == S_IFDIR,
                  lstat(target, &now) == 0, now.st_mode & S_IFMT == S_IFDIR else { continue }
            if before.st_uid != now.st_uid || before.st_gid != now.st_gid { _ = chown(target, before.st_uid, before.st_gid) }
            if before.st_mode & 0o7777 != now.st_mode & 0o7777 { _ = chmod(target, before.st_mode & 0o7777) }
        }
    }

    /// Creates the folders of the checked relative path of a file inside the staging folder, each
    /// once per build.
    private func makeFolders(ofFileAt relativePath: String) throws {
        guard let slash = relativePath.lastIndex(of: "/") else { return }
        let parent = String(relativePath[..<slash])
        if folders.withLock({ $0.contains(parent) }) { return }
        var relative = ""
        for component in parent.split(separator: "/") {
            relative += relative.isEmpty ? component : "/" + component
            guard !folders.withLock({ $0.contains(relative) }) else { continue }
            try PlainFile.makeFolder(stagingPath + "/" + relative)
            folders.withLock { _ = $0.insert(relative) }
        }
    }

    /// Swaps the staging folder in place of the destination.
    ///
    /// Hidden top-level files of the previous output (a `.gitkeep`, `.nojekyll`, …) belong to the
    /// user, not to the build, and are carried over.
    public func commit() throws {
        let fileManager = FileManager.default
        // One build at a time compares with the output and swaps in: a build publishing between
        // this one's listing of the output and its reading of the mark made its files look like
        // the user's, and failed this build.
        let turn = try FolderLock.waitForTurn(at: destination.deletingLastPathComponent().path, to: "publish into \(destinationPath)")
        defer { turn?.release() }
        if hasPrevious, FileKind.folderInode(destinationPath) != previousFolder { try recheckUnchanged() }
        // The previous output's files (and links: a build writes none, so they are the user's),
        // listed once for both questions below.
        let listing = hasPrevious ? OutputFiles.entries(in: destination) : nil
        if let listing { try refuseUnreadable(listing.unreadable) }
        let previous = listing.map { $0.files.map(\.path) + $0.others }
        let userFiles = try userFiles(previous: previous)
        let mark = OutputOwnership.markBytes(listing: paths.withLock { $0.all })
        if previousOutputIsCurrent(previous: previous, userFiles: userFiles, mark: mark) {
            carried = userFiles.sorted()
            discard()
            return
        }
        try OutputError.wrap(path: stagingPath + "/" + OutputOwnership.markName, action: "write") {
            _ = try PlainFile.write(mark, to: stagingPath + "/" + OutputOwnership.markName)
        }
        try carry(userFiles)
        carryEmptyFolders(listing?.emptyFolders ?? [])
        try linkUnchanged()
        keepFolderAttributes()
        if let entries = try? fileManager.contentsOfDirectory(atPath: destination.path) {
            for name in entries where name.hasPrefix(".") {
                let kept = stagingPath + "/" + name
                var info = stat()
                if lstat(kept, &info) != 0 {
                    try Self.carry(destinationPath + "/" + name, to: kept)
                }
            }
        }
        try swapIn()
        // Published: no longer a staging folder for anyone to keep.
        lock?.release()
        store?.sweepIfDue()
    }

    /// Gives the staging folder the permissions and owner of the output folder it replaces, so
    /// that a web root set up by hand (`chmod 2750`, a web server's group) stays as it was set.
    /// Owner and group change only where the system allows it; otherwise they stay the builder's.
    private func takeFolderAttributes() {
        var info = stat()
        guard stat(destinationPath, &info) == 0 else { return }
        _ = chown(stagingPath, info.st_uid, info.st_gid)
        _ = chmod(stagingPath, info.st_mode & 0o7777)
    }

    /// Puts the staging folder in place of the destination. Where the system can, both folders
    /// trade names in one step (`renameat2` with `RENAME_EXCHANGE`), so that a build killed at
    /// any moment leaves the old site or the new one at the destination, never neither; the old
    /// one, now under the staging name, is removed after (or, if that fails, by the next build,
    /// as a leftover). Elsewhere the old folder is moved aside first, and a build killed between
    /// the two moves is repaired by the next one (`recoverInterruptedSwap`).
    private func swapIn() throws {
        let fileManager = FileManager.default
        guard fileManager.fileExists(atPath: destinationPath) else {
            try OutputError.wrap(path: destinationPath, action: "move the new site into place") {
                try fileManager.moveItem(atPath: stagingPath, toPath: destinationPath)
            }
            return
        }
        takeFolderAttributes()
        // The previous site is locked too, so that once it has the staging name no other build
        // takes it for a leftover and removes it alongside this one.
        let previousLock = FolderLock(destinationPath)
        defer { previousLock?.release() }
        if site_rename_exchange(stagingPath, destinationPath) == 0 {
            lock?.release()
            do {
                try fileManager.removeItem(atPath: stagingPath)
            } catch {
                previousLeft.withLock { $0 = (stagingPath, FileProblem.describe(error)) }
            }
            return
        }
        let failure = errno
        guard failure == EINVAL || failure == ENOSYS || failure == ENOTSUP else {
            throw OutputError(path: destinationPath, action: "move the new site into place",
                              underlying: NSError(domain: NSPOSIXErrorDomain, code: Int(failure)))
        }
        let retired = Self.retiredName(for: destination)
        Self.clearRetired(retired)
        try OutputError.wrap(path: destinationPath, action: "move the previous output aside to \(retired.lastPathComponent)") {
            try fileManager.moveItem(at: destination, to: retired)
        }
        do {
            try fileManager.moveItem(atPath: stagingPath, toPath: destinationPath)
        } catch {
            try? fileManager.moveItem(at: retired, to: destination)
            throw OutputError(path: destinationPath, action: "move the new site into place", underlying: error)
        }
        Self.clearRetired(retired)
    }

    /// Removes the folder an earlier swap moved aside; one that cannot be removed (a read-only
    /// folder inside it) is renamed as a leftover staging folder, so that it never stands in the
    /// way of the next swap, and later builds try again to remove it.
    static func clearRetired(_ retired: URL) {
        let fileManager = FileManager.default
        guard fileManager.fileExists(atPath: retired.path) else { return }
        try? fileManager.removeItem(at: retired)
        guard fileManager.fileExists(atPath: retired.path) else { return }
        let name = String(retired.lastPathComponent.dropFirst().dropLast(".previous".count))
        let aside = retired.deletingLastPathComponent()
            .appendingPathComponent(stagingPrefix(name) + "\(ProcessInfo.processInfo.processIdentifier)-retired-\(UUID().uuidString.prefix(8))")
        try? fileManager.moveItem(at: retired, to: aside)
    }

    /// Puts the entry at `source` (one of the user's in the previous output) at `target`, leaving
    /// `source` as it is until the swap: files as hard links, symbolic links as links to the same
    /// place, folders (a `.git` a deploy pushes from) made anew and filled the same way, so that no
    /// file's bytes are copied where a link is possible. Whatever cannot be linked is copied.
    /// Throws, naming the entry, when it cannot be carried over whole (a folder that cannot be
    /// read, a FIFO or a socket): the swap would leave it behind with the previous site.
    static func carry(_ source: String, to target: String) throws {
        var info = stat()
        guard lstat(source, &info) == 0 else {
            // A name that is not UTF-8 (a Latin-1 `café.pdf`) was listed with U+FFFD for its odd
            // bytes, and cannot be opened by that name: it would be left behind, and lost.
            if source.unicodeScalars.contains("\u{FFFD}") {
                throw cannotCarry(source, "a file or folder whose name is not valid UTF-8 (shown with \u{FFFD} for the bytes that are not)",
                                  fix: "rename it in UTF-8 (convmv -f latin1 -t utf8 --notest, or by hand)")
            }
            return  // gone since it was listed: nothing to keep
        }
        switch info.st_mode & S_IFMT {
        case S_IFDIR:
            let names: [String]
            do {
                names = try FileManager.default.contentsOfDirectory(atPath: source)
            } catch {
                throw cannotCarry(source, "a folder this build cannot read (\(FileProblem.describe(error)))",
                                  fix: "make it readable (chmod -R u+rX)")
            }
            guard mkdir(target, info.st_mode & 0o7777 | 0o700) == 0 else {
                throw OutputError(path: target, action: "carry over", underlying: NSError(domain: NSPOSIXErrorDomain, code: Int(errno)))
            }
            for name in names {
                try carry(source + "/" + name, to: target + "/" + name)
            }
            _ = chmod(target, info.st_mode & 0o7777)
        case S_IFLNK:
            let destination: String
            do {
                destination = try FileManager.default.destinationOfSymbolicLink(atPath: source)
            } catch {
                throw cannotCarry(source, "a symbolic link this build cannot read (\(FileProblem.describe(error)))", fix: "remove it")
            }
            guard symlink(destination, target) == 0 else {
                throw OutputError(path: target, action: "carry over", underlying: NSError(domain: NSPOSIXErrorDomain, code: Int(errno)))
            }
        case S_IFREG:
            guard link(source, target) != 0 else { return }
            do {
                try FileManager.default.copyItem(atPath: source, toPath: target)
            } catch {
                throw cannotCarry(source, "a file this build can neither link nor copy (\(FileProblem.describe(error)))",
                                  fix: "make it readable (chmod u+r)")
            }
        default:
            throw cannotCarry(source, "a FIFO, socket or device, which a build cannot carry over", fix: "remove it")
        }
    }

    /// The error for an entry of the user's that a build cannot carry into the new output.
    private static func cannotCarry(_ path: String, _ what: String, fix: String) -> OutputError {
        OutputError(path: path, action: "carry over", underlying: nil, message: """
            \(path) is \(what). A build replaces the output folder whole and carries your own files into the new \
            one, so it must be able to copy them: \(fix), or move it out of the output folder, then build again
            """)
    }

    /// Throws when the previous output holds folders that cannot be read: the user's files in
    /// them could be neither told from the build's nor carried over.
    private func refuseUnreadable(_ folders: [String]) throws {
        guard let first = folders.first else { return }
        throw Self.cannotCarry(destinationPath + "/" + first, "a folder this build cannot read (permission denied)"
                                   + (folders.count > 1 ? ", and \(folders.count - 1) more like it" : ""),
                               fix: "make it readable (chmod -R u+rX)")
    }

    /// Throws the staging folder away, and the store's copies this build made; the previous
    /// output is untouched.
    public func discard() {
        try? FileManager.default.removeItem(at: staging)
        lock?.release()
        store?.forgetNew()
    }

    static func retiredName(for destination: URL) -> URL {
        destination.deletingLastPathComponent().appendingPathComponent(".\(destination.lastPathComponent).previous")
    }

    /// Removes staging folders of builds that were killed (see `builder(of:prefix:)`), and earlier
    /// sites swapped out and left there. Returns those that could not be removed, and why, sorted.
    @discardableResult
    static func removeLeftovers(in parent: URL, name: String) -> [(path: String, reason: String)] {
        let prefix = stagingPrefix(name)
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: parent.path) else { return [] }
        var kept: [(path: String, reason: String)] = []
        for entry in entries.sorted() where entry.hasPrefix(prefix) {
            let folder = parent.appendingPathComponent(entry)
            guard builder(of: folder, prefix: prefix) == nil else { continue }
            do {
                try FileManager.default.removeItem(at: folder)
            } catch {
                kept.append((folder.path, FileProblem.describe(error)))
            }
        }
        return kept
    }

    /// What the staging folders of the output `name` are called, up to their builder's PID.
    static func stagingPrefix(_ name: String) -> String { ".\(name).staging-" }

    /// The PID of the build that may still be filling the staging folder `folder` (as its name
    /// gives it), or nil when it is a leftover. A build holds its staging folder's lock
    /// (`FolderLock`) until it ends, however it ends, so an unlocked folder is a leftover; only
    /// one made in the last seconds, or one that cannot be opened to ask, is judged by the PID
    /// in its name (`ProcessLiveness`: gone, a zombie, or another process that got the PID
    /// since). A folder with this process's PID is a leftover too unless this process is
    /// building into it (`live`): an earlier process had the same PID.
    static func builder(of folder: URL, prefix: String, now: Date = Date()) -> pid_t? {
        let ownPID = ProcessInfo.processInfo.processIdentifier
        if live.withLock({ $0.contains(folder.path) }) { return ownPID }
        let named = folder.lastPathComponent.dropFirst(prefix.count).split(separator: "-").first.flatMap { pid_t($0) }
        var info = stat()
        guard lstat(folder.path, &info) == 0 else { return nil }
        let modified = Date(timeIntervalSince1970: Double(info.st_mtim.tv_sec))
        let held = FolderLock.isHeld(folder.path)
        // A build holds it, maybe in another PID namespace (a container), where the PID in the
        // name is not this one's to look up.
        if held == true { return named ?? 0 }
        // Nobody holds it: its build ended, unless the folder is new enough to be between being
        // made and being locked. Then, or when the lock cannot be asked, the PID says what it can.
        if held == false, now.timeIntervalSince(modified) >= 10 { return nil }
        guard let pid = named, pid != ownPID, ProcessLiveness.mayBeRunning(pid: pid, lastModified: modified) else { return nil }
        return pid
    }

    /// The staging folders this process is building into.
    private static let live = Mutex<Set<String>>([])

    /// A build killed between the two renames of `commit()` leaves only the retired folder: put it back.
    static func recoverInterruptedSwap(destination: URL) {
        let retired = retiredName(for: destination)
        let fileManager = FileManager.default
        guard fileManager.fileExists(atPath: retired.path) else { return }
        if fileManager.fileExists(atPath: destination.path) {
            clearRetired(retired)
        } else {
            try? fileManager.moveItem(at: retired, to: destination)
        }
    }
}
