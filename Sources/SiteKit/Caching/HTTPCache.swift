import Foundation
import Synchronization

/// The private HTTP cache on disk, shared by builds and `site fetch`, and by several processes at once.
///
/// Layout, all under `directory/http-v3/`:
/// - `entries/<ab>/<primary key hash>.<variant hash>`: one file per stored response, named by a
///   hash of its method and URL, then of its selecting headers, in one of 256 folders named by
///   the hash's first two hex digits. The listing of that folder *is* the index of a URL's
///   variants, so nothing is ever read, modified and written back. Metadata is a length-prefixed
///   record, not JSON (see `CacheEntryCodec`).
/// - `entries/<ab>/.tmp-<pid>-<tag>-<n>`: files being written, beside the entries they become. A
///   finished file is renamed into place, which replaces an older copy atomically; readers see
///   the old file or the new one, never a mix.
///
/// The folders: version 1 gave every URL a folder of its own, and version 2 one of 256, where on
/// a cold build creating the folders cost more than writing the files. Version 3 first used 16
/// (by one hex digit). Now the folders are created spread out on ext4 (`SpreadFolder`), and 256
/// of them keep a cold build's new files from piling up in the few block groups where the last
/// build's were just deleted: 5,000 people with a picture set each (15,000 entries), built cold
/// twice in a row, took 14.5-19.6 s with 16 folders and 12.6-12.9 s with 256. Entries left in a
/// folder of one digit by an earlier version are moved into their folder of two when the cache
/// is opened (a rename each, so the cache stays warm).
///
/// Every file checks its own length and SHA-256 when read; a damaged one is a miss and is
/// replaced by the next store. Files that vanish while being listed or read (another process
/// invalidated them) are skipped. Temporary files of processes that died (a `site fetch` or a
/// build killed while it stored a response) are removed when a lookup lists their folder, and
/// from every folder at most once an hour when a cache is opened (`removeOrphansIfDue`), for
/// URLs nobody asks for again.
public final class HTTPCache: Sendable {
    /// The folder given by the user; the cache writes nowhere else.
    public let directory: URL
    private let entriesFolder: URL
    /// `entriesFolder.path`, kept: a URL works its path out again on every call, several times
    /// per request.
    private let entriesPath: String
    /// Each entries folder's names as this instance last listed them, changed by its own stores
    /// and removals. A client lives for one build or one `site fetch`, so a folder is listed once
    /// per run instead of once per lookup; what other processes store meanwhile is not seen,
    /// which costs at most a request, and what they remove is skipped when it cannot be read.
    private let listings = Mutex<[String: [String]]>([:])

    /// How old an orphaned temporary file must be before it is removed whatever its owner.
    static let temporaryFileLifetime: TimeInterval = 3600

    /// Opens (creating if needed) the cache under `directory`.
    public init(directory: URL) throws {
        self.directory = directory
        entriesFolder = Self.entriesFolder(in: directory)
        let root = entriesFolder.deletingLastPathComponent()
        entriesPath = entriesFolder.path
        SpreadFolder.removeLeftovers(in: directory)
        let isNew = !FileManager.default.fileExists(atPath: root.path)
        try SpreadFolder.create(root, mode: 0o700)
        try PlainFile.makeFolders(entriesFolder.path)
        SpreadFolder.removeLeftovers(in: entriesFolder)
        moveEntriesOfOneDigitFolders()
        CacheFiles.removeLegacyTemporaryFolder(in: root, olderThan: Self.temporaryFileLifetime)
        // A new cache has no orphans: its first build need not list 256 folders for them.
        if isNew { CacheFiles.touch(root.path + "/" + Self.orphanSweepMarker, at: Date()) } else { removeOrphansIfDue() }
    }

    /// The empty file in `http-v3` whose modification time says when every entries folder was
    /// last searched for orphaned temporary files.
    static let orphanSweepMarker = ".orphans-swept"

    /// Removes the temporary files of writers that died from every entries folder, unless any
    /// process did so less than `interval` seconds ago: a listing per folder, 256 in all.
    func removeOrphansIfDue(interval: TimeInterval = 3600, now: Date = Date()) {
        let marker = entriesFolder.deletingLastPathComponent().path + "/" + Self.orphanSweepMarker
        guard CacheFiles.claimPeriodicTask(marker: marker, interval: interval, now: now) else { return }
        for folder in CacheFiles.list(entriesFolder) where folder.count == 2 {
            CacheFiles.removeOrphans(in: entriesFolder.appendingPathComponent(folder, isDirectory: true),
                                     olderThan: Self.temporaryFileLifetime, now: now)
        }
    }

