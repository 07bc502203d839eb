import Foundation

/// `site clean`: removes what builds wrote, in the output and cache folders (and leftovers of
/// killed builds beside the output), and nothing else; not while a build is at work on that
/// output. It refuses what a build refuses (`OutputOwnership`): a folder that holds the project,
/// the home folder or the root, so a mistaken `output: .` cannot delete the site's sources, and
/// an output folder holding files no build wrote.
///
/// What builds keep is kept: the hidden top-level entries of the output (a deploy's `.git`, a
/// `.nojekyll`), which every build carries over, and anything in the cache folder that is not a
/// build's (`CacheFolder`). A folder left with such entries stays; an emptied one is removed.
public struct SiteCleaner: Sendable {
    /// What a clean did.
    public struct Result: Sendable, Equatable {
        /// Paths removed whole: the output and cache folders when nothing of the user's was in
        /// them, and leftovers of killed builds.
        public var removed: [String] = []
        /// Folders whose build entries were removed and that were kept for the user's entries.
        public var kept: [Kept] = []
        /// The output folder, emptied but kept because a symbolic link leads to it (a web root).
        public var emptied: [String] = []

        /// A folder kept, and the names of the user's entries that kept it.
        public struct Kept: Sendable, Equatable {
            public var folder: String
            public var entries: [String]
        }

        /// One line per folder, for the command line.
        public var lines: [String] {
            guard !removed.isEmpty || !kept.isEmpty || !emptied.isEmpty else { return ["nothing to remove"] }
            return removed.map { "removed \($0)" } + emptied.map { "emptied \($0), which stays: a symbolic link leads to it" } + kept.map {
                "emptied \($0.folder) but for what is not the build's, which stays: \($0.entries.joined(separator: ", "))"
            }
        }
    }

    public let output: URL
    public let cache: URL
    /// The folder of `site.yml`; never removed, nor anything that contains it.
    public let project: URL
    /// Whether the settings name the output through a symbolic link (`public -> /srv/www`): then
    /// the folder it leads to is emptied but stays, so that the link still leads somewhere.
    public let outputIsLinked: Bool

    /// Asked before each removal: true stops the clean there, with `Interrupted` (Ctrl-C).
    public var isStopped: @Sendable () -> Bool

    /// A clean stopped by `isStopped` between two removals: each folder is still one builds and
    /// the next clean know (the output's mark is removed last).
    public struct Interrupted: Error {}

    public init(output: URL, cache: URL, project: URL, outputIsLinked: Bool = false, isStopped: @escaping @Sendable () -> Bool = { false }) {
        self.output = output.standardizedFileURL
        self.cache = cache.standardizedFileURL
        self.project = project.standardizedFileURL
        self.outputIsLinked = outputIsLinked
        self.isStopped = isStopped
    }

    /// Removes what builds wrote and says what it removed and kept.
    @discardableResult
    public func clean() throws -> Result {
        let places = ProtectedPlaces(project: project, cache: cache)
        do {
            try OutputOwnership(places: places).check(output)
            try places.refuse(cache, role: .cache)
        } catch let error as OutputError {
            // The refusals are worded for a build, which would replace the folder: said as what
            // a build would do, and that clean did nothing.
            throw OutputError(path: error.path, action: error.action, underlying: nil,
                              message: "site clean removed nothing, as a build would refuse these folders: " + error.detail)
        }
        let fileManager = FileManager.default
        let parent = output.deletingLastPathComponent()
        let name = output.lastPathComponent
        let staging = StagedOutput.stagingPrefix(name)
        let leftovers = ((try? fileManager.contentsOfDirectory(atPath: parent.path)) ?? [])
            .filter { $0.hasPrefix(staging) || $0 == StagedOutput.retiredName(for: output).lastPathComponent }
            .sorted()
            .map { parent.appendingPathComponent($0) }
        // A build still at work would fail midway, and its staging folder is not a leftover.
        for folder in leftovers where folder.lastPathComponent.hasPrefix(staging) {
            guard let pid = StagedOutput.builder(of: folder, prefix: staging) else { continue }
            throw ScaffoldError(message: "a build (process \(pid)) is writing \(folder.path), and cleaning would make it fail. "
                + "Wait for it to finish or stop it, then run site clean again.")
        }
        var result = Result()
        // The cache first: site serve builds the site again as soon as it is gone from the
        // output, and a build writing into the cache while it was being removed failed the clean
        // ("files appeared in it while it was being removed"). Said after the output, as before.
        var cacheResult = Result()
        try clean(cache, keeping: { !CacheFolder.isBuildEntry($0) }, into: &cacheResult)
        if let written = OutputOwnership.writtenPaths(in: output) {
            try cleanListed(written, into: &result)
        } else {
            // No listing (an output of an older version): a hidden entry is the user's (a build
            // carries it over), but for the mark; the rest is the build's, as the mark says.
            try clean(output, keeping: { $0.hasPrefix(".") && $0 != OutputOwnership.markName }, keepFolder: outputIsLinked, into: &result)
        }
        result.removed += cacheResult.removed
        result.kept += cacheResult.kept
        result.emptied += cacheResult.emptied
        for folder in leftovers where fileManager.fileExists(atPath: folder.path) {
            try remove(folder)
            result.removed.append(folder.path)
        }
        return result
    }

