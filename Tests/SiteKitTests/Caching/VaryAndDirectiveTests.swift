import Foundation
import Testing
@testable import SiteKit

@Suite struct VaryAndDirectiveTests {
    @Test func varyKeepsOneVariantPerSelectingHeaderValue() async throws {
        let harness = try CacheHarness()
        defer { harness.remove() }
        try await TestOrigin.run({ request in
            .text("lang=\(request.headers["X-Lang"] ?? "none")",
                  headers: ["Cache-Control": "max-age=600", "Vary": "X-Lang"])
        }) { origin in
            let url = origin.url("/v")
            _ = try await harness.get(url, headers: ["X-Lang": "en"])
            _ = try await harness.get(url, headers: ["X-Lang": "de"])
            let english = try await harness.get(url, headers: ["X-Lang": "en"])
            let german = try await harness.get(url, headers: ["X-Lang": "de"])
            #expect(english.outcome == .hit && english.text == "lang=en")
            #expect(german.outcome == .hit && german.text == "lang=de")
            let spaced = try await harness.get(url, headers: ["x-lang": " de "])
            #expect(spaced.outcome == .hit && spaced.text == "lang=de")
            let none = try await harness.get(url)
            #expect(none.outcome == .miss && none.text == "lang=none")
            #expect(origin.requestCount == 3)
            #expect(harness.entryFiles().count == 3)
        }
    }

    @Test("a response that varies on Authorization, fetched with a user and password in the URL, is served only to those credentials: alice's answer went to another password and to anonymous requests")
    func urlCredentialsSelectAVariant() async throws {
        let harness = try CacheHarness()
        defer { harness.remove() }
        try await TestOrigin.run({ request in
            .text("for \(request.headers["Authorization"] ?? "nobody")", headers: ["Cache-Control": "public, max-age=600", "Vary": "Authorization"])
        }) { origin in
            func url(_ userinfo: String) -> URL { URL(string: origin.url("/account").absoluteString.replacingOccurrences(of: "://", with: "://\(userinfo)"))! }
            let alice = try await harness.get(url("alice:pw1@"))
            #expect(alice.outcome == .miss && alice.text == "for Basic YWxpY2U6cHcx")
            #expect(try await harness.get(url("alice:pw1@")).outcome == .hit)
            let mallory = try await harness.get(url("mallory:wrong@"))
            #expect(mallory.outcome == .miss && !mallory.text.contains("YWxpY2U6cHcx"), "\(mallory.text)")
            let anonymous = try await harness.get(url(""))
            #expect(anonymous.outcome == .miss && anonymous.text == "for nobody", "\(anonymous.text)")
            #expect(origin.requestCount == 3)
        }
    }

    @Test("the values of the headers a response varies on (a token, a cookie, an API key) are kept as digests: no secret is written to the cache's files")
    func selectingSecretsStayOffDisk() async throws {
        let harness = try CacheHarness()
        defer { harness.remove() }
        try await TestOrigin.run({ request in
            .text("ok \(request.number)", headers: ["Cache-Control": "public, max-age=600", "Vary": "Authorization, Cookie, X-Api-Key"])
        }) { origin in
            let secrets: HTTPHeaders = ["Authorization": "Bearer SECRETTOKEN123", "Cookie": "session=COOKIESECRET", "X-Api-Key": "APIKEYSECRET"]
            _ = try await harness.get(origin.url("/auth"), headers: secrets)
            let again = try await harness.get(origin.url("/auth"), headers: secrets)
            #expect(again.outcome == .hit && again.text == "ok 1")
            let files = harness.entryFiles()
            #expect(!files.isEmpty)
            for file in files {
                let bytes = try Data(contentsOf: file)
                for secret in ["SECRETTOKEN123", "COOKIESECRET", "APIKEYSECRET"] {
                    #expect(bytes.range(of: Data(secret.utf8)) == nil, "\(secret) in \(file.lastPathComponent)")
                }
            }
        }
    }

