import Foundation
import Testing
@testable import SiteKit

/// What the demo API keeps of the answers it generated: `site api` keeps them for repeated
/// requests; the server a build embeds keeps none, since that build asks for each resource once
/// and 50,000 people are 52 MB of JSON it would hold until the build ends.
@Suite("Demo API: memory of its answers")
struct DemoAPIResponseMemoryTests {
    private static let page = DemoResource(status: 200, body: Array(repeating: 0x20, count: 1_000), contentType: DemoResource.jsonType)

    @Test func aMemoryOfZeroBytesKeepsNothing() async {
        let cache = ResponseCache(limitBytes: 0)
        await cache.store(Self.page, for: "/api/?results=5000&page=1")
        #expect(await cache.resource(for: "/api/?results=5000&page=1") == nil)
    }

    @Test func theDefaultMemoryKeepsAnswersUntilItsLimitThenDropsTheOldest() async {
        let cache = ResponseCache(limitBytes: 2_500)
        for page in 1...3 { await cache.store(Self.page, for: "/api/?page=\(page)") }
        #expect(await cache.resource(for: "/api/?page=1") == nil)
        #expect(await cache.resource(for: "/api/?page=2")?.body.count == 1_000)
        #expect(await cache.resource(for: "/api/?page=3")?.body.count == 1_000)
    }

    @Test func aServerThatRemembersNothingAnswersARepeatTheSameAndRevalidates() async throws {
        try await DemoAPIServer.with(remembering: 0) { server in
            let path = "/api/?results=20&seed=memory"
            let first = try await server.get(path)
            let second = try await server.get(path)
            #expect(first.status == 200 && second.status == 200)
            #expect(first.body == second.body)
            let etag = try #require(first.header("ETag"))
            #expect(second.header("ETag") == etag)
            #expect(try await server.get(path, headers: ["If-None-Match": etag]).status == 304)
        }
    }
}
