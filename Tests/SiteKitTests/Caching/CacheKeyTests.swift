import Foundation
import Testing
@testable import SiteKit

@Suite("Cache keys: equivalent URLs are one entry")
struct CacheKeyTests {
    @Test("scheme and host in lowercase, the scheme's own port and an empty path dropped; user, password and fragment never kept", arguments: [
        ("HTTP://Example.COM:80", "http://example.com/"),
        ("https://example.com:443/a/B?x=Y#top", "https://example.com/a/B?x=Y"),
        ("http://example.com:8080?q=1", "http://example.com:8080/?q=1"),
        ("https://example.com:80/", "https://example.com:80/"),
        ("http://u:p@Host:80/path", "http://host/path"),
        ("http://[::1]:80/x", "http://[::1]/x"),
        ("http://[::1]:8080/x", "http://[::1]:8080/x"),
        ("http://example.com:/x", "http://example.com/x"),
    ])
    func keys(url: String, key: String) throws {
        #expect(CacheEntry.keyURL(try #require(URL(string: url))) == key)
    }

    @Test("a URL written with another letter case in its scheme and host is served from the entry the first one stored")
    func equivalentURLsShareAnEntry() async throws {
        let harness = try CacheHarness()
        defer { harness.remove() }
        try await TestOrigin.run({ request in
            .text("#\(request.number)", headers: ["Cache-Control": "max-age=600"])
        }) { origin in
            let first = try await harness.get(origin.url("/k"))
            #expect(first.outcome == .miss)
            let shouted = try #require(URL(string: origin.url("/k").absoluteString.replacingOccurrences(of: "http://127.0.0.1", with: "HTTP://127.0.0.1")))
            let second = try await harness.get(shouted)
            #expect(second.outcome == .hit)
            #expect(String(decoding: second.response.body, as: UTF8.self) == "#1")
        }
    }
}
