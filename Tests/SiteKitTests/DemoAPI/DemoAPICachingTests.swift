import Foundation
import Testing
@testable import SiteKit

@Suite("Demo API: caching headers")
struct DemoAPICachingTests {
    @Test func everyOKCarriesValidatorsAndJSONHasNoCacheControl() async throws {
        try await DemoAPIServer.with { server in
            let result = try await server.get("/posts/1")
            let etag = try #require(result.header("ETag"))
            #expect(etag.hasPrefix("\"") && etag.hasSuffix("\"") && !etag.hasPrefix("W/"))
            #expect(result.header("Last-Modified") == DemoCaching.lastModified)
            #expect(result.header("Date") != nil)
            #expect(result.header("Cache-Control") == nil)
            #expect(result.header("Content-Length") == String(result.body.count))
        }
    }

    @Test func matchingIfNoneMatchAnswers304WithTheETag() async throws {
        try await DemoAPIServer.with { server in
            let etag = try #require(try await server.get("/users").header("ETag"))
            for value in [etag, "W/\(etag)", "\"other\", \(etag)", "*"] {
                let result = try await server.get("/users", headers: ["If-None-Match": value])
                #expect(result.status == 304, "\(value)")
                #expect(result.header("ETag") == etag)
                #expect(result.body.isEmpty)
            }
            #expect(try await server.get("/users", headers: ["If-None-Match": "\"other\""]).status == 200)
        }
    }

    @Test func ifModifiedSinceIsUsedOnlyWithoutIfNoneMatch() async throws {
        try await DemoAPIServer.with { server in
            let path = "/api/portraits/thumb/women/3.jpg"
            let same = try await server.get(path, headers: ["If-Modified-Since": DemoCaching.lastModified])
            #expect(same.status == 304)
            #expect(same.header("Cache-Control") == "public, max-age=86400")
            let later = try await server.get(path, headers: ["If-Modified-Since": "Tue, 02 Jan 2024 00:00:00 GMT"])
            #expect(later.status == 304)
            let earlier = try await server.get(path, headers: ["If-Modified-Since": "Sun, 31 Dec 2023 00:00:00 GMT"])
            #expect(earlier.status == 200)
            let both = try await server.get(path, headers: ["If-Modified-Since": DemoCaching.lastModified,
                                                            "If-None-Match": "\"stale\""])
            #expect(both.status == 200)
        }
    }

    @Test func headAnswersTheGetHeadersWithoutABody() async throws {
        try await DemoAPIServer.with { server in
            for path in ["/api/?results=3", "/api/portraits/men/5.jpg", "/comments?postId=2", "/posts/999"] {
                let get = try await server.get(path)
                let head = await RawHTTP.exchange(port: server.port, path: path, method: "HEAD", timeout: 5)
                let headLine = try #require(head.head?.split(separator: "\r\n").first, "\(head)")
                #expect(headLine.hasPrefix("HTTP/1.1 \(get.status)"))
                #expect(head.contentLength == get.body.count, "\(path)")
                #expect(head.body.isEmpty)
                let viaSession = try await server.get(path, method: "HEAD")
                #expect(viaSession.header("ETag") == get.header("ETag"))
            }
        }
    }

    @Test func otherMethodsAre405() async throws {
        try await DemoAPIServer.with { server in
            let result = try await server.get("/posts", method: "DELETE")
            #expect(result.status == 405)
            #expect(result.header("Allow") == "GET, HEAD")
        }
    }
}
