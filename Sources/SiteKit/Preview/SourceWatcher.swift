import Foundation

/// Notices changes to a site's sources (`content/`, `templates/`, `site.yml`) by comparing
/// snapshots of their files: portable, needs no OS notification API, and copes with editors that
/// save through a temporary file and a rename.
public struct SourceWatcher: Sendable {
    /// What a file looked like at one moment.
    struct Stamp: Equatable, Sendable {
        var modified: Double
        var size: Int
        var inode: Int
        /// The file type bits of the entry (`S_IFREG`, or `S_IFLNK`, `S_IFIFO`… of one that is no
        /// readable file), so that a link that comes to lead somewhere is a change too.
        var kind: UInt32 = UInt32(S_IFREG)
    }

    /// Files and folders to watch; ones that do not exist yet are watched for appearing.
    public let paths: [URL]
    /// How often to look.
    public let interval: Duration

    public init(paths: [URL], interval: Duration = .milliseconds(250)) {
        self.paths = paths
        self.interval = interval
    }

    /// A changed file as people know it: from the folder of the watched path it is in
    /// (`content/index.md`, `templates/footer.mustache`, `site.yml`), where the file's name
    /// alone left `index.md` of `content/` and of `templates/` alike.
    func shown(_ file: String) -> String {
        for path in paths {
            if file == path.path { return path.lastPathComponent }
            if file.hasPrefix(path.path + "/") { return path.lastPathComponent + file.dropFirst(path.path.count) }
        }
        return URL(fileURLWithPath: file).lastPathComponent
    }

    /// Every file under the watched paths, by path, with its stamp.
    func snapshot() -> [String: Stamp] {
        var files: [String: Stamp] = [:]
        let fileManager = FileManager.default
        for path in paths {
            var isFolder: ObjCBool = false
            guard fileManager.fileExists(atPath: path.path, isDirectory: &isFolder) else { continue }
            if !isFolder.boolValue {
                files[path.path] = Self.stamp(path.path)
                continue
            }
            // A folder that is a symbolic link (`content -> ../shared/content`) is listed through
            // the link: the enumerator does not enter a link it is given as its root.
            guard let names = fileManager.enumerator(atPath: path.resolvingSymlinksInPath().path) else { continue }
            for case let name as String in names {
                let last = (name as NSString).lastPathComponent
                // Files no build reads, which editors make and remove as a page is opened and
                // saved (`.index.md.swp`, `index.md~`): opening a page in vim rebuilt the site and
                // reloaded every open page twice. A hidden folder (`.git`) is not entered either.
                if EditorFiles.isUnread(last) {
                    names.skipDescendants()
                    continue
                }
                let full = path.appendingPathComponent(name).path
                if let stamp = Self.stamp(full) { files[full] = stamp }
            }
        }
        return files
    }

    /// Waits until the sources differ from `previous` and have stopped changing for one interval,
    /// and returns the new snapshot with the changed paths; or, with no path changed, once
    /// `gone` has said yes for `goneFor` (the site served was removed: waited for, so that
    /// site clean is done with the output before a build writes there again). Throws when the
    /// task is cancelled.
    func nextChange(after previous: [String: Stamp], or gone: @Sendable () -> Bool = { false },
                    goneFor: Duration = .seconds(1)) async throws -> (snapshot: [String: Stamp], changed: [String]) {
        var goneSince: ContinuousClock.Instant?
        while true {
            try await Task.sleep(for: interval)
            if gone() {
                let since = goneSince ?? .now
                goneSince = since
                if ContinuousClock.now - since >= goneFor { return (previous, []) }
            } else {
                goneSince = nil
            }
            var current = snapshot()
            guard current != previous else { continue }
            // Let a save that writes several files, or writes one in steps, finish first.
            while true {
                try await Task.sleep(for: interval)
                let settled = snapshot()
                if settled == current { break }
                current = settled
            }
            let changed = Set(previous.keys).union(current.keys).filter { previous[$0] != current[$0] }.sorted()
            return (current, changed)
        }
    }

    /// A file's stamp, through a symbolic link; for an entry that is no file to read (a link to
    /// nothing or round in a loop, a named pipe, a device), its own: a build refuses those, so
    /// one appearing or going away is a change to build again for, where it passed unseen and a
    /// fixed mistake kept its error on the page. Folders have none: their files are listed.
    private static func stamp(_ path: String) -> Stamp? {
        var info = stat()
        if stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG { return stamp(info) }
        guard lstat(path, &info) == 0, (info.st_mode & S_IFMT) != S_IFDIR else { return nil }
        // A link to a folder is listed by the enumerator itself when it is one.
        if (info.st_mode & S_IFMT) == S_IFLNK, stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR { return nil }
        _ = lstat(path, &info)
        return stamp(info)
    }

    private static func stamp(_ info: stat) -> Stamp {
        let modified = Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9
        return Stamp(modified: modified, size: Int(info.st_size), inode: Int(info.st_ino), kind: UInt32(info.st_mode & S_IFMT))
    }
}
