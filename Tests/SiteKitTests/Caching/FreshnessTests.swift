import Foundation
import Synchronization
import Testing
@testable import SiteKit

@Suite struct FreshnessTests {
    @Test func freshHitMakesNoRequestAndCarriesAge() async throws {
        let harness = try CacheHarness()
        defer { harness.remove() }
        try await TestOrigin.run({ _ in .text("hello", headers: ["Cache-Control": "max-age=60", "X-Test": "1"]) }) { origin in
            let first = try await harness.get(origin.url("/a"))
            #expect(first.outcome == .miss && first.text == "hello" && first.age == nil)
            harness.clock.advance(by: 30)
            let second = try await harness.get(origin.url("/a"))
            #expect(origin.requestCount == 1)
            #expect(second.outcome == .hit && second.text == "hello" && second.attempts == 0)
            #expect(second.response.headers["X-Test"] == "1")
            let age = try #require(Int(second.response.headers["Age"] ?? ""))
            #expect(age >= 30 && age < 33 && second.age == age)
        }
        #expect(await harness.stats.count(.hit) == 1)
        #expect(await harness.stats.requestsSent == 1)
    }

    @Test func staleEntryIsRevalidatedWithIfNoneMatchAndA304KeepsTheBodyAndRefreshesHeaders() async throws {
        let harness = try CacheHarness()
        defer { harness.remove() }
        try await TestOrigin.run({ request in
            if request.headers["If-None-Match"] == "\"v1\"" {
                return OriginReply(status: 304, headers: ["ETag": "\"v1\"", "Cache-Control": "max-age=100", "X-Version": "2"])
            }
            return .text("body one", headers: ["ETag": "\"v1\"", "Cache-Control": "max-age=10", "X-Version": "1"])
        }) { origin in
            _ = try await harness.get(origin.url("/r"))
            harness.clock.advance(by: 20)
            let second = try await harness.get(origin.url("/r"))
            #expect(origin.requests.last?.headers["If-None-Match"] == "\"v1\"")
            #expect(second.outcome == .revalidated && second.response.status == 200 && second.text == "body one")
            #expect(second.response.headers["X-Version"] == "2" && second.response.headers["Cache-Control"] == "max-age=100")
            #expect(second.response.headers["Content-Length"] == "8")
            harness.clock.advance(by: 50)
            let third = try await harness.get(origin.url("/r"))
            #expect(third.outcome == .hit && third.response.headers["X-Version"] == "2")
            #expect(origin.requestCount == 2)
        }
    }

    @Test func lastModifiedIsSentAsIfModifiedSince() async throws {
        let harness = try CacheHarness()
        defer { harness.remove() }
        let modified = HTTPDate.format(Date().addingTimeInterval(-3600))
        try await TestOrigin.run({ request in
            if request.headers["If-Modified-Since"] == modified { return OriginReply(status: 304) }
            return .text("lm", headers: ["Last-Modified": modified, "Cache-Control": "max-age=1"])
        }) { origin in
            _ = try await harness.get(origin.url("/lm"))
            harness.clock.advance(by: 5)
            let second = try await harness.get(origin.url("/lm"))
            #expect(second.outcome == .revalidated && second.text == "lm")
            #expect(origin.requests.last?.headers["If-Modified-Since"] == modified)
        }
    }

    @Test func noStoreIsNeverStoredAndNoCacheIsAlwaysRevalidated() async throws {
        let harness = try CacheHarness()
        defer { harness.remove() }
        try await TestOrigin.run({ request in
            if request.target == "/store" { return .text("x", headers: ["Cache-Control": "no-store, max-age=600"]) }
            if request.headers["If-None-Match"] == "\"n\"" { return OriginReply(status: 304) }
            return .text("y", headers: ["Cache-Control": "max-age=600, No-Cache", "ETag": "\"n\""])
        }) { origin in
            _ = try await harness.get(origin.url("/store"))
            let again = try await harness.get(origin.url("/store"))
            #expect(again.outcome == .miss && origin.requests(to: "/store").count == 2)
            _ = try await harness.get(origin.url("/nocache"))
            let revalidated = try await harness.get(origin.url("/nocache"))
            #expect(revalidated.outcome == .revalidated && revalidated.text == "y")
            #expect(origin.requests(to: "/nocache").count == 2)
        }
    }

    @Test func heuristicFreshnessAppliesOnlyToURLsWithoutAQuery() async throws {
        let harness = try CacheHarness()
        defer { harness.remove() }
        let modified = HTTPDate.format(Date().addingTimeInterval(-10 * 86_400))
        try await TestOrigin.run({ _ in .text("h", headers: ["Last-Modified": modified]) }) { origin in
            _ = try await harness.get(origin.url("/plain"))
            harness.clock.advance(by: 3600)
            #expect(try await harness.get(origin.url("/plain")).outcome == .hit)
            _ = try await harness.get(origin.url("/query?page=1"))
            let second = try await harness.get(origin.url("/query?page=1"))
            #expect(second.outcome == .miss)
            #expect(origin.requests(to: "/query?page=1").count == 2)
            #expect(origin.requests(to: "/plain").count == 1)
        }
    }

