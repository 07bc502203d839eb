import Foundation
import Testing
@testable import SiteKit

@Suite struct StaleAndOfflineTests {
    @Test func staleEntryIsServedWhenServerReturns503() async throws {
        let harness = try CacheHarness()
        defer { harness.remove() }
        try await TestOrigin.run({ request in
            request.number == 1 ? .text("good", headers: ["Cache-Control": "max-age=60"]) : .text("down", status: 503)
        }) { origin in
            _ = try await harness.get(origin.url("/s"))
            harness.clock.advance(by: 7200)
            let stale = try await harness.get(origin.url("/s"))
            #expect(stale.outcome == .stale && stale.text == "good" && stale.response.status == 200)
            let warning = try #require(harness.reporter.warnings.last)
            #expect(warning.contains(origin.url("/s").absoluteString) && warning.contains("503") && warning.contains("2 h"))
        }
    }

    @Test("a stored error (a 404 an earlier answer left) never stands in for a failing origin: the error is the server's 500, not the old 404 said to be 'used as it is' (--offline)")
    func aStoredErrorIsNoFallback() async throws {
        let harness = try CacheHarness()
        defer { harness.remove() }
        try await TestOrigin.run({ request in
            request.number == 1 ? .text("gone", status: 404, headers: ["Cache-Control": "max-age=60"]) : .text("down", status: 500)
        }) { origin in
            _ = try await harness.get(origin.url("/posts"))
            harness.clock.advance(by: 7200)
            let answer = try await harness.get(origin.url("/posts"))
            #expect(answer.response.status == 500 && answer.outcome != .stale, "\(answer.outcome)")
            #expect(!harness.reporter.warnings.contains { $0.contains("serving the cached copy") }, "\(harness.reporter.warnings)")
        }
    }

    @Test("an origin that is down while many cached responses are served stale: three warnings, the last saying that more follow quietly")
    func repeatedStaleWarningsAreCapped() async throws {
        let harness = try CacheHarness()
        defer { harness.remove() }
        try await TestOrigin.run({ request in
            request.number <= 6 ? .text("good", headers: ["Cache-Control": "max-age=60"]) : .text("down", status: 503)
        }) { origin in
            let client = harness.client()
            let urls = (1...6).map { origin.url("/p\($0)") }
            for url in urls { _ = try await client.fetch(HTTPRequest(url: url), limits: .json) }
            harness.clock.advance(by: 3600)
            for url in urls {
                #expect(try await client.fetch(HTTPRequest(url: url), limits: .json).outcome == .stale)
            }
            let warnings = harness.reporter.warnings
            #expect(warnings.count == 3, "\(warnings)")
            // The host named with its port: two servers on one address are two hosts.
            let host = origin.url("/").shownHost
            #expect(host.hasPrefix("127.0.0.1:"))
            #expect(warnings.last?.contains("Any further responses from \(host) served from the cache this way are not listed one by one") == true, "\(warnings)")
        }
    }

    @Test func staleEntryIsServedWhenTheOriginIsUnreachable() async throws {
        let harness = try CacheHarness()
        defer { harness.remove() }
        let url = try await TestOrigin.run({ _ in .text("kept", headers: ["Cache-Control": "max-age=1"]) }) { origin in
            _ = try await harness.get(origin.url("/gone"))
            return origin.url("/gone")
        }
        harness.clock.advance(by: 60)
        let stale = try await harness.get(url)
        #expect(stale.outcome == .stale && stale.text == "kept")
        #expect(harness.reporter.warnings.last?.contains("failed") == true)
    }

    @Test("when the origin cannot be reached and the stored copy may not stand in, the error says a copy exists and why it was not used, as --offline's does",
          arguments: [("max-age=1, must-revalidate", "its server forbids using it unchecked (Cache-Control: must-revalidate)"),
                      ("no-cache", "its server forbids using it unchecked (Cache-Control: no-cache)"),
                      ("max-age=1, stale-if-error=10", "it has been stale for 59 s, longer than the 10 s its stale-if-error allows")])
    func anUnusableCopyIsNamedInTheError(cacheControl: String, reason: String) async throws {
        let harness = try CacheHarness()
        defer { harness.remove() }
        let url = try await TestOrigin.run({ _ in .text("kept", headers: ["Cache-Control": cacheControl]) }) { origin in
            _ = try await harness.get(origin.url("/gone"))
            return origin.url("/gone")
        }
        harness.clock.advance(by: 60)
        let error = await #expect(throws: FetchError.self) { _ = try await harness.get(url) }
        let text = error?.description ?? ""
        #expect(text.contains("could not be reached") && text.hasSuffix(" A cached copy exists, but it was not used: \(reason)."), "\(text)")
    }