    /// The warning when the cache in `directory` cannot be opened: the path at fault, normalised
    /// (no `..`), and what is wrong with it, such as a file where a folder must be.
    public static func openingProblem(_ directory: URL, error: any Error) -> String {
        "the HTTP cache in \(directory.standardizedFileURL.path) cannot be used (\(unusable(directory, error: error))); continuing without it"
    }

    /// Why the cache folder `directory` cannot be used, in words: the path at fault when a file
    /// stands where a folder must be, else what `error` says.
    static func unusable(_ directory: URL, error: any Error) -> String {
        let folder = directory.standardizedFileURL
        let reason = FileProblem.describe(error)
        // The first part of the path that exists but is not a folder is the one in the way.
        let entries = entriesFolder(in: folder).standardizedFileURL
        var components: [String] = []
        var lastFolder: String?
        for component in entries.pathComponents {
            components.append(component)
            let prefix = components.count == 1 ? component : "/" + components.dropFirst().joined(separator: "/")
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: prefix, isDirectory: &isFolder) {
                if !isFolder.boolValue {
                    return "\(prefix) is \(FileKind.noun(at: prefix)), not a folder"
                }
                lastFolder = prefix
            } else {
                // The first folder missing: asked of the system itself, whose reason Foundation's
                // "error 512" left out (a folder of someone else's, /proc). Made, it is removed again.
                if let parent = lastFolder {
                    if mkdir(prefix, 0o755) != 0 {
                        return "\(component) cannot be made in \(parent): \(lowercasedReason(errno))"
                    }
                    rmdir(prefix)
                }
                break
            }
        }
        return reason
    }

    private static func lowercasedReason(_ code: Int32) -> String {
        FileProblem.describe(NSError(domain: NSPOSIXErrorDomain, code: Int(code)))
    }

    /// The folder whose 256 subfolders hold the entries of the cache in `directory`.
    static func entriesFolder(in directory: URL) -> URL {
        directory.appendingPathComponent("http-v3", isDirectory: true).appendingPathComponent("entries", isDirectory: true)
    }

    /// Moves the entries an earlier version kept in 16 folders named by one hex digit into the
    /// folders named by two, and removes the old folders once empty. An entry that is gone by
    /// then (another process moved or removed it) is skipped; one that another process is still
    /// writing into an old folder stays there until the next open, and so does everything in a
    /// cache this process may not change.
    private func moveEntriesOfOneDigitFolders() {
        for old in CacheFiles.list(entriesFolder) where old.count == 1 && old.allSatisfy(\.isHexDigit) {
            let folder = entriesPath + "/" + old
            for name in CacheFiles.list(URL(fileURLWithPath: folder, isDirectory: true))
            where name.count > 2 && !name.hasPrefix(CacheFiles.temporaryPrefix) {
                let destination = entriesFolder.appendingPathComponent(String(name.prefix(2)), isDirectory: true)
                guard (try? SpreadFolder.createSubfolder(destination)) != nil else { continue }
                rename(folder + "/" + name, destination.path + "/" + name)
            }
            for name in CacheFiles.list(URL(fileURLWithPath: folder, isDirectory: true))
            where CacheFiles.isOrphan(name, in: folder, olderThan: Self.temporaryFileLifetime) {
                CacheFiles.remove(folder + "/" + name)
            }
            rmdir(folder)
        }
    }

    /// Every intact stored response for `method` and `url`, newest first.
    func entries(method: String, url: URL) -> [CacheEntry] {
        let key = CacheEntry.primaryKey(method: method, url: url)
        let (folder, prefix) = location(forKey: key)
        return names(in: folder).filter { $0.hasPrefix(prefix) }
            .compactMap { name -> CacheEntry? in
                guard let (data, identity) = PlainFile.read(folder + "/" + name),
                      var entry = CacheEntryCodec.decode(data) else { return nil }
                entry.file = identity
                return entry
            }
            .filter { $0.primaryKey == key }
            .sorted { $0.metadata.responseTime > $1.metadata.responseTime }
    }

    /// Why the cache has no copy of `url` it can use though it may hold one, in words for an error
    /// ("/…/entries/3f/3f…​.0 is damaged: …"), or nil when it holds none: a file of the URL that
    /// cannot be read, or that is cut short or altered (its length or checksum does not match),
    /// or a folder of entries that cannot be listed. Only asked when a request fails: `entries`
    /// takes such a copy for no copy at all.
    func unusableCopy(method: String, url: URL) -> String? {
        let key = CacheEntry.primaryKey(method: method, url: url)
        let (folder, prefix) = location(forKey: key)
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: folder)
        } catch {
            guard FileManager.default.fileExists(atPath: folder) else { return nil }
            return "its folder \(folder) cannot be read (\(FileProblem.describe(error)))"
        }
        for name in names.sorted() where name.hasPrefix(prefix) {
            let path = folder + "/" + name
            guard let (data, _) = PlainFile.read(path) else {
                let failure = errno
                guard FileManager.default.fileExists(atPath: path) else { continue }
                return "\(path) cannot be read (\(String(cString: strerror(failure)).lowercased()))"
            }
            if CacheEntryCodec.decode(data) == nil {
                return "\(path) is damaged (cut short or altered since it was stored: its length or checksum does not match)"
            }
        }
        return nil
    }

    /// Stores `entry`, replacing the stored response with the same URL and selecting headers.
    /// Returns the identity of the file written.
    @discardableResult
    func store(_ entry: CacheEntry) throws -> FileIdentity {
        let (folder, prefix) = location(forKey: entry.primaryKey)
        let name = prefix + entry.variantName
        // Responses may be private (cookies, tokens in bodies): readable by the owner alone.
        let written = try CacheFiles.writeAtomically(try CacheEntryCodec.encode(entry), to: folder + "/" + name, mode: 0o600)
        listings.withLock { all in
            guard var names = all[folder] else { return }
            // Kept sorted by inserting in place: sorting the whole listing again on every store
            // cost a cold build of 15,000 pictures most of a second.
            var low = 0, high = names.count
            while low < high {
                let middle = (low + high) / 2
                if names[middle] < name { low = middle + 1 } else { high = middle }
            }
            guard low == names.endIndex || names[low] != name else { return }
            names.insert(name, at: low)
            all[folder] = names
        }
        // The rename moved the change time on: read it back, from this very file (another
        // writer may already have renamed its own over it).
        guard let renamed = FileIdentity.of(folder + "/" + name), renamed.inode == written.inode else { return .replaced }
        return renamed
    }

    /// A stamp for `entry` as read or written by this cache (nil when it did not come from a
    /// file), fresh until `freshUntil`.
    func stamp(_ entry: CacheEntry, freshUntil: Date) -> CacheStamp? {
        guard let identity = entry.file else { return nil }
        let (folder, prefix) = location(forKey: entry.primaryKey)
        let shard = folder.dropFirst(entriesPath.count + 1)
        return CacheStamp(file: shard + "/" + prefix + entry.variantName, identity: identity,
                          freshUntil: freshUntil.timeIntervalSince1970)
    }

    /// Whether the entry file `stamp` names is still the one it was: same inode, size,
    /// modification and change time, so the same bytes (entries are only ever replaced by
    /// rename, and any write moves the change time).
    func holds(_ stamp: CacheStamp) -> Bool {
        // A plain relative path, checked without Foundation's string search (one per request).
        guard OutputPath.isPlain(stamp.file) else { return false }
        return FileIdentity.of(entriesPath + "/" + stamp.file) == stamp.identity
    }

    /// Removes one stored response.
    func remove(_ entry: CacheEntry) {
        let (folder, prefix) = location(forKey: entry.primaryKey)
        remove(prefix + entry.variantName, in: folder)
    }

    /// Removes every stored response for `url`, whatever the method (RFC 9111 §4.4). The folder
    /// is listed again: another process may have stored a variant this one has not seen.
    func invalidate(_ url: URL) {
        for method in ["GET", "HEAD"] {
            let (folder, prefix) = location(forKey: CacheEntry.primaryKey(method: method, url: url))
            listings.withLock { _ = $0.removeValue(forKey: folder) }
            for name in names(in: folder) where name.hasPrefix(prefix) {
                remove(name, in: folder)
            }
        }
    }

    private func remove(_ name: String, in folder: String) {
        CacheFiles.remove(folder + "/" + name)
        listings.withLock { all in all[folder]?.removeAll { $0 == name } }
    }

    /// The names in an entries folder, listed on first use; temporary files whose writer died are
    /// removed then.
    ///
    /// Listing under the lock orders it with `store`: a file written before the listing is in it,
    /// and one written after is added by `store` itself.
    private func names(in folder: String) -> [String] {
        listings.withLock { all in
            if let known = all[folder] { return known }
            var names = CacheFiles.list(URL(fileURLWithPath: folder, isDirectory: true))
            for name in names where CacheFiles.isOrphan(name, in: folder, olderThan: Self.temporaryFileLifetime) {
                CacheFiles.remove(folder + "/" + name)
            }
            names.removeAll { $0.hasPrefix(CacheFiles.temporaryPrefix) }
            all[folder] = names
            return names
        }
    }

    /// The folder `entry` is stored in, for messages that name the path at fault.
    func folder(for entry: CacheEntry) -> String {
        location(forKey: entry.primaryKey).folder
    }

    /// The folder holding a primary key's variants, and the prefix their file names share.
    private func location(forKey key: String) -> (folder: String, prefix: String) {
        let hash = CacheEntry.hexDigest(Data(key.utf8))
        return (entriesPath + "/" + hash.prefix(2), hash + ".")
    }
}
