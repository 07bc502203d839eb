import Foundation
import Testing
@testable import SiteKit

@Suite("Demo API: request log")
struct DemoAPIRequestLogTests {
    @Test func recordsMethodPathQueryHeadersAndStatus() async throws {
        try await DemoAPIServer.with { server in
            let etag = try #require(try await server.get("/posts?userId=1").header("ETag"))
            _ = try await server.get("/posts?userId=1", headers: ["If-None-Match": etag])
            _ = try await server.get("/api/portraits/men/1.jpg", method: "HEAD")
            #expect(await server.log.count(pathPrefix: "/posts") == 2)
            #expect(await server.log.count() == 3)
            let requests = await server.log.requests(pathPrefix: "/posts")
            #expect(requests.map(\.query) == ["userId=1", "userId=1"])
            #expect(requests[0].headers["If-None-Match"] == nil)
            #expect(requests[1].headers["If-None-Match"] == etag)
            #expect(requests.map(\.status) == [200, 304])
            #expect(await server.log.requests(pathPrefix: "/api/").first?.method == "HEAD")
            await server.log.reset()
            #expect(await server.log.count() == 0)
        }
    }

    @Test func requestsOneAfterAnotherNeverOverlap() async throws {
        try await DemoAPIServer.with { server in
            let session = DemoHTTP.session()
            for id in 1...5 {
                _ = try await server.get("/posts/\(id)", session: session)
            }
            #expect(await server.log.peakInFlight(pathPrefix: "/posts") == 1)
            #expect(await server.log.inFlight() == 0)
        }
    }

    @Test func peakInFlightCountsConcurrentRequestsPerPrefix() async throws {
        try await DemoAPIServer.with { server in
            await server.faults.set(.latency(0.3), forPathPrefix: "/comments")
            let session = DemoHTTP.session()
            try await withThrowingTaskGroup(of: Int.self) { group in
                for id in 1...8 {
                    group.addTask { try await server.get("/comments/\(id)", session: session).status }
                }
                for try await status in group {
                    #expect(status == 200)
                }
            }
            _ = try await server.get("/users/1", session: session)
            #expect(await server.log.peakInFlight(pathPrefix: "/comments") == 8)
            #expect(await server.log.peakInFlight(pathPrefix: "/users") == 1)
            #expect(await server.log.count(pathPrefix: "/comments/") == 8)
        }
    }
}
