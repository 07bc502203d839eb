import Foundation
import Testing
@testable import SiteKit

/// What the origin says about a stored response after it was stored: a 304 with `no-store`, a HEAD
/// response that no longer matches it, and which validators a revalidation carries.
@Suite struct RevalidationRulesTests {
    @Test("a 304 whose headers carry no-store removes the stored entry (RFC 9111 §3)")
    func notModifiedWithNoStoreForgetsTheEntry() async throws {
        let harness = try CacheHarness()
        defer { harness.remove() }
        try await TestOrigin.run({ request in
            request.headers["If-None-Match"] == "\"v1\""
                ? OriginReply(status: 304, headers: ["ETag": "\"v1\"", "Cache-Control": "no-store"])
                : .text("body", headers: ["ETag": "\"v1\"", "Cache-Control": "max-age=10"])
        }) { origin in
            _ = try await harness.get(origin.url("/n"))
            harness.clock.advance(by: 60)
            let revalidated = try await harness.get(origin.url("/n"))
            #expect(revalidated.outcome == .revalidated && revalidated.text == "body")
            #expect(harness.entryFiles().isEmpty)
        }
    }

    @Test("--ttl does not stretch the lifetime of a must-revalidate response")
    func ttlDoesNotOverrideMustRevalidate() async throws {
        let harness = try CacheHarness()
        defer { harness.remove() }
        let ttl = HTTPClientOptions(timeout: 30, retry: .none, minimumTTL: 86_400)
        try await TestOrigin.run({ _ in .text("strict", headers: ["Cache-Control": "max-age=0, must-revalidate"]) }) { origin in
            _ = try await harness.get(origin.url("/t"), options: ttl)
            harness.clock.advance(by: 5)
            let second = try await harness.get(origin.url("/t"), options: ttl)
            #expect(second.outcome != .hit && origin.requestCount == 2)
        }
    }

    @Test("a HEAD response with another ETag marks the stored GET out of date: the next GET asks the origin (§4.3.5)")
    func aContradictingHeadResponse() async throws {
        let harness = try CacheHarness()
        defer { harness.remove() }
        try await TestOrigin.run({ request in
            request.number == 1
                ? .text("old body", headers: ["ETag": "\"v1\"", "Cache-Control": "max-age=600"])
                : .text("new body", headers: ["ETag": "\"v2\"", "Cache-Control": "max-age=600"])
        }) { origin in
            _ = try await harness.get(origin.url("/h"))
            // no-cache: the stored GET would answer the HEAD itself.
            _ = try await harness.client().fetch(HTTPRequest(method: "HEAD", url: origin.url("/h"), headers: ["Cache-Control": "no-cache"]),
                                                 limits: .json)
            let get = try await harness.get(origin.url("/h"))
            #expect(get.outcome == .miss && get.text == "new body" && origin.requestCount == 3)
        }
    }

    @Test("a stored response with both ETag and Last-Modified is revalidated with both (§4.3.1)")
    func bothValidatorsAreSent() async throws {
        let harness = try CacheHarness()
        defer { harness.remove() }
        let modified = HTTPDate.format(Date().addingTimeInterval(-3600))
        try await TestOrigin.run({ _ in
            .text("v", headers: ["ETag": "\"v1\"", "Last-Modified": modified, "Cache-Control": "max-age=1"])
        }) { origin in
            _ = try await harness.get(origin.url("/b"))
            harness.clock.advance(by: 10)
            _ = try await harness.get(origin.url("/b"))
            let last = try #require(origin.requests.last)
            #expect(last.headers["If-None-Match"] == "\"v1\"" && last.headers["If-Modified-Since"] == modified)
        }
    }

    @Test("a response stored without a Date is given the time it arrived (RFC 9110 §6.6.1)")
    func aMissingDateIsAdded() throws {
        let harness = try CacheHarness()
        defer { harness.remove() }
        let client = harness.client()
        let arrived = Date(timeIntervalSince1970: 1_700_000_000)
        let exchange = Exchange(response: HTTPResponse(url: URL(string: "http://x.test/d")!, status: 200, headers: ["Cache-Control": "max-age=60"],
                                                       body: Data("d".utf8)),
                                requestTime: arrived, responseTime: arrived, attempts: 1)
        _ = try client.store(exchange, for: HTTPRequest(url: URL(string: "http://x.test/d")!), cache: harness.cache, stored: [], selected: nil)
        let stored = try #require(harness.cache.entries(method: "GET", url: URL(string: "http://x.test/d")!).first)
        #expect(stored.headers["Date"] == HTTPDate.format(arrived))
    }
}