    @Test func minimumTTLKeepsShortLivedResponsesButNotNoCache() async throws {
        let harness = try CacheHarness()
        defer { harness.remove() }
        let options = HTTPClientOptions(timeout: 30, retry: .none, minimumTTL: 600)
        try await TestOrigin.run({ request in
            request.target == "/zero" ? .text("z", headers: ["Cache-Control": "max-age=0"])
                : .text("n", headers: ["Cache-Control": "no-cache"])
        }) { origin in
            _ = try await harness.get(origin.url("/zero"), options: options)
            harness.clock.advance(by: 300)
            #expect(try await harness.get(origin.url("/zero"), options: options).outcome == .hit)
            _ = try await harness.get(origin.url("/never"), options: options)
            #expect(try await harness.get(origin.url("/never"), options: options).outcome == .miss)
        }
    }

    @Test("the --ttl floor keeps no error: a 404 of a moment is asked again next time, where the floor answered with it from the cache, failing every build of the TTL once the server was well; an error the server keeps fresh itself says it came from the cache, and how to ask again")
    func minimumTTLKeepsNoErrors() async throws {
        let harness = try CacheHarness()
        defer { harness.remove() }
        let client = harness.client(HTTPClientOptions(timeout: 30, retry: .none, minimumTTL: 600))
        let missing = Mutex(true)
        try await TestOrigin.run({ request in
            if request.target == "/kept/posts" {
                return .text(#"{"error":"gone for good"}"#, status: 404, headers: ["Cache-Control": "max-age=3600"])
            }
            return missing.withLock { $0 } ? .text(#"{"error":"temporarily missing"}"#, status: 404) : .text("[]")
        }) { origin in
            await #expect(throws: FetchError.self) { try await client.load(JSONPlaceholderAPI.posts, from: origin.url("/")) }
            missing.withLock { $0 = false }
            harness.clock.advance(by: 60)
            let (posts, result) = try await client.load(JSONPlaceholderAPI.posts, from: origin.url("/"))
            #expect(result.outcome == .miss && posts.elements.isEmpty && origin.requestCount == 2)

            await #expect(throws: FetchError.self) { try await client.load(JSONPlaceholderAPI.posts, from: origin.url("/kept")) }
            harness.clock.advance(by: 300)
            let error = await #expect(throws: FetchError.self) { try await client.load(JSONPlaceholderAPI.posts, from: origin.url("/kept")) }
            #expect(origin.requestCount == 3, "the server's own max-age keeps its 404 fresh")
            let text = error?.description ?? ""
            // 5 or 6 min: the origin's Date is the real time, to the second, which the test clock left 60 s behind.
            #expect(text.contains(/answered HTTP 404: the server said "gone for good", a copy the cache stored [56] min ago and keeps as fresh/), "\(text)")
            #expect(text.contains("Add --refresh, online, to ask the server again."), "\(text)")
            // Offline, once stale, it is used as it is, and says so.
            harness.clock.advance(by: 4_000)
            let offline = await #expect(throws: FetchError.self) {
                try await harness.client(HTTPClientOptions(timeout: 30, retry: .none, offline: true)).load(JSONPlaceholderAPI.posts, from: origin.url("/kept"))
            }
            #expect(offline?.description.contains("stale now and used as it is: the server was not asked (--offline)") == true, "\(String(describing: offline))")
        }
    }

    @Test func refreshForcesRevalidationOfAFreshEntry() async throws {
        let harness = try CacheHarness()
        defer { harness.remove() }
        try await TestOrigin.run({ request in
            request.headers["If-None-Match"] != nil ? OriginReply(status: 304)
                : .text("f", headers: ["Cache-Control": "max-age=600", "ETag": "W/\"f\""])
        }) { origin in
            _ = try await harness.get(origin.url("/f"))
            let refreshed = try await harness.get(origin.url("/f"), options: HTTPClientOptions(timeout: 30, retry: .none, refresh: true))
            #expect(refreshed.outcome == .revalidated && refreshed.text == "f")
            #expect(origin.requests.last?.headers["If-None-Match"] == "W/\"f\"")
            #expect(origin.requests.last?.headers["Cache-Control"] == "max-age=0", "a reload, as a browser sends it")
        }
    }

    @Test func refreshLeavesAFreshImmutableResponseAloneAndRevalidatesAStaleOne() async throws {
        let harness = try CacheHarness()
        defer { harness.remove() }
        try await TestOrigin.run({ request in
            request.headers["If-None-Match"] != nil ? OriginReply(status: 304)
                : .text("i", headers: ["Cache-Control": "max-age=2, immutable", "ETag": "\"i\""])
        }) { origin in
            let refresh = HTTPClientOptions(timeout: 30, retry: .none, refresh: true)
            _ = try await harness.get(origin.url("/i"))
            #expect(try await harness.get(origin.url("/i"), options: refresh).outcome == .hit)
            harness.clock.advance(by: 3)
            #expect(try await harness.get(origin.url("/i"), options: refresh).outcome == .revalidated)
            #expect(origin.requests.last?.headers["Cache-Control"] == "max-age=0")
            #expect(origin.requestCount == 2)
        }
    }

    @Test("a fresh immutable response is checked when the request itself asks (no-cache, max-age=0), as RFC 8246 leaves to the user; only a reload (--refresh) leaves it alone")
    func aRequestsOwnDirectivesOverrideImmutable() async throws {
        let harness = try CacheHarness()
        defer { harness.remove() }
        try await TestOrigin.run({ request in
            request.headers["If-None-Match"] != nil ? OriginReply(status: 304)
                : .text("i", headers: ["Cache-Control": "max-age=600, immutable", "ETag": "\"i\""])
        }) { origin in
            _ = try await harness.get(origin.url("/i"))
            #expect(try await harness.get(origin.url("/i"), options: HTTPClientOptions(timeout: 30, retry: .none, refresh: true)).outcome == .hit)
            #expect(try await harness.get(origin.url("/i"), headers: ["Cache-Control": "no-cache"]).outcome == .revalidated)
            #expect(try await harness.get(origin.url("/i"), headers: ["Cache-Control": "max-age=0"]).outcome == .revalidated)
            #expect(origin.requestCount == 3)
        }
    }

    @Test func invalidExpiresAndIgnoredSharedMaxAgeMeanStale() async throws {
        let harness = try CacheHarness()
        defer { harness.remove() }
        try await TestOrigin.run({ request in
            request.target == "/expires" ? .text("e", headers: ["Expires": "0"])
                : .text("s", headers: ["Cache-Control": "s-maxage=3600, max-age=1"])
        }) { origin in
            for path in ["/expires", "/shared"] {
                _ = try await harness.get(origin.url(path))
                harness.clock.advance(by: 5)
                #expect(try await harness.get(origin.url(path)).outcome == .miss)
            }
            #expect(origin.requestCount == 4)
        }
    }

    @Test func a304ForAnotherVersionIsRetriedWithoutValidatorsInsteadOfServingTheWrongBody() async throws {
        let harness = try CacheHarness()
        defer { harness.remove() }
        try await TestOrigin.run({ request in
            switch request.number {
            case 1: .text("old", headers: ["ETag": "\"a\"", "Cache-Control": "max-age=1"])
            case 2: OriginReply(status: 304, headers: ["ETag": "\"b\""])
            default: .text("new", headers: ["ETag": "\"b\"", "Cache-Control": "max-age=60"])
            }
        }) { origin in
            _ = try await harness.get(origin.url("/e"))
            harness.clock.advance(by: 10)
            let result = try await harness.get(origin.url("/e"))
            #expect(result.outcome == .miss && result.text == "new" && result.attempts == 2)
            #expect(origin.requests[1].headers["If-None-Match"] == "\"a\"" && origin.requests[2].headers["If-None-Match"] == nil)
            #expect(try await harness.get(origin.url("/e")).text == "new")
        }
    }

    @Test func aHeadResponseRefreshesTheStoredGet() async throws {
        let harness = try CacheHarness()
        defer { harness.remove() }
        try await TestOrigin.run({ request in
            request.method == "HEAD" ? .text("get body", headers: ["Cache-Control": "max-age=600", "X-Head": "yes"])
                : .text("get body", headers: ["Cache-Control": "max-age=1"])
        }) { origin in
            _ = try await harness.get(origin.url("/h"))
            harness.clock.advance(by: 10)
            let head = try await harness.client().fetch(HTTPRequest(method: "HEAD", url: origin.url("/h")), limits: .json)
            #expect(head.outcome == .miss && origin.requests.last?.method == "HEAD")
            let get = try await harness.get(origin.url("/h"))
            #expect(get.outcome == .hit && get.text == "get body" && get.response.headers["X-Head"] == "yes")
            #expect(origin.requestCount == 2)
        }
    }

    @Test func verboseModePrintsOneLinePerRequest() async throws {
        let lines = LineCollector()
        let harness = try CacheHarness()
        defer { harness.remove() }
        let reporter = Reporter(verbosity: .verbose, sink: { lines.append($0) })
        try await TestOrigin.run({ _ in .text("12345", headers: ["Cache-Control": "max-age=60"]) }) { origin in
            let client = HTTPClient(transport: harness.transport, cache: harness.cache, options: HTTPClientOptions(retry: .none),
                                    clock: harness.clock, reporter: reporter)
            _ = try await client.fetch(HTTPRequest(url: origin.url("/v")), limits: .json)
            _ = try await client.fetch(HTTPRequest(url: origin.url("/v")), limits: .json)
            let printed = lines.all
            #expect(printed.count == 2)
            #expect(printed[0].hasPrefix("GET \(origin.url("/v").absoluteString) 200 5 B ") && printed[0].hasSuffix(" ms miss\n"))
            #expect(printed[1].hasSuffix(" ms hit\n"))
        }
    }
}

/// Collects what a `Reporter` prints.
final class LineCollector: Sendable {
    private let lines = Mutex<[String]>([])
    func append(_ line: String) { lines.withLock { $0.append(line) } }
    var all: [String] { lines.withLock { $0 } }
}
