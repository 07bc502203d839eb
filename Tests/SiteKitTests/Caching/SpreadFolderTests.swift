import Foundation
import Testing
@testable import SiteKit

@Suite("Spread folders: the cache's busiest folders are created away from deleted files")
struct SpreadFolderTests {
    private func names(in folder: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
    }

    /// The type of the file system `path` is on, from the longest mount point above it.
    private func fileSystemType(of path: String) -> String? {
        let mounts = (try? String(contentsOfFile: "/proc/self/mounts", encoding: .utf8)) ?? ""
        var best: (point: String, type: String)?
        for line in mounts.split(separator: "\n") {
            let fields = line.split(separator: " ")
            guard fields.count > 2 else { continue }
            let point = String(fields[1])
            let covers = point == "/" || path == point || path.hasPrefix(point + "/")
            if covers, point.count >= (best?.point.count ?? 0) { best = (point, String(fields[2])) }
        }
        return best?.type
    }

    /// Whether `path` is on ext2, ext3 or ext4, where folders can be marked.
    private func isExt(_ path: String) -> Bool {
        ["ext2", "ext3", "ext4"].contains(fileSystemType(of: path))
    }

    @Test func createsTheFolderAndItsParentsAndLeavesNoTemporaryName() throws {
        let temporary = try TemporaryFolder()
        defer { temporary.remove() }
        let cache = temporary.url.appendingPathComponent("a/cache")
        let folder = cache.appendingPathComponent("http-v3")
        try SpreadFolder.create(folder)
        #expect(names(in: cache) == ["http-v3"])
        try Data("kept".utf8).write(to: folder.appendingPathComponent("entry"))
        try SpreadFolder.create(folder)
        #expect(names(in: cache) == ["http-v3"])
        #expect(names(in: folder) == ["entry"], "an existing folder is left as it is")
    }

    @Test func marksTheParentAsTheTopOfAHierarchyOnExt4() throws {
        let temporary = try TemporaryFolder()
        defer { temporary.remove() }
        #if os(Linux)
        guard isExt(temporary.url.path) else { return }
        let cache = temporary.url.appendingPathComponent("cache")
        try SpreadFolder.create(cache.appendingPathComponent("output-v1"))
        #expect(SpreadFolder.isTopOfHierarchy(cache.path))
        #expect(!SpreadFolder.isTopOfHierarchy(cache.appendingPathComponent("output-v1").path))
        #endif
    }

