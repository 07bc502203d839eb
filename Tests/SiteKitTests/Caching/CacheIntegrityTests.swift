import Foundation
import Testing
@testable import SiteKit

@Suite struct CacheIntegrityTests {
    private func damage(_ file: URL, _ change: (inout Data) -> Void) throws {
        var data = try Data(contentsOf: file)
        change(&data)
        try data.write(to: file)
    }

    @Test func corruptAndTruncatedEntriesAreMissesAndAreFetchedAgain() async throws {
        let harness = try CacheHarness()
        defer { harness.remove() }
        try await TestOrigin.run({ request in
            .text("payload #\(request.number)", headers: ["Cache-Control": "max-age=600"])
        }) { origin in
            _ = try await harness.get(origin.url("/c"))
            let file = try #require(harness.entryFiles().first)
            try damage(file) { $0[$0.count - 1] ^= 0xFF }
            let afterFlip = try await harness.get(origin.url("/c"))
            #expect(afterFlip.outcome == .miss && afterFlip.text == "payload #2")
            try damage(file) { $0 = $0.prefix($0.count / 2) }
            let afterCut = try await harness.get(origin.url("/c"))
            #expect(afterCut.outcome == .miss && afterCut.text == "payload #3")
            #expect(try await harness.get(origin.url("/c")).outcome == .hit)
            #expect(harness.entryFiles().count == 1)
        }
    }

    @Test func aBodyCutShortIsNeverStored() async throws {
        let harness = try CacheHarness()
        defer { harness.remove() }
        try await TestOrigin.run({ _ in
            OriginReply(headers: ["Cache-Control": "max-age=600"], body: Data(repeating: 65, count: 4000), truncateAfter: 100)
        }) { origin in
            let error = await #expect(throws: FetchError.self) { _ = try await harness.get(origin.url("/t")) }
            if case .transport = error?.kind {} else { Issue.record("expected a transport error, got \(String(describing: error))") }
            #expect(harness.entryFiles().isEmpty)
        }
    }

