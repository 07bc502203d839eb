import Foundation
import Testing
@testable import SiteKit

@Suite("Cache stamps: a fresh stored response confirmed by one stat, never beyond its freshness or after a change")
struct CacheStampTests {
    @Test func aStoredAndAHitResponseCarryTheSameStampWhichHoldsUntilTheFreshnessEnds() async throws {
        let harness = try CacheHarness()
        defer { harness.remove() }
        try await TestOrigin.run({ _ in .text("hello", headers: ["Cache-Control": "max-age=60"]) }) { origin in
            let client = harness.client()
            let stored = try await harness.get(origin.url("/a"))
            let stamp = try #require(stored.stamp)
            #expect(stored.outcome == .miss)
            // Sixty seconds from the origin's Date, which has whole seconds.
            #expect(abs(stamp.freshUntil - (harness.clock.now.timeIntervalSince1970 + 60)) < 1.01)
            #expect(client.stillFresh(stamp))
            harness.clock.advance(by: 30)
            let hit = try await harness.get(origin.url("/a"))
            #expect(hit.outcome == .hit && hit.stamp == stamp)
            harness.clock.advance(by: 29)
            #expect(client.stillFresh(stamp))
            harness.clock.advance(by: 1)
            #expect(!client.stillFresh(stamp), "stale once max-age has passed")
            #expect(!harness.client(HTTPClientOptions(timeout: 30, retry: .none, refresh: true)).stillFresh(stamp))
        }
    }

    @Test func aReplacedOrEditedEntryFileNoLongerHoldsItsStamp() async throws {
        let harness = try CacheHarness()
        defer { harness.remove() }
        try await TestOrigin.run({ request in
            .text("body of \(request.target) #\(request.number)", headers: ["Cache-Control": "max-age=600"])
        }) { origin in
            let client = harness.client()
            let first = try #require(try await harness.get(origin.url("/a")).stamp)
            // Another process stores the same URL again: a new file renamed over the old one.
            let again = try await harness.client().fetch(HTTPRequest(url: origin.url("/a"), headers: ["Cache-Control": "no-cache"]),
                                                          limits: .json)
            #expect(again.outcome == .miss || again.outcome == .revalidated)
            #expect(!client.stillFresh(first))
            let second = try #require(again.stamp)
            #expect(client.stillFresh(second))
            // Edited in place: the modification time moves.
            let file = try #require(harness.entryFiles().first { $0.path.hasSuffix(second.file) })
            let handle = try FileHandle(forWritingTo: file)
            try handle.seekToEnd()
            try handle.write(contentsOf: Data("x".utf8))
            try handle.close()
            #expect(!client.stillFresh(second))
            // Edited in place, with its size and modification time put back as `touch -r` would.
            let third = try #require(try await harness.client().fetch(
                HTTPRequest(url: origin.url("/a"), headers: ["Cache-Control": "no-cache"]), limits: .json).stamp)
            let path = try #require(harness.entryFiles().first { $0.path.hasSuffix(third.file) }).path
            try editInPlaceKeepingTimes(path)
            #expect(FileIdentity.of(path)?.modified == third.identity.modified && FileIdentity.of(path)?.inode == third.identity.inode)
            #expect(!client.stillFresh(third))
            // Removed.
            try FileManager.default.removeItem(atPath: path)
            #expect(!client.stillFresh(third))
        }
    }

    @Test func responsesThatMustBeRevalidatedOrAreNotStoredCarryNoStamp() async throws {
        let harness = try CacheHarness()
        defer { harness.remove() }
        try await TestOrigin.run({ request in
            switch request.target {
            case "/no-cache": .text("n", headers: ["Cache-Control": "no-cache", "ETag": "\"n\""])
            case "/no-store": .text("s", headers: ["Cache-Control": "no-store"])
            default: .text("e", headers: ["Cache-Control": "max-age=60", "ETag": "\"e\""])
            }
        }) { origin in
            #expect(try await harness.get(origin.url("/no-cache")).stamp == nil)
            #expect(try await harness.get(origin.url("/no-store")).stamp == nil)
            _ = try await harness.get(origin.url("/etag"))
            // The caller's own validators match: a 304 is not the stored response.
            let notModified = try await harness.get(origin.url("/etag"), headers: ["If-None-Match": "\"e\""])
            #expect(notModified.response.status == 304 && notModified.stamp == nil)
            #expect(try await harness.get(origin.url("/etag")).stamp != nil)
            // Without a disk cache there is nothing to stamp or confirm.
            let uncached = harness.client(cache: false)
            #expect(try await uncached.fetch(HTTPRequest(url: origin.url("/etag")), limits: .json).stamp == nil)
        }
    }

    @Test func aStampCannotNameAFileOutsideTheCache() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let cache = try HTTPCache(directory: folder.url)
        try Data("x".utf8).write(to: folder.url.appendingPathComponent("outside"))
        let identity = try #require(FileIdentity.of(folder.url.appendingPathComponent("outside").path))
        for file in ["../../outside", "/etc/passwd"] {
            #expect(!cache.holds(CacheStamp(file: file, identity: identity, freshUntil: .infinity)))
        }
    }
}
