import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
@testable import SiteKit

@Suite("Demo API: faults")
struct DemoAPIFaultTests {
    @Test func statusSequenceWithRetryAfterThenSuccess() async throws {
        try await DemoAPIServer.with { server in
            await server.faults.set(.statuses([503, 503], retryAfter: "1"), forPathPrefix: "/posts")
            for _ in 0..<2 {
                let failed = try await server.get("/posts/1")
                #expect(failed.status == 503)
                #expect(failed.header("Retry-After") == "1")
                let object = try failed.object()
                #expect(object["statusCode"] as? Int == 503)
                #expect(object["error"] as? String == "Service Unavailable")
                #expect((object["message"] as? [String])?.isEmpty == false)
            }
            let recovered = try await server.get("/posts/1")
            #expect(recovered.status == 200)
            #expect(recovered.header("Retry-After") == nil)
        }
    }

    @Test func fixedStatusLastsAndTheLongestPrefixWins() async throws {
        try await DemoAPIServer.with { server async throws in
            await server.faults.set(.status(404), forPathPrefix: "/api/portraits/")
            await server.faults.set(.latency(0), forPathPrefix: "/api/")
            for _ in 0..<3 {
                #expect(try await server.get("/api/portraits/men/1.jpg").status == 404)
            }
            #expect(try await server.get("/api/").status == 200)
            await server.faults.clear()
            #expect(try await server.get("/api/portraits/men/1.jpg").status == 200)
        }
    }

    @Test func latencyDelaysTheResponse() async throws {
        try await DemoAPIServer.with { server async throws in
            await server.faults.set(.latency(0.2), forPathPrefix: "/users")
            let clock = ContinuousClock()
            let start = clock.now
            #expect(try await server.get("/users/1").status == 200)
            #expect(clock.now - start >= .milliseconds(200))

            await server.faults.clear()
            await server.faults.setLatency(0.1, jitter: 0.05)
            let second = clock.now
            #expect(try await server.get("/posts/2").status == 200)
            #expect(clock.now - second >= .milliseconds(100))
        }
    }

    @Test func stallNeverAnswersAndStopStillReturnsPromptly() async throws {
        let server = try await DemoAPIServer.start()
        await server.faults.set(.stall, forPathPrefix: "/api/")
        let clock = ContinuousClock()
        let start = clock.now
        // URLSession on Linux rounds timeouts down to whole seconds: 0.5 would fire at once.
        await #expect(throws: (any Error).self) {
            _ = try await server.get("/api/?results=1", timeout: 1)
        }
        #expect(clock.now - start >= .milliseconds(900))
        let raw = await RawHTTP.exchange(port: server.port, path: "/api/", timeout: 0.3)
        #expect(raw.timedOut && raw.bytes.isEmpty)
        // Once the clients hung up, their requests are no longer in flight.
        var waited = 0
        while await server.log.inFlight() > 0, waited < 300 {
            try await Task.sleep(for: .milliseconds(10))
            waited += 1
        }
        #expect(await server.log.inFlight() == 0)
        #expect(await server.log.count(pathPrefix: "/api/") == 2)
        // A stalled request still open while stopping must not hold the stop up.
        async let pending = RawHTTP.exchange(port: server.port, path: "/api/", timeout: 60)
        try await Task.sleep(for: .milliseconds(100))
        let stopStart = clock.now
        await server.stop()
        // Quiet, this takes a few milliseconds. The bound (below the client's 60 s timeout) only
        // catches a stop that waits for the stalled request; parallel suites on two cores have
        // slowed a normal stop to 5 s.
        #expect(clock.now - stopStart < .seconds(30))
        let ended = await pending
        #expect(!ended.timedOut)
    }

    @Test func dripSendsTheBodySlowly() async throws {
        try await DemoAPIServer.with { server in
            await server.faults.set(Fault(dripInterval: 0.05, body: Data("0123456789".utf8)), forPathPrefix: "/posts/1")
            // The timeout only tells a hang: parallel suites on two cores have held a 0.5 s drip past 5 s.
            let raw = await RawHTTP.exchange(port: server.port, path: "/posts/1", timeout: 60)
            #expect(raw.body == Array("0123456789".utf8), "\(raw)")
            #expect(raw.contentLength == 10)
            #expect(raw.arrivals.count >= 5)
            #expect((raw.arrivals.last ?? 0) - (raw.arrivals.first ?? 0) >= 0.4)
        }
    }

    @Test func truncateSendsFewerBytesThanContentLengthAndCloses() async throws {
        try await DemoAPIServer.with { server in
            await server.faults.set(.truncate, forPathPrefix: "/api/portraits/")
            let raw = await RawHTTP.exchange(port: server.port, path: "/api/portraits/men/3.jpg", timeout: 5)
            let length = try #require(raw.contentLength)
            #expect(raw.closedByPeer)
            #expect(raw.body.count > 0 && raw.body.count < length)
            await #expect(throws: (any Error).self) {
                _ = try await server.get("/api/portraits/men/3.jpg", timeout: 5)
            }
        }
    }

    @Test func malformedJSONIsA200ThatDoesNotParse() async throws {
        try await DemoAPIServer.with { server in
            await server.faults.set(.malformedJSON, forPathPrefix: "/users")
            let result = try await server.get("/users")
            #expect(result.status == 200)
            #expect(!result.body.isEmpty)
            #expect(throws: (any Error).self) { try JSONSerialization.jsonObject(with: result.body) }
        }
    }

    @Test func contentTypeAndBodyOverridesServeAnHTMLPageAsAnImage() async throws {
        try await DemoAPIServer.with { server in
            let page = "<html><body>Rate limited</body></html>"
            await server.faults.set(Fault(contentType: "image/jpeg", body: Data(page.utf8)), forPathPrefix: "/api/portraits/")
            let result = try await server.get("/api/portraits/women/8.jpg")
            #expect(result.status == 200)
            #expect(result.header("Content-Type") == "image/jpeg")
            #expect(String(decoding: result.body, as: UTF8.self) == page)
        }
    }

    @Test func headerOverridesAddReplaceAndRemove() async throws {
        try await DemoAPIServer.with { server in
            await server.faults.set(Fault(headers: ["Cache-Control": "max-age=3600"], removedHeaders: ["etag"]),
                                    forPathPrefix: "/posts")
            let result = try await server.get("/posts/1")
            #expect(result.header("Cache-Control") == "max-age=3600")
            #expect(result.header("ETag") == nil)
            #expect(result.header("Last-Modified") != nil)
        }
    }
}