    @Test func mustRevalidateForbidsServingStale() async throws {
        let harness = try CacheHarness()
        defer { harness.remove() }
        try await TestOrigin.run({ request in
            request.number == 1 ? .text("strict", headers: ["Cache-Control": "max-age=1, must-revalidate"]) : .text("down", status: 503)
        }) { origin in
            _ = try await harness.get(origin.url("/m"))
            harness.clock.advance(by: 60)
            let result = try await harness.get(origin.url("/m"))
            #expect(result.response.status == 503 && result.outcome == .miss && harness.reporter.warnings.isEmpty)
            // The error a build prints says why the copy it has did not stand in.
            #expect(result.unusedCopy == "its server forbids using it unchecked (Cache-Control: must-revalidate)")
        }
    }

    @Test("a 5xx never takes the place of a good copy that may not stand in for it: the error goes to the caller, and once the server is back, the good copy is revalidated (a 502 with max-age and the copy's own ETag was stored over it, and a 304 then served the 502 to every build, --refresh too)",
          arguments: [false, true])
    func aServerErrorDoesNotReplaceTheGoodCopy(refresh: Bool) async throws {
        let harness = try CacheHarness()
        defer { harness.remove() }
        let strict: SiteKit.HTTPHeaders = ["Cache-Control": "max-age=0, must-revalidate", "ETag": "\"v1\""]
        try await TestOrigin.run({ request in
            switch request.number {
            case 1: return .text("good", headers: strict)
            case 2: return .text("bad gateway", status: 502, headers: strict)
            default:
                return request.headers.values(for: "If-None-Match").first == "\"v1\"" ? OriginReply(status: 304, headers: strict) : .text("good", headers: strict)
            }
        }) { origin in
            let url = origin.url("/posts")
            _ = try await harness.get(url)
            let failed = try await harness.get(url)
            #expect(failed.response.status == 502 && failed.unusedCopy == "its server forbids using it unchecked (Cache-Control: must-revalidate)")
            let options = HTTPClientOptions(timeout: 30, retry: .none, refresh: refresh)
            let recovered = try await harness.get(url, options: options)
            #expect(recovered.response.status == 200 && recovered.text == "good" && recovered.outcome == .revalidated, "\(recovered.response.status) \(recovered.text) \(recovered.outcome)")
            let asked = origin.requests
            #expect(asked.count == 3 && asked[2].headers.values(for: "If-None-Match") == ["\"v1\""], "the good copy's ETag")
        }
    }

    @Test("a stored server error's validators are not sent: an origin that put the resource's ETag on its 502 would answer 304 and have the error served again")
    func aStoredServerErrorIsNotRevalidated() async throws {
        let harness = try CacheHarness()
        defer { harness.remove() }
        let tagged: SiteKit.HTTPHeaders = ["Cache-Control": "max-age=0", "ETag": "\"v1\""]
        try await TestOrigin.run({ request in
            if request.number == 1 { return .text("bad gateway", status: 502, headers: tagged) }
            return request.headers.contains("If-None-Match") ? OriginReply(status: 304, headers: tagged) : .text("good", headers: tagged)
        }) { origin in
            let url = origin.url("/posts")
            let failed = try await harness.get(url)
            #expect(failed.response.status == 502)
            #expect(harness.entryFiles().count == 1, "kept, as the server allowed: it is what a build within its max-age would be answered")
            let next = try await harness.get(url)
            #expect(next.response.status == 200 && next.text == "good", "\(next.response.status) \(next.text)")
            #expect(origin.requests.last?.headers.contains("If-None-Match") == false)
        }
    }

    @Test("a build's error for a 5xx says why the stale copy it holds did not stand in (must-revalidate), where it said only that the server is failing")
    func aServerErrorNamesTheUnusedCopy() async throws {
        let harness = try CacheHarness()
        defer { harness.remove() }
        try await TestOrigin.run({ request in
            request.number == 1 ? .text("[]", headers: ["Cache-Control": "max-age=1, must-revalidate", "Content-Type": "application/json"])
                : .text("down", status: 503)
        }) { origin in
            _ = try await harness.client().load(JSONPlaceholderAPI.posts, from: origin.url("/"))
            harness.clock.advance(by: 60)
            let error = await #expect(throws: FetchError.self) { try await harness.client().load(JSONPlaceholderAPI.posts, from: origin.url("/")) }
            let text = error?.description ?? ""
            #expect(text.contains("answered HTTP 503") && text.hasSuffix("A cached copy exists, but it was not used: its server forbids using it unchecked (Cache-Control: must-revalidate)."), "\(text)")
        }
    }

    @Test("proxy-revalidate and s-maxage bind shared caches only (RFC 9111 §4.2.4, §5.2.2.8): this private cache serves such a copy stale when the origin fails, as --offline does",
          arguments: ["max-age=1, proxy-revalidate", "max-age=1, s-maxage=1"])
    func sharedCacheDirectivesDoNotForbidServingStale(cacheControl: String) async throws {
        let harness = try CacheHarness()
        defer { harness.remove() }
        try await TestOrigin.run({ request in
            request.number == 1 ? .text("shared", headers: ["Cache-Control": cacheControl]) : .text("down", status: 503)
        }) { origin in
            _ = try await harness.get(origin.url("/p"))
            harness.clock.advance(by: 60)
            let result = try await harness.get(origin.url("/p"))
            #expect(result.outcome == .stale && result.text == "shared")
        }
    }

