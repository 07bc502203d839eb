import Foundation
import Testing
@testable import SiteKit

@Suite struct InvalidationTests {
    @Test func successfulPostInvalidatesTheURLAndItsLocations() async throws {
        let harness = try CacheHarness()
        defer { harness.remove() }
        try await TestOrigin.run({ request in
            if request.method == "POST" {
                return OriginReply(status: 201, headers: ["Location": "/item/2", "Content-Location": "/item/3",
                                                          "Cache-Control": "max-age=600"])
            }
            return .text("\(request.target) #\(request.number)", headers: ["Cache-Control": "max-age=600"])
        }) { origin in
            for path in ["/items", "/item/2", "/item/3", "/item/4"] { _ = try await harness.get(origin.url(path)) }
            let post = try await harness.client().fetch(HTTPRequest(method: "POST", url: origin.url("/items"), body: Data("x".utf8)),
                                                         limits: .json)
            #expect(post.outcome == .bypass && post.response.status == 201)
            #expect(origin.requests.last?.body == Data("x".utf8))
            for path in ["/items", "/item/2", "/item/3"] {
                #expect(try await harness.get(origin.url(path)).outcome == .miss)
            }
            #expect(try await harness.get(origin.url("/item/4")).outcome == .hit)
        }
    }

    @Test func failedPostAndSafeMethodsLeaveTheCacheAlone() async throws {
        let harness = try CacheHarness()
        defer { harness.remove() }
        try await TestOrigin.run({ request in
            request.method == "GET" ? .text("g", headers: ["Cache-Control": "max-age=600"]) : .text("no", status: 500)
        }) { origin in
            _ = try await harness.get(origin.url("/p"))
            let client = harness.client()
            for method in ["POST", "OPTIONS"] {
                let result = try await client.fetch(HTTPRequest(method: method, url: origin.url("/p")), limits: .json)
                #expect(result.response.status == 500 && result.outcome == .bypass)
            }
            #expect(try await harness.get(origin.url("/p")).outcome == .hit)
        }
    }

    @Test func unsafeMethodsAreNeverCached() async throws {
        let harness = try CacheHarness()
        defer { harness.remove() }
        try await TestOrigin.run({ _ in .text("p", headers: ["Cache-Control": "max-age=600"]) }) { origin in
            let client = harness.client()
            for _ in 0..<2 {
                _ = try await client.fetch(HTTPRequest(method: "PUT", url: origin.url("/put")), limits: .json)
            }
            #expect(origin.requestCount == 2 && harness.entryFiles().isEmpty)
        }
    }
}