    @Test("offline, a URL whose only copies were stored for other values of the headers it varies on says so, not that its server may forbid keeping copies")
    func offlineOtherVariantsAreNamed() async throws {
        let harness = try CacheHarness()
        defer { harness.remove() }
        try await TestOrigin.run({ _ in .text("hello", headers: ["Cache-Control": "max-age=600", "Vary": "Accept-Language"]) }) { origin in
            _ = try await harness.get(origin.url("/hello"), headers: ["Accept-Language": "fr"])
            let error = await #expect(throws: FetchError.self) {
                _ = try await harness.get(origin.url("/hello"), headers: ["Accept-Language": "it"],
                                          options: HTTPClientOptions(timeout: 30, retry: .none, offline: true))
            }
            let text = error?.description ?? ""
            #expect(text.contains("has a copy in the cache that cannot be used: the copy there was stored for other values of accept-language, on which the response varies (Vary)"), "\(text)")
            #expect(!text.contains("no-store"), "\(text)")
        }
    }

    @Test func varyStarIsNeverReused() async throws {
        let harness = try CacheHarness()
        defer { harness.remove() }
        try await TestOrigin.run({ _ in .text("*", headers: ["Cache-Control": "max-age=600", "Vary": "Foo, *"]) }) { origin in
            _ = try await harness.get(origin.url("/star"))
            #expect(try await harness.get(origin.url("/star")).outcome == .miss)
            #expect(origin.requestCount == 2 && harness.entryFiles().isEmpty)
        }
    }

    @Test func requestDirectivesControlReuse() async throws {
        let harness = try CacheHarness()
        defer { harness.remove() }
        try await TestOrigin.run({ _ in .text("d", headers: ["Cache-Control": "max-age=100"]) }) { origin in
            let url = origin.url("/d")
            _ = try await harness.get(url)
            harness.clock.advance(by: 50)
            #expect(try await harness.get(url, headers: ["Cache-Control": "max-age=10"]).outcome == .miss)
            #expect(try await harness.get(url, headers: ["Cache-Control": "no-cache"]).outcome == .miss)
            #expect(try await harness.get(url, headers: ["Cache-Control": "min-fresh=200"]).outcome == .miss)
            #expect(try await harness.get(url, headers: ["Cache-Control": "no-store"]).outcome == .bypass)
            #expect(origin.requestCount == 5)
            harness.clock.advance(by: 150)
            let stale = try await harness.get(url, headers: ["Cache-Control": "max-stale=120"])
            #expect(stale.outcome == .stale && stale.age ?? 0 >= 150)
            #expect(try await harness.get(url, headers: ["CACHE-CONTROL": "Max-Stale"]).outcome == .stale)
            #expect(origin.requestCount == 5)
        }
    }

    @Test("an answer its server forbids keeping (no-store) is not there offline, and the error says why that may be, where it only told to go online and build once, which had just been done")
    func offlineAfterNoStoreSaysWhy() async throws {
        let harness = try CacheHarness()
        defer { harness.remove() }
        try await TestOrigin.run({ _ in .text("[]", headers: ["Cache-Control": "no-store"]) }) { origin in
            let url = origin.url("/users")
            let online = try await harness.get(url)
            #expect(online.outcome == .miss, "asked, and not stored")
            let error = await #expect(throws: FetchError.self) {
                try await harness.get(url, options: HTTPClientOptions(timeout: 30, retry: .none, offline: true))
            }
            let text = error?.description ?? ""
            #expect(text.contains("is not in the cache, and --offline forbids the network. Go online and build once to fill the cache"), "\(text)")
            #expect(text.contains("If that was just done, its server does not let a copy be kept (Cache-Control: no-store"), "\(text)")
        }
    }

    @Test func onlyIfCachedAnswers504OnAMissWithoutAnyRequest() async throws {
        let harness = try CacheHarness()
        defer { harness.remove() }
        try await TestOrigin.run({ _ in .text("o", headers: ["Cache-Control": "max-age=100"]) }) { origin in
            let printed = PrintLog()
            let verbose = HTTPClient(transport: harness.transport, cache: harness.cache, options: HTTPClientOptions(timeout: 30, retry: .none),
                                     clock: harness.clock, reporter: Reporter(verbosity: .verbose, sink: printed.append))
            let miss = try await verbose.fetch(HTTPRequest(url: origin.url("/o"), headers: ["Cache-Control": "only-if-cached"]), limits: .json)
            #expect(miss.response.status == 504 && origin.requestCount == 0)
            // The --verbose line does not pass the cache's own 504 off as a server's answer.
            #expect(printed.text == "GET \(origin.url("/o").absoluteString): no fresh copy in the cache (only-if-cached: nothing was sent)\n")
            _ = try await harness.get(origin.url("/o"))
            let hit = try await harness.get(origin.url("/o"), headers: ["Cache-Control": "only-if-cached"])
            #expect(hit.response.status == 200 && hit.outcome == .hit && origin.requestCount == 1)
        }
    }

    @Test func callerValidatorsAreAnsweredFromAFreshEntry() async throws {
        let harness = try CacheHarness()
        defer { harness.remove() }
        try await TestOrigin.run({ _ in .text("c", headers: ["Cache-Control": "max-age=100", "ETag": "\"abc\""]) }) { origin in
            _ = try await harness.get(origin.url("/c"))
            let matching = try await harness.get(origin.url("/c"), headers: ["If-None-Match": "\"x\", W/\"abc\""])
            #expect(matching.response.status == 304 && matching.response.body.isEmpty)
            #expect(matching.response.headers["ETag"] == "\"abc\"")
            let other = try await harness.get(origin.url("/c"), headers: ["If-None-Match": "\"zzz\""])
            #expect(other.response.status == 200 && other.text == "c" && origin.requestCount == 1)
        }
    }

    @Test func authorizedRequestsAreStoredOnlyWhenTheResponseAllowsIt() async throws {
        let harness = try CacheHarness()
        defer { harness.remove() }
        try await TestOrigin.run({ request in
            .text("a", headers: ["Cache-Control": request.target == "/public" ? "max-age=100, public" : "max-age=100"])
        }) { origin in
            for path in ["/private", "/public"] {
                _ = try await harness.get(origin.url(path), headers: ["Authorization": "Bearer t"])
                _ = try await harness.get(origin.url(path), headers: ["Authorization": "Bearer t"])
            }
            #expect(origin.requests(to: "/private").count == 2)
            #expect(origin.requests(to: "/public").count == 1)
        }
    }

    @Test func headAnswersFromAStoredGetWithoutABody() async throws {
        let harness = try CacheHarness()
        defer { harness.remove() }
        try await TestOrigin.run({ _ in .text("body", headers: ["Cache-Control": "max-age=100"]) }) { origin in
            _ = try await harness.get(origin.url("/h"))
            let head = try await harness.client().fetch(HTTPRequest(method: "HEAD", url: origin.url("/h")), limits: .json)
            #expect(head.outcome == .hit && head.response.body.isEmpty && head.response.headers["Content-Length"] == "4")
            #expect(origin.requestCount == 1)
        }
    }
}