    @Test func anExpiredStaleIfErrorWindowForbidsServingStale() async throws {
        let harness = try CacheHarness()
        defer { harness.remove() }
        try await TestOrigin.run({ request in
            request.number == 1 ? .text("w", headers: ["Cache-Control": "max-age=1, stale-if-error=10"]) : .text("down", status: 500)
        }) { origin in
            _ = try await harness.get(origin.url("/w"))
            harness.clock.advance(by: 5)
            #expect(try await harness.get(origin.url("/w")).outcome == .stale)
            harness.clock.advance(by: 60)
            #expect(try await harness.get(origin.url("/w")).response.status == 500)
        }
    }

    @Test func unreachableOriginWithoutACopyIsAClearError() async throws {
        let harness = try CacheHarness()
        defer { harness.remove() }
        let error = await #expect(throws: FetchError.self) {
            _ = try await harness.get(URL(string: "http://127.0.0.1:1/none")!)
        }
        #expect(error?.isUnreachable == true)
        #expect(error?.description.contains("http://127.0.0.1:1/none") == true)
    }

    @Test func offlineMakesNoRequestAndServesStaleCopies() async throws {
        let harness = try CacheHarness()
        defer { harness.remove() }
        let offline = HTTPClientOptions(timeout: 30, retry: .none, offline: true)
        try await TestOrigin.run({ _ in .text("o", headers: ["Cache-Control": "max-age=10"]) }) { origin in
            _ = try await harness.get(origin.url("/o"))
            #expect(try await harness.get(origin.url("/o"), options: offline).outcome == .hit)
            harness.clock.advance(by: 100)
            let stale = try await harness.get(origin.url("/o"), options: offline)
            #expect(stale.outcome == .stale && stale.text == "o")
            let error = await #expect(throws: FetchError.self) {
                _ = try await harness.get(origin.url("/missing"), options: offline)
            }
            #expect(error?.kind == .offlineMiss)
            #expect(error?.description.contains(origin.url("/missing").absoluteString) == true)
            #expect(error?.description.contains("--demo") == true)
            #expect(origin.requestCount == 1)
        }
    }

    @Test("a damaged copy in the cache is named as such, offline and when the origin cannot be reached, not called missing")
    func damagedCopyIsNamed() async throws {
        let harness = try CacheHarness()
        defer { harness.remove() }
        let offline = HTTPClientOptions(timeout: 30, retry: .none, offline: true)
        var address: URL?
        try await TestOrigin.run({ _ in .text("kept", headers: ["Cache-Control": "max-age=10"]) }) { origin in
            address = origin.url("/kept")
            _ = try await harness.get(origin.url("/kept"))
        }
        let url = try #require(address)
        let file = try #require(harness.entryFiles().first)
        let handle = try FileHandle(forWritingTo: file)
        try handle.truncate(atOffset: 40)
        try handle.close()
        let error = await #expect(throws: FetchError.self) { _ = try await harness.get(url, options: offline) }
        let message = error?.description ?? ""
        #expect(error?.kind == .offlineMiss)
        #expect(message.contains("has a copy in the cache that cannot be used: \(file.path) is damaged (cut short or altered since it was stored"), "\(message)")
        #expect(message.contains("--offline forbids the network: go online and build once to store it anew") && !message.contains("no-store"), "\(message)")
        // The clause a picture's warning gives says so too, where it said "is not cached".
        #expect(error?.shortReason.hasPrefix("has a copy in the cache that cannot be used (\(file.path) is damaged") == true, "\(error?.shortReason ?? "")")
        // The origin is gone too (its server stopped): the same words beside the network's.
        let online = await #expect(throws: FetchError.self) { _ = try await harness.get(url) }
        #expect(online?.isUnreachable == true)
        #expect(online?.description.contains("\(file.path) is damaged") == true, "\(online?.description ?? "")")
        // A URL the cache never held is simply missing.
        let missing = await #expect(throws: FetchError.self) { _ = try await harness.get(url.appendingPathComponent("other"), options: offline) }
        #expect(missing?.description.contains("is not in the cache") == true && missing?.unusedCopy == nil)
    }

    @Test("--offline does not serve a stale must-revalidate copy, nor a no-cache one at all: an error says a copy exists and to retry online",
          arguments: ["max-age=10, must-revalidate", "no-cache"])
    func offlineRespectsMustRevalidateAndNoCache(cacheControl: String) async throws {
        let harness = try CacheHarness()
        defer { harness.remove() }
        let offline = HTTPClientOptions(timeout: 30, retry: .none, offline: true)
        try await TestOrigin.run({ _ in .text("strict", headers: ["Cache-Control": cacheControl]) }) { origin in
            _ = try await harness.get(origin.url("/strict"))
            harness.clock.advance(by: 100)
            let error = await #expect(throws: FetchError.self) { _ = try await harness.get(origin.url("/strict"), options: offline) }
            let message = error?.description ?? ""
            #expect(message.contains("has a cached copy") && message.contains("Retry online") && error?.kindName == "offline", "\(message)")
            #expect(origin.requestCount == 1)
        }
    }
}