    @Test func temporaryFilesOfDeadProcessesAndOldOnesAreRemovedWhenTheirFolderIsListed() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let cache = try HTTPCache(directory: folder.url)
        let url = URL(string: "http://example.test/orphans")!
        try cache.store(CacheEntry(metadata: .init(method: "GET", url: CacheEntry.keyURL(url), status: 200, headers: [:],
                                                   vary: [], requestTime: Date(), responseTime: Date()), body: Data("x".utf8)))
        let entries = folder.url.appendingPathComponent("http-v3/entries")
        let entryFolderName = try #require(try FileManager.default.contentsOfDirectory(atPath: entries.path).first)
        let entryFolder = entries.appendingPathComponent(entryFolderName)
        let me = ProcessInfo.processInfo.processIdentifier
        let dead = entryFolder.appendingPathComponent(".tmp-2147483646-1")
        let old = entryFolder.appendingPathComponent(".tmp-\(me)-999999")
        let live = entryFolder.appendingPathComponent(".tmp-\(me)-999998")
        for file in [dead, old, live] { try Data("x".utf8).write(to: file) }
        try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(-7200)], ofItemAtPath: old.path)
        #expect(cache.entries(method: "GET", url: url).count == 1)
        #expect(!FileManager.default.fileExists(atPath: dead.path))
        #expect(!FileManager.default.fileExists(atPath: old.path))
        #expect(FileManager.default.fileExists(atPath: live.path))
    }

    @Test("a killed writer's temporary file in a folder no lookup lists again is removed when a cache is opened, at most once an hour; a new cache is not searched")
    func temporaryFilesOfDeadProcessesAreRemovedOnOpenOnceAnHour() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        _ = try HTTPCache(directory: folder.url)
        let marker = folder.url.appendingPathComponent("http-v3/.orphans-swept")
        #expect(FileManager.default.fileExists(atPath: marker.path), "a new cache counts as searched")
        let entryFolder = folder.url.appendingPathComponent("http-v3/entries/7f")
        try FileManager.default.createDirectory(at: entryFolder, withIntermediateDirectories: true)
        let me = ProcessInfo.processInfo.processIdentifier
        let dead = entryFolder.appendingPathComponent(".tmp-2147483646-x-1")
        let live = entryFolder.appendingPathComponent(".tmp-\(me)-x-2")
        for file in [dead, live] { try Data("x".utf8).write(to: file) }
        _ = try HTTPCache(directory: folder.url)
        #expect(FileManager.default.fileExists(atPath: dead.path), "searched less than an hour ago: left for a lookup")
        try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(-3700)], ofItemAtPath: marker.path)
        _ = try HTTPCache(directory: folder.url)
        #expect(!FileManager.default.fileExists(atPath: dead.path))
        #expect(FileManager.default.fileExists(atPath: live.path), "a writer still running keeps its file")
        let searched = try #require(try FileManager.default.attributesOfItem(atPath: marker.path)[.modificationDate] as? Date)
        #expect(abs(searched.timeIntervalSinceNow) < 60)
        // A marker dated years ahead (a clock that was wrong) does not stop the search until then.
        try Data("x".utf8).write(to: dead)
        try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(3 * 365 * 86_400)], ofItemAtPath: marker.path)
        _ = try HTTPCache(directory: folder.url)
        #expect(!FileManager.default.fileExists(atPath: dead.path))
    }

    @Test func theTemporaryFolderOfEarlierVersionsIsEmptiedOfOrphansAndRemovedOnOpen() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let tmp = folder.url.appendingPathComponent("http-v3/tmp")
        try FileManager.default.createDirectory(at: tmp, withIntermediateDirectories: true)
        let dead = tmp.appendingPathComponent("2147483646-dead")
        let live = tmp.appendingPathComponent("\(ProcessInfo.processInfo.processIdentifier)-live")
        for file in [dead, live] { try Data("x".utf8).write(to: file) }
        _ = try HTTPCache(directory: folder.url)
        #expect(!FileManager.default.fileExists(atPath: dead.path))
        #expect(FileManager.default.fileExists(atPath: live.path), "a writer still running keeps its file")
        try FileManager.default.removeItem(at: live)
        _ = try HTTPCache(directory: folder.url)
        #expect(!FileManager.default.fileExists(atPath: tmp.path))
    }

    @Test func concurrentWritersAndReadersNeverSeeAHalfWrittenEntry() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let cache = try HTTPCache(directory: folder.url)
        let url = URL(string: "http://example.test/shared")!
        func entry(_ n: Int) -> CacheEntry {
            CacheEntry(metadata: .init(method: "GET", url: CacheEntry.keyURL(url), status: 200, headers: ["X-N": "\(n)"],
                                       vary: [], requestTime: Date(), responseTime: Date()),
                       body: Data(repeating: UInt8(n % 256), count: 64 * 1024))
        }
        let bad = await withTaskGroup(of: Int.self) { group in
            for n in 0..<40 {
                group.addTask {
                    _ = try? cache.store(entry(n))
                    if n % 10 == 0 { cache.invalidate(url) }
                    return cache.entries(method: "GET", url: url).filter { Set($0.body).count != 1 }.count
                }
            }
            return await group.reduce(0, +)
        }
        #expect(bad == 0)
        try cache.store(entry(7))
        #expect(cache.entries(method: "GET", url: url).count == 1)
        #expect(folder.temporaryFiles().isEmpty)
    }

    @Test func entriesInTheOneDigitFoldersOfEarlierVersionsAreMovedAndStillAnswer() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let urls = (0..<8).map { URL(string: "http://example.test/moved/\($0)")! }
        do {
            let cache = try HTTPCache(directory: folder.url)
            for url in urls {
                try cache.store(CacheEntry(metadata: .init(method: "GET", url: CacheEntry.keyURL(url), status: 200, headers: [:],
                                                           vary: [], requestTime: Date(), responseTime: Date()),
                                           body: Data(url.path.utf8)))
            }
        }
        // Put every entry back where an earlier version kept it, beside a dead writer's file.
        let entries = folder.url.appendingPathComponent("http-v3/entries")
        let manager = FileManager.default
        for shard in try manager.contentsOfDirectory(atPath: entries.path) {
            let current = entries.appendingPathComponent(shard)
            for name in try manager.contentsOfDirectory(atPath: current.path) {
                let old = entries.appendingPathComponent(String(name.prefix(1)))
                try manager.createDirectory(at: old, withIntermediateDirectories: true)
                try manager.moveItem(at: current.appendingPathComponent(name), to: old.appendingPathComponent(name))
            }
            try manager.removeItem(at: current)
        }
        let oldFolders = try manager.contentsOfDirectory(atPath: entries.path)
        #expect(oldFolders.allSatisfy { $0.count == 1 })
        try Data("x".utf8).write(to: entries.appendingPathComponent(oldFolders[0] + "/.tmp-2147483646-1"))

        let cache = try HTTPCache(directory: folder.url)
        for url in urls {
            #expect(cache.entries(method: "GET", url: url).map(\.body) == [Data(url.path.utf8)])
        }
        #expect(try manager.contentsOfDirectory(atPath: entries.path).allSatisfy { $0.count == 2 })
    }
}
