import Foundation
import Testing
@testable import SiteKit

@Suite("The last live build's seed, for --offline")
struct LastSeedTests {
    /// An output folder whose mark lists `paths`, as a build that wrote them leaves it.
    private func publish(_ paths: [String], to output: URL) throws {
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        try OutputOwnership.markBytes(listing: paths).write(to: output.appendingPathComponent(OutputOwnership.markName))
    }

    @Test("a build killed after recording its seed but before its swap leaves the published site's seed readable, not its own; without a mark to tell, the newest is read")
    func aBuildKilledBeforeItsSwap() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let cache = folder.url.appendingPathComponent(".cache")
        let output = folder.url.appendingPathComponent("public")
        let first = ["index.html", "users/ann-lee.html"], second = ["index.html", "users/bo-chen.html"]
        LastSeed.save("first", paths: first, cacheDirectory: cache, destination: output)
        try publish(first, to: output)
        #expect(LastSeed.load(cacheDirectory: cache, destination: output) == "first")
        // Recorded, then killed (SIGKILL) before the swap: the output still lists the first build's pages.
        LastSeed.save("second", paths: second, cacheDirectory: cache, destination: output)
        #expect(LastSeed.load(cacheDirectory: cache, destination: output) == "first")
        // Swapped in after all: its seed.
        try publish(second, to: output)
        #expect(LastSeed.load(cacheDirectory: cache, destination: output) == "second")
        // An output removed (a CI checkout) tells nothing: the newest record.
        try FileManager.default.removeItem(at: output)
        #expect(LastSeed.load(cacheDirectory: cache, destination: output) == "second")
        // Only the newest two are kept: a third build's record forgets the first.
        LastSeed.save("third", paths: ["index.html"], cacheDirectory: cache, destination: output)
        try publish(first, to: output)
        #expect(LastSeed.load(cacheDirectory: cache, destination: output) == "third", "no entry matches: the newest")
    }

    @Test("a record an earlier version wrote (the seed alone) is still read, and a damaged one is named as such")
    func earlierAndDamagedRecords() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let cache = folder.url.appendingPathComponent(".cache")
        let output = folder.url.appendingPathComponent("public")
        LastSeed.save("probe", paths: [], cacheDirectory: cache, destination: output)
        let file = try #require(FileManager.default.subpathsOfDirectory(atPath: cache.path).first { $0.hasPrefix("seeds-v1/") && !$0.hasSuffix("seeds-v1") })
        let record = cache.appendingPathComponent(file)
        try Data("c0ffee42".utf8).write(to: record)
        try publish(["index.html"], to: output)
        #expect(LastSeed.read(cacheDirectory: cache, destination: output) == .seed("c0ffee42"))
        try Data("one\ntwo\nthree\n".utf8).write(to: record)
        #expect(LastSeed.read(cacheDirectory: cache, destination: output) == .unreadable(record.path))
        try Data([0xFF, 0xFE]).write(to: record)
        #expect(LastSeed.read(cacheDirectory: cache, destination: output) == .unreadable(record.path))
    }
}
