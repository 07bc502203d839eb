import Foundation
import Testing
@testable import SiteKit

/// A 2xx body the caller cannot use (an HTML maintenance page, malformed JSON) is checked before
/// it is stored: it never replaces a good stored copy, which stands in for it while it is there.
@Suite struct UnusableBodyTests {
    @Test("a maintenance page answered with 200 leaves the good stored copy in place and is served around")
    func maintenancePageKeepsTheGoodCopy() async throws {
        let harness = try CacheHarness()
        defer { harness.remove() }
        let posts = try Fixture.data("Fetching/posts.json")
        let page = try Fixture.data("Fetching/maintenance.html")
        try await TestOrigin.run({ request in
            request.number == 1
                ? OriginReply(headers: ["Content-Type": "application/json", "Cache-Control": "max-age=60"], body: posts)
                : OriginReply(headers: ["Content-Type": "text/html; charset=utf-8", "Cache-Control": "max-age=86400"], body: page)
        }) { origin in
            let client = harness.client()
            _ = try await client.load(JSONPlaceholderAPI.posts, from: origin.url("/"))
            harness.clock.advance(by: 600)
            let (stale, result) = try await client.load(JSONPlaceholderAPI.posts, from: origin.url("/"))
            #expect(stale.elements.map(\.title) == ["first", "second"] && result.outcome == .stale)
            let warning = try #require(harness.reporter.warnings.last)
            #expect(warning.contains(origin.url("/posts").absoluteString) && warning.contains("an HTML page (text/html)"), "\(warning)")
            // Offline, the good copy is still the one stored.
            let offline = harness.client(HTTPClientOptions(timeout: 30, retry: .none, offline: true))
            let (kept, _) = try await offline.load(JSONPlaceholderAPI.posts, from: origin.url("/"))
            #expect(kept.elements.count == 2 && origin.requestCount == 2)
        }
    }

    @Test("a cached copy that does not decode (site fetch stores what servers send) is dropped and asked for again; offline, the error says it is not cached")
    func anUnusableCachedCopyIsAskedForAgain() async throws {
        let harness = try CacheHarness()
        defer { harness.remove() }
        let posts = try Fixture.data("Fetching/posts.json")
        let page = try Fixture.data("Fetching/maintenance.html")
        // /down/posts always answers the page; /up/posts the page first, then the posts.
        try await TestOrigin.run({ request in
            let bad = request.target.hasPrefix("/down/") || request.number == 2
            return OriginReply(headers: ["Content-Type": "application/json", "Cache-Control": "max-age=86400"], body: bad ? page : posts)
        }) { origin in
            // As site fetch does, with no body check: the page is stored, fresh for a day.
            _ = try await harness.client().fetch(HTTPRequest(url: origin.url("/down/posts")), limits: .json)
            _ = try await harness.client().fetch(HTTPRequest(url: origin.url("/up/posts")), limits: .json)
            #expect(harness.entryFiles().count == 2)

            let offline = harness.client(HTTPClientOptions(timeout: 30, retry: .none, offline: true))
            let error = await #expect(throws: FetchError.self) { _ = try await offline.load(JSONPlaceholderAPI.posts, from: origin.url("/down/")) }
            #expect(error?.kind == .offlineMiss, "\(String(describing: error))")

            let (list, result) = try await harness.client().load(JSONPlaceholderAPI.posts, from: origin.url("/up/"))
            #expect(list.elements.count == 2 && result.outcome == .miss && origin.requestCount == 3)
        }
    }

    @Test("without a stored copy, a maintenance page is an error saying what arrived, and nothing is stored")
    func maintenancePageWithoutACopy() async throws {
        let harness = try CacheHarness()
        defer { harness.remove() }
        let page = try Fixture.data("Fetching/maintenance.html")
        try await TestOrigin.run({ _ in
            OriginReply(headers: ["Content-Type": "text/html", "Cache-Control": "max-age=86400"], body: page)
        }) { origin in
            let error = await #expect(throws: FetchError.self) {
                _ = try await harness.client().load(JSONPlaceholderAPI.posts, from: origin.url("/"))
            }
            let message = error?.description ?? ""
            #expect(error?.kind == .unexpectedBody(received: "an HTML page (text/html)", expected: "JSON"))
            #expect(message.contains(origin.url("/posts").absoluteString) && message.contains("an HTML page (text/html)"), "\(message)")
            #expect(harness.entryFiles().isEmpty)
            // The next run asks again rather than failing on a cached page.
            _ = try? await harness.client().load(JSONPlaceholderAPI.posts, from: origin.url("/"))
            #expect(origin.requestCount == 2)
        }
    }

    @Test("malformed JSON sent as application/json is not stored and is described without decoder internals")
    func malformedJSONIsNotStored() async throws {
        let harness = try CacheHarness()
        defer { harness.remove() }
        try await TestOrigin.run({ _ in
            .text(#"[{"id": 1, "title": "cut"#, headers: ["Content-Type": "application/json", "Cache-Control": "max-age=86400"])
        }) { origin in
            let error = await #expect(throws: FetchError.self) {
                _ = try await harness.client().load(JSONPlaceholderAPI.posts, from: origin.url("/"))
            }
            let message = error?.description ?? ""
            #expect(message.contains("not valid JSON (application/json)") && !message.contains("couldn’t") && !message.contains("couldn't"), "\(message)")
            #expect(harness.entryFiles().isEmpty)
        }
    }
}
