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
            #expect(error?.kind == .undecodable && error?.kindName == "transport" && error?.attempts == 1)
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
}