    @Test func processesRacingToCreateOneFolderAllGetIt() async throws {
        let temporary = try TemporaryFolder()
        defer { temporary.remove() }
        let folder = temporary.url.appendingPathComponent("cache/output-v1")
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<16 {
                group.addTask {
                    try SpreadFolder.create(folder)
                    try Data("\(index)".utf8).write(to: folder.appendingPathComponent("file-\(index)"))
                }
            }
            try await group.waitForAll()
        }
        #expect(names(in: temporary.url.appendingPathComponent("cache")) == ["output-v1"])
        // A folder someone had written into is never replaced by another's fresh one.
        #expect(names(in: folder).count == 16)
    }

    @Test func leftoversOfKilledProcessesAreRemovedButNothingElse() throws {
        let temporary = try TemporaryFolder()
        defer { temporary.remove() }
        let cache = temporary.url
        for name in [".new-http-v3-1f2e", ".new-output-v1-99", "http-v3", "notes"] {
            try FileManager.default.createDirectory(at: cache.appendingPathComponent(name), withIntermediateDirectories: true)
        }
        try Data().write(to: cache.appendingPathComponent("notes/keep"))
        SpreadFolder.removeLeftovers(in: cache)
        #expect(names(in: cache) == ["http-v3", "notes"])
    }

    @Test func theHTTPCacheAndTheOutputStoreUseIt() throws {
        let temporary = try TemporaryFolder()
        defer { temporary.remove() }
        let cache = temporary.url.appendingPathComponent("cache")
        try FileManager.default.createDirectory(at: cache.appendingPathComponent(".new-http-v3-dead"), withIntermediateDirectories: true)
        _ = try HTTPCache(directory: cache)
        _ = try #require(OutputStore(cacheDirectory: cache))
        #expect(names(in: cache) == ["http-v3", "output-v1"])
        #expect(names(in: cache.appendingPathComponent("http-v3")) == [".orphans-swept", "entries"])
    }

    @Test func theFoldersFilesAreSpreadOverAreSpreadTooAndLeftoversRemoved() throws {
        let temporary = try TemporaryFolder()
        defer { temporary.remove() }
        let entries = temporary.url.appendingPathComponent("cache/http-v3/entries")
        try FileManager.default.createDirectory(at: entries.appendingPathComponent(".new-a-dead"), withIntermediateDirectories: true)
        let cache = try HTTPCache(directory: temporary.url.appendingPathComponent("cache"))
        #expect(names(in: entries).isEmpty)
        let url = try #require(URL(string: "http://example.com/a.png"))
        try cache.store(CacheEntry(metadata: .init(method: "GET", url: CacheEntry.keyURL(url), status: 200, headers: [:],
                                                   vary: [], requestTime: Date(), responseTime: Date()),
                                   body: Data("png".utf8)))
        let shards = names(in: entries)
        #expect(shards.count == 1 && shards[0].count == 2)
        #expect(cache.entries(method: "GET", url: url).map(\.body) == [Data("png".utf8)])
        #if os(Linux)
        if isExt(temporary.url.path) {
            #expect(SpreadFolder.isTopOfHierarchy(entries.path))
        }
        #endif
    }

    @Test func theSubfoldersAreMadeAheadWithoutTouchingExistingOnesAndNeverMakeTheirParent() async throws {
        let temporary = try TemporaryFolder()
        defer { temporary.remove() }
        let cache = temporary.url.appendingPathComponent("cache")
        let store = try #require(OutputStore(cacheDirectory: cache))
        try FileManager.default.createDirectory(at: store.folder.appendingPathComponent("ab"), withIntermediateDirectories: true)
        try Data("kept".utf8).write(to: store.folder.appendingPathComponent("ab/file"))
        let prefill = SubfolderPrefill()
        prefill.start(store.folder)
        prefill.start(HTTPCache.entriesFolder(in: cache))  // no HTTP cache there: nothing is made
        await prefill.finished()
        let made = names(in: store.folder).filter { !$0.hasPrefix(".") }
        #expect(made == SpreadFolder.subfolderNames)
        #expect(made.first == "00" && made.last == "ff")
        #expect(names(in: store.folder.appendingPathComponent("ab")) == ["file"])
        #expect(!FileManager.default.fileExists(atPath: cache.appendingPathComponent("http-v3").path))
        #if os(Linux)
        if isExt(temporary.url.path) {
            #expect(SpreadFolder.isTopOfHierarchy(store.folder.path))
        }
        #endif

        // A stored file lands in its made-ahead subfolder.
        let output = try StagedOutput(destination: temporary.url.appendingPathComponent("public"), store: store)
        try output.write(Data("page".utf8), to: "index.html")
        try output.commit()
        #expect(names(in: store.folder).filter { !$0.hasPrefix(".") } == SpreadFolder.subfolderNames)
    }

    @Test func threadsRacingToCreateOneFolderKeepEveryFile() async throws {
        let temporary = try TemporaryFolder()
        defer { temporary.remove() }
        let folder = temporary.url.appendingPathComponent("store/a")
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<32 {
                group.addTask {
                    try CacheFiles.writeAtomically(Data("\(index)".utf8), to: folder.path + "/file-\(index)")
                }
            }
            try await group.waitForAll()
        }
        #expect(names(in: temporary.url.appendingPathComponent("store")) == ["a"])
        #expect(names(in: folder).count == 32)
    }
}
