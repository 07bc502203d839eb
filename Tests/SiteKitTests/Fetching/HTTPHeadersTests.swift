import Testing
@testable import SiteKit

@Suite struct HTTPHeadersTests {
    @Test func lookupIsCaseInsensitiveAndJoinsRepeatedFields() {
        var headers: HTTPHeaders = ["Cache-Control": "max-age=60", "cache-control": "public"]
        #expect(headers["CACHE-CONTROL"] == "max-age=60, public")
        #expect(headers.values(for: "Cache-Control") == ["max-age=60", "public"])
        headers.set("Cache-Control", "no-store")
        #expect(headers.fields == [HTTPField("Cache-Control", "no-store")])
        headers.remove("cache-control")
        #expect(headers["Cache-Control"] == nil)
    }

    @Test func retryAfterReadsSecondsAndHTTPDates() {
        let now = HTTPDate.parse("Sun, 06 Nov 1994 08:49:37 GMT")!
        #expect(RetryAfter.seconds(from: "7", now: now) == 7)
        #expect(RetryAfter.seconds(from: "Sun, 06 Nov 1994 08:49:47 GMT", now: now) == 10)
        #expect(RetryAfter.seconds(from: "soon", now: now) == nil)
        #expect(RetryAfter.seconds(from: "-3", now: now) == nil)
        // Seconds past what an integer holds are a very long delay, never a missing one.
        #expect(RetryAfter.seconds(from: "100000000000000000000", now: now) == RetryAfter.longest)
        #expect(RetryAfter.seconds(from: "99999999999", now: now) == RetryAfter.longest)
        #expect(RetryAfter.seconds(from: "1e9", now: now) == nil)
    }
}
