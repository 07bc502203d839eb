import Foundation
import Testing
@testable import SiteKit

/// What the real transport tells an API about the software asking.
@Suite struct UserAgentTests {
    @Test func requestsNameSiteAndItsVersion() async throws {
        let harness = try CacheHarness()
        defer { harness.remove() }
        try await TestOrigin.run({ _ in .text("{}") }) { origin in
            _ = try await harness.get(origin.url("/people"))
            let sent = try #require(origin.requests.first)
            #expect(sent.headers["User-Agent"] == "site/" + SiteVersion.number)
        }
    }

    @Test func aRequestsOwnUserAgentReplacesSites() async throws {
        let harness = try CacheHarness()
        defer { harness.remove() }
        try await TestOrigin.run({ _ in .text("{}") }) { origin in
            _ = try await harness.get(origin.url("/people"), headers: ["User-Agent": "probe/2"])
            let sent = try #require(origin.requests.first)
            #expect(sent.headers.values(for: "User-Agent") == ["probe/2"])
        }
    }
}
