import Foundation
import Testing
@testable import SiteKit

/// A response in a content coding libcurl does not know never reaches us through URLSession:
/// it must be one clear, unretried error, never a stored or partial answer.
@Suite struct UnknownCodingTests {
    @Test func anUnknownContentEncodingIsOneClearErrorNotRetriedAndNotStored() async throws {
        let harness = try CacheHarness()
        defer { harness.remove() }
        try await TestOrigin.run({ _ in
            .text("hello", headers: ["Content-Encoding": "x-arizona", "Cache-Control": "max-age=600"])
        }) { origin in
            let url = origin.url("/coded")
            let error = await #expect(throws: FetchError.self) {
                _ = try await harness.get(url, options: HTTPClientOptions(timeout: 30, retry: RetryPolicy()))
            }
            #expect(error?.kind == .undecodable(coding: "x-arizona", damaged: false) && error?.kindName == "transport" && error?.attempts == 1)
            #expect(origin.requestCount == 1 && harness.clock.sleeps.isEmpty)
            let message = error?.description ?? ""
            #expect(message.contains(url.absoluteString) && message.contains("coding") && !message.contains(".."))
            #expect(harness.entryFiles().isEmpty)
        }
    }

    @Test func aStaleCopyStandsInWhenTheOriginSwitchesToAnUnknownCoding() async throws {
        let harness = try CacheHarness()
        defer { harness.remove() }
        try await TestOrigin.run({ request in
            request.number == 1
                ? .text("plain", headers: ["Cache-Control": "max-age=60"])
                : .text("coded", headers: ["Content-Encoding": "x-arizona"])
        }) { origin in
            _ = try await harness.get(origin.url("/switch"))
            harness.clock.advance(by: 600)
            let stale = try await harness.get(origin.url("/switch"))
            #expect(stale.outcome == .stale && stale.text == "plain" && origin.requestCount == 2)
            let warning = try #require(harness.reporter.warnings.last)
            #expect(warning.contains(origin.url("/switch").absoluteString) && warning.contains("coding"))
        }
    }

    @Test("a coding the transport does not know, and damaged gzip and zstd bodies: one attempt, a message naming the coding, nothing from libcurl",
          arguments: [("x-arizona", "\"x-arizona\" content coding"), ("gzip", "marked as gzip that does not decode"),
                      ("zstd", "marked as zstd that does not decode")])
    func undecodableBodiesAreNotRetried(coding: String, words: String) async throws {
        let harness = try CacheHarness()
        defer { harness.remove() }
        try await TestOrigin.run({ _ in .text("hello, not coded at all", headers: ["Content-Encoding": coding]) }) { origin in
            let url = origin.url("/coded")
            let error = await #expect(throws: FetchError.self) {
                _ = try await harness.get(url, options: HTTPClientOptions(timeout: 30, retry: RetryPolicy()))
            }
            let message = error?.description ?? ""
            #expect(message.contains(words) && message.contains("Retrying will not help"), "\(message)")
            #expect(!message.contains("Check the network") && !message.contains("incorrect header") && !message.contains("Unrecognized"))
            #expect(origin.requestCount == 1 && harness.clock.sleeps.isEmpty && harness.entryFiles().isEmpty)
        }
    }

    @Test("a zstd body, which every request offers to take, is decoded and handed over as such")
    func zstdIsDecoded() async throws {
        let harness = try CacheHarness()
        defer { harness.remove() }
        let coded = try Fixture.data("Fetching/greeting.txt.zst")
        let plain = String(repeating: "hello, decoded world\n", count: 20)
        try await TestOrigin.run({ _ in OriginReply(headers: ["Content-Encoding": "zstd"], body: coded) }) { origin in
            let result = try await harness.get(origin.url("/zst"))
            #expect(result.text == plain && result.response.headers["Content-Encoding"] == nil)
        }
    }

    @Test("a gzip body handed over decoded is described as such: no Content-Encoding, its decoded length, also in a 206 from the cache")
    func decodedBodiesHaveTheirOwnLength() async throws {
        let harness = try CacheHarness()
        defer { harness.remove() }
        let coded = try Fixture.data("Fetching/greeting.txt.gz")
        let plain = String(repeating: "hello, decoded world\n", count: 20)
        try await TestOrigin.run({ _ in
            OriginReply(headers: ["Content-Encoding": "gzip", "Cache-Control": "max-age=600"], body: coded)
        }) { origin in
            let url = origin.url("/gz")
            let first = try await harness.get(url)
            #expect(first.text == plain && first.response.headers["Content-Encoding"] == nil)
            #expect(first.response.headers["Content-Length"] == String(plain.utf8.count))
            let hit = try await harness.get(url)
            #expect(hit.outcome == .hit && hit.response.headers["Content-Encoding"] == nil
                && hit.response.headers["Content-Length"] == String(plain.utf8.count))
            let partial = try await harness.get(url, headers: ["Range": "bytes=0-4"])
            #expect(partial.response.status == 206 && partial.text == "hello" && partial.response.headers["Content-Encoding"] == nil)
            #expect(partial.response.headers["Content-Length"] == "5" && origin.requestCount == 1)
        }
    }
}