    /// Removes the files the output's mark lists as the build's, the mark, and the folders that
    /// leaves empty; the output itself too when nothing else is in it. Anything else (hidden
    /// entries, files put there by hand, which builds carry over) stays and is named.
    private func cleanListed(_ written: Set<String>, into result: inout Result) throws {
        let fileManager = FileManager.default
        var folders = Set<String>()
        var removedAny = false
        let root = ProtectedPlaces.realPath(output)
        for path in written.sorted() where (try? OutputPath.check(path)) != nil {
            // Its folders are tried even when the file is gone already (a clean stopped midway).
            var parent = (path as NSString).deletingLastPathComponent
            while !parent.isEmpty { folders.insert(parent); parent = (parent as NSString).deletingLastPathComponent }
            let file = output.appendingPathComponent(path)
            var info = stat()
            // Only a regular file inside the output: a folder of it replaced by a symbolic link
            // must not lead the removal elsewhere.
            guard lstat(file.path, &info) == 0, info.st_mode & S_IFMT == S_IFREG,
                  ProtectedPlaces.path(ProtectedPlaces.realPath(file.deletingLastPathComponent()), isInside: root) else { continue }
            try remove(file)
            removedAny = true
        }
        // Deepest first, so that a folder is tried after what it held.
        for folder in folders.sorted(by: { $0.count > $1.count }) {
            let url = output.appendingPathComponent(folder)
            if (try? fileManager.contentsOfDirectory(atPath: url.path))?.isEmpty == true { try remove(url) }
        }
        // The mark goes last: a clean stopped before it leaves a folder builds still know as theirs
        // (its files listed but gone), not empty folders that look like somebody else's.
        let mark = output.appendingPathComponent(OutputOwnership.markName)
        try remove(mark)
        // What stays: hidden entries at the top, and every other file by its path.
        let top = (try? fileManager.contentsOfDirectory(atPath: output.path)) ?? []
        let visible = OutputFiles.regular(in: output)?.map(\.path) ?? top.filter { !$0.hasPrefix(".") }
        var left = top.filter { $0.hasPrefix(".") }.sorted() + visible.sorted()
        if left.isEmpty { left = top.sorted() }  // empty folders of the user's
        if top.isEmpty, outputIsLinked {
            result.emptied.append(output.path)
            return
        }
        if top.isEmpty {
            try remove(output)
            result.removed.append(output.path)
            return
        }
        // Still the build's folder, holding only the user's files: a mark that lists none lets
        // the next build in, and it carries them over.
        do {
            _ = try PlainFile.write(OutputOwnership.markBytes(listing: []), to: mark.path)
        } catch {
            throw ScaffoldError(message: "could not write \(mark.path): \(FileProblem.describe(error)). Check its permissions and run site clean again.")
        }
        if removedAny { result.kept.append(Result.Kept(folder: output.path, entries: left)) }
    }

    /// Removes the entries of `folder` that `kept` does not claim, then `folder` itself if that
    /// emptied it.
    private func clean(_ folder: URL, keeping kept: (String) -> Bool, keepFolder: Bool = false, into result: inout Result) throws {
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else {
            // Not a folder (or not there): a file in its place is not the build's either.
            return
        }
        let keep = entries.filter(kept).sorted()
        let gone = entries.filter { !kept($0) }
        for name in gone {
            try remove(folder.appendingPathComponent(name))
        }
        if keep.isEmpty, keepFolder {
            result.emptied.append(folder.path)
        } else if keep.isEmpty {
            try remove(folder)
            result.removed.append(folder.path)
        } else if !gone.isEmpty {
            result.kept.append(Result.Kept(folder: folder.path, entries: keep))
        }
    }

    private func remove(_ item: URL) throws {
        if isStopped() { throw Interrupted() }
        let started = Date()
        do {
            try FileManager.default.removeItem(at: item)
        } catch {
            // A folder that filled while it was emptied (a build sharing the cache, writing into
            // it): Foundation calls that "permission denied" too. Told by what is left in it being
            // newer than the removal.
            let left = (try? FileManager.default.contentsOfDirectory(atPath: item.path)) ?? []
            let appeared = left.filter { name in
                var info = stat()
                return lstat(item.path + "/" + name, &info) == 0
                    && Double(info.st_mtim.tv_sec) >= started.timeIntervalSince1970.rounded(.down) - 1
            }
            if !appeared.isEmpty {
                let left = appeared
                throw ScaffoldError(message: "could not remove \(item.path): files appeared in it while it was being removed (\(left.count) now, "
                    + "such as \(left.sorted()[0])), most likely from a build using the same cache. Run site clean again once no build runs.")
            }
            throw ScaffoldError(message: "could not remove \(item.path): \(FileProblem.describe(error)). Check its permissions and run site clean again.")
        }
    }
}
