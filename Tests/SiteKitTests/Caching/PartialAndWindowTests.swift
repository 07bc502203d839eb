import Foundation
import Testing
@testable import SiteKit

/// Ranges cut from stored responses, the `stale-while-revalidate` window, and the fields a cache
/// never stores.
@Suite struct PartialAndWindowTests {
    @Test func aRangeIsCutFromAStoredCompleteResponseWithTheStoredFields() async throws {
        let harness = try CacheHarness()
        defer { harness.remove() }
        try await TestOrigin.run({ _ in .text("01234567890", headers: ["Cache-Control": "max-age=3600", "A": "1"]) }) { origin in
            let url = origin.url("/r")
            _ = try await harness.get(url)
            let first = try await harness.get(url, headers: ["Range": "bytes=0-1"])
            #expect(first.outcome == .hit && first.response.status == 206 && first.text == "01")
            #expect(first.response.headers["Content-Range"] == "bytes 0-1/11")
            #expect(first.response.headers["Content-Length"] == "2")
            #expect(first.response.headers["A"] == "1" && first.response.headers["Age"] != nil)
            #expect(try await harness.get(url, headers: ["Range": "bytes=1-"]).text == "1234567890")
            #expect(try await harness.get(url, headers: ["Range": "bytes=-1"]).text == "0")
            #expect(origin.requestCount == 1)
            #expect(try await harness.get(url).text == "01234567890", "the stored response is whole")
            var offline = HTTPClientOptions(timeout: 30, retry: .none)
            offline.offline = true
            let cut = try await harness.get(url, headers: ["Range": "bytes=2-3"], options: offline)
            #expect(cut.response.status == 206 && cut.text == "23" && origin.requestCount == 1)
        }
    }

    @Test func rangesTheCacheCannotCutGoToTheOriginAndAreNotStored() async throws {
        let harness = try CacheHarness()
        defer { harness.remove() }
        try await TestOrigin.run({ request in
            if let range = request.headers["Range"] {
                return OriginReply(status: 206, headers: ["Cache-Control": "max-age=3600", "X-Range": range], body: Data("p".utf8))
            }
            return .text("0123456789", headers: ["Cache-Control": "max-age=3600"])
        }) { origin in
            let url = origin.url("/r")
            let missing = try await harness.get(url, headers: ["Range": "bytes=0-1"])
            #expect(missing.outcome == .bypass && missing.response.status == 206 && harness.entryFiles().isEmpty)
            _ = try await harness.get(url)
            for range in ["bytes=0-1,4-5", "bytes=20-"] {
                let answer = try await harness.get(url, headers: ["Range": range])
                #expect(answer.outcome == .bypass && answer.response.headers["X-Range"] == range)
            }
            let guarded = try await harness.get(url, headers: ["Range": "bytes=0-1", "If-Range": "\"x\""])
            #expect(guarded.outcome == .bypass)
            #expect(origin.requestCount == 5)
        }
    }

    @Test func aStaleResponseIsUsedWithinItsStaleWhileRevalidateWindowAndFetchedAfterIt() async throws {
        let harness = try CacheHarness()
        defer { harness.remove() }
        try await TestOrigin.run({ request in
            .text("n", headers: ["Cache-Control": "max-age=1, stale-while-revalidate=4", "ETag": "\"abc\""])
        }) { origin in
            let url = origin.url("/w")
            _ = try await harness.get(url)
            harness.clock.advance(by: 3)
            let inside = try await harness.get(url)
            #expect(inside.outcome == .stale && origin.requestCount == 1)
            harness.clock.advance(by: 3)
            let after = try await harness.get(url)
            #expect(after.outcome != .stale && origin.requestCount == 2)
        }
    }

    @Test func theWindowGivesWayToDirectivesThatForbidStaleUse() async throws {
        let harness = try CacheHarness()
        defer { harness.remove() }
        try await TestOrigin.run({ request in
            .text("n", headers: ["Cache-Control": request.target == "/m" ? "max-age=1, stale-while-revalidate=60, must-revalidate"
                                                                         : "max-age=1, stale-while-revalidate=60"])
        }) { origin in
            _ = try await harness.get(origin.url("/m"))
            _ = try await harness.get(origin.url("/n"))
            harness.clock.advance(by: 5)
            #expect(try await harness.get(origin.url("/m")).outcome == .miss)
            #expect(try await harness.get(origin.url("/n"), headers: ["Cache-Control": "no-cache"]).outcome == .miss)
            #expect(origin.requestCount == 4)
        }
    }

    @Test func proxyAuthenticationFieldsAreNeverStored() async throws {
        let harness = try CacheHarness()
        defer { harness.remove() }
        try await TestOrigin.run({ _ in
            .text("p", headers: ["Cache-Control": "max-age=600", "Proxy-Authenticate": "Basic", "Proxy-Authentication-Info": "x",
                                 "Proxy-Authorization": "y", "Kept": "z"])
        }) { origin in
            let url = origin.url("/p")
            _ = try await harness.get(url)
            let hit = try await harness.get(url)
            #expect(hit.outcome == .hit && hit.response.headers["Kept"] == "z")
            for name in ["Proxy-Authenticate", "Proxy-Authentication-Info", "Proxy-Authorization"] {
                #expect(!hit.response.headers.contains(name), "\(name)")
            }
        }
    }
}
