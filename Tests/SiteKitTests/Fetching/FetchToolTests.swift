import Foundation
import Testing
@testable import SiteKit

@Suite struct FetchToolTests {
    private func object(_ data: Data) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    @Test func jsonOutputCarriesStatusHeadersCacheAgeAndBody() async throws {
        let harness = try CacheHarness()
        defer { harness.remove() }
        try await TestOrigin.run({ request in
            request.target == "/missing" ? .text("nope", status: 404)
                : .text("{\"a\":1}", headers: ["Cache-Control": "max-age=60", "ETag": "\"x\""])
        }) { origin in
            let options = FetchToolOptions(url: origin.url("/j").absoluteString, json: true, noRetry: true)
            let first = await FetchTool.run(options, client: harness.client())
            #expect(first.exitCode == 0 && first.standardError.isEmpty)
            let miss = try object(first.standardOutput)
            #expect(miss["status"] as? Int == 200 && miss["cache"] as? String == "miss" && miss["age"] is NSNull)
            #expect(miss["url"] as? String == origin.url("/j").absoluteString)
            #expect(miss["body_base64"] as? String == Data("{\"a\":1}".utf8).base64EncodedString())
            let headers = try #require(miss["headers"] as? [[String]])
            #expect(headers.contains(["Cache-Control", "max-age=60"]) && headers.allSatisfy { $0.count == 2 })

            harness.clock.advance(by: 12)
            let hit = try object(await FetchTool.run(options, client: harness.client()).standardOutput)
            #expect(hit["cache"] as? String == "hit" && hit["age"] as? Int == 12)
            #expect((hit["headers"] as? [[String]])?.contains(["Age", "12"]) == true)

            let notFound = await FetchTool.run(FetchToolOptions(url: origin.url("/missing").absoluteString, json: true),
                                               client: harness.client())
            let notFoundObject = try object(notFound.standardOutput)
            #expect(notFound.exitCode == 0 && notFoundObject["status"] as? Int == 404)
            #expect(String(decoding: first.standardOutput, as: UTF8.self).filter { $0 == "\n" }.count == 1)
        }
    }

    @Test("a copy from the cache says why it was reused: how long it stays fresh, and from what (max-age, Expires, Last-Modified's heuristic, the --ttl floor, nothing), or that no-cache has it checked on every use")
    func hitsSayWhyTheyWereReused() async throws {
        let harness = try CacheHarness()
        defer { harness.remove() }
        let modified = HTTPDate.format(harness.clock.now.addingTimeInterval(-10 * 86_400))
        try await TestOrigin.run({ request in
            switch request.target {
            case "/max-age": .text("a", headers: ["Cache-Control": "max-age=60"])
            case "/expires": .text("b", headers: ["Date": HTTPDate.format(Date()), "Expires": HTTPDate.format(Date().addingTimeInterval(300))])
            case "/modified": .text("c", headers: ["Last-Modified": modified])
            // Fresh for ten minutes by its max-age, and yet to be checked before every use.
            case "/no-cache" where request.headers["If-None-Match"] == "\"e\"": .text("", status: 304, headers: ["ETag": "\"e\""])
            case "/no-cache": .text("e", headers: ["Cache-Control": "no-cache, max-age=600", "ETag": "\"e\""])
            default: .text("d", headers: ["ETag": "\"d\""])
            }
        }) { origin in
            for path in ["/max-age", "/expires", "/modified", "/nothing", "/no-cache"] {
                _ = await FetchTool.run(FetchToolOptions(url: origin.url(path).absoluteString), client: harness.client())
            }
            harness.clock.advance(by: 10)
            func line(_ path: String, ttl: Double = 0) async -> String {
                // Offline, so that a stale copy is shown as it is rather than revalidated.
                let options = HTTPClientOptions(timeout: 30, retry: .none, offline: true, minimumTTL: ttl)
                return await FetchTool.run(FetchToolOptions(url: origin.url(path).absoluteString, offline: true),
                                           client: harness.client(options)).standardError
            }
            /// The age and the seconds left the line gives, which add up to the lifetime, and the
            /// reason (the age is 10 s and more: the Date header has whole seconds, and the
            /// origin's answers take real time, seconds on a loaded machine).
            func reading(_ text: String) -> (lifetime: Int, reason: String)? {
                guard let match = text.firstMatch(of: /hit, age (\d+) s, fresh for (\d+) s more \(([^)]*)\),/),
                      let age = Int(match.output.1), let left = Int(match.output.2), (10...60).contains(age) else { return nil }
                return (age + left, String(match.output.3))
            }
            let maxAge = await line("/max-age"), expires = await line("/expires"), modified = await line("/modified")
            let floor = await line("/nothing", ttl: 600)
            #expect(reading(maxAge).map { $0.lifetime == 60 && $0.reason == "Cache-Control: max-age=60" } == true, "\(maxAge)")
            // Hummingbird writes its own Date, refreshed about once a second, which a loaded
            // machine delays by seconds: Expires counts from it.
            #expect(reading(expires).map { (290...310).contains($0.lifetime) && $0.reason == "Expires" } == true, "\(expires)")
            #expect(reading(modified).map { $0.lifetime == 86_400 && $0.reason == "no max-age or Expires: a tenth of the time since Last-Modified, at most a day" } == true,
                    "\(modified)")
            #expect(reading(floor).map { $0.lifetime == 600 && $0.reason == "the freshness floor, --ttl" } == true, "\(floor)")
            // Online: offline, a no-cache copy is not used at all.
            let noCache = await FetchTool.run(FetchToolOptions(url: origin.url("/no-cache").absoluteString), client: harness.client()).standardError
            #expect(noCache.contains(", revalidated on every use (Cache-Control: no-cache),") && !noCache.contains("fresh for"), "\(noCache)")
            let nothing = await line("/nothing")
            #expect(nothing.contains("stale, age ") && nothing.contains(" s, no freshness information, so the origin is asked again on every use,"), "\(nothing)")
        }
    }

    @Test func failuresAreOneJSONObjectWithAKindAndExitCode1() async throws {
        let harness = try CacheHarness()
        defer { harness.remove() }
        let offline = FetchToolOptions(url: "http://127.0.0.1:1/x", json: true, offline: true)
        let client = harness.client(FetchTool.clientOptions(offline))
        let output = await FetchTool.run(offline, client: client)
        let failure = try object(output.standardOutput)
        #expect(output.exitCode == 1 && failure["kind"] as? String == "offline")
        #expect((failure["error"] as? String)?.contains("http://127.0.0.1:1/x") == true)
        // site fetch has no demo data: its advice is what it can do, never --demo.
        #expect((failure["error"] as? String)?.contains("Go online and fetch it once to fill the cache. If that was just done, its server does not let a copy be kept") == true)

        let refused = await FetchTool.run(FetchToolOptions(url: "http://127.0.0.1:1/x", json: true, noRetry: true), client: harness.client())
        #expect(try object(refused.standardOutput)["kind"] as? String == "transport")
        let usage = await FetchTool.run(FetchToolOptions(url: "ftp://x", json: true), client: harness.client())
        let usageObject = try object(usage.standardOutput)
        // A command line that cannot be used as given exits 64, as for every command.
        #expect(usage.exitCode == 64 && usageObject["kind"] as? String == "usage")
        let plain = await FetchTool.run(FetchToolOptions(url: "http://127.0.0.1:1/x", noRetry: true), client: harness.client())
        #expect(plain.exitCode == 1 && plain.standardOutput.isEmpty && plain.standardError.hasPrefix("error: GET http://127.0.0.1:1/x"))
        #expect(!plain.standardError.contains("--demo") && plain.standardError.contains("Check the network or the URL."))
    }

    @Test func headersMethodAndFlagsMapOntoTheRequestAndOptions() throws {
        let options = FetchToolOptions(url: "https://example.test/a?b=1", method: "m-search",
                                       headers: ["Cache-Control: max-age=0", "X-Empty:", "Foo:  a: b "],
                                       noRetry: true, refresh: true, timeout: 5)
        let request = try FetchTool.request(options)
        #expect(request.method == "M-SEARCH" && request.url.query == "b=1")
        #expect(request.headers.fields == [HTTPField("Cache-Control", "max-age=0"), HTTPField("X-Empty", ""), HTTPField("Foo", "a: b")])
        let client = FetchTool.clientOptions(options)
        #expect(client.retry.maxAttempts == 1 && client.refresh && client.timeout == 5 && !client.offline)
        #expect(throws: FetchToolError.self) { try FetchTool.request(FetchToolOptions(url: "http://x.test/", headers: ["no colon"])) }
        let split = #expect(throws: FetchToolError.self) {
            try FetchTool.request(FetchToolOptions(url: "http://x.test/", headers: ["X-A: b\nInjected: yes"]))
        }
        #expect(split.map { "\($0)".contains("holds a line break; give each header its own --header") } == true)
        // "\r\n" is one Character in Swift, equal to neither "\r" nor "\n": it slipped through, and
        // URLSession then dropped the whole header without a word.
        for value in ["X-A: b\r\nInjected: yes", "X-A: b\rInjected: yes", "X-A: b\u{0}"] {
            #expect(throws: FetchToolError.self, "\(value.debugDescription)") {
                try FetchTool.request(FetchToolOptions(url: "http://x.test/", headers: [value]))
            }
        }
        #expect(FetchTool.limits.maxRedirects == 0)
    }

    @Test("a header whose name is no token, or that would set the message's framing or host, is refused before sending",
          arguments: [("Bad Name: x", "\"Bad Name\" is not a header name"), ("Content-Length: 5", "Content-Length, which site fetch sets itself"),
                      ("transfer-encoding: chunked", "transfer-encoding, which site fetch sets itself"),
                      ("Host: evil.test", "Host, which site fetch takes from the URL"), ("Connection: close", "Connection, which site fetch manages itself")])
    func badHeadersAreRefused(line: String, saying: String) {
        let error = #expect(throws: FetchToolError.self) { try FetchTool.request(FetchToolOptions(url: "http://x.test/", headers: [line])) }
        #expect(error.map { "\($0.message)".contains(saying) } == true, "\(String(describing: error))")
    }

    @Test("a URL the client could never fetch is refused before any attempt, with the reason",
          arguments: [("ftp://x.test/a", "is not an http or https URL"), ("http://", "has no host name"),
                      ("http://[::1]:8080/", "names an IPv6 address"),
                      ("http://[::1", "is not a well-formed URL: check its brackets, spaces and % escapes (a space is %20)"),
                      ("HTTPS://a b.test/", "is not a well-formed URL"), ("mailto:a b@x.test", "is not an http or https URL")])
    func unfetchableURLsAreRefused(url: String, reason: String) {
        #expect {
            try FetchTool.request(FetchToolOptions(url: url))
        } throws: { ($0 as? FetchToolError)?.message == "\(url) \(reason)" || ($0 as? FetchToolError)?.message.hasPrefix("\(url) \(reason)") == true }
    }

    @Test("a URL the HTTP client refuses is a readable error after one attempt, not four")
    func aURLSessionRefusalIsNotRetried() async throws {
        let harness = try CacheHarness()
        defer { harness.remove() }
        let client = harness.client(HTTPClientOptions(timeout: 5, retry: RetryPolicy()))
        await #expect {
            _ = try await client.fetch(HTTPRequest(url: URL(string: "http://[::1]:9/")!), limits: .json)
        } throws: { error in
            guard let error = error as? FetchError else { return false }
            return error.attempts == 1 && error.kindName == "transport" && error.description.contains("IPv6")
                && !error.description.contains("URLSession")
        }
    }

    @Test func plainOutputIsTheBodyAndOneSummaryLine() async throws {
        let harness = try CacheHarness()
        defer { harness.remove() }
        try await TestOrigin.run({ _ in .text("raw bytes", headers: ["Cache-Control": "max-age=60"]) }) { origin in
            let output = await FetchTool.run(FetchToolOptions(url: origin.url("/p").absoluteString), client: harness.client())
            #expect(output.standardOutput == Data("raw bytes".utf8))
            #expect(output.standardError.hasPrefix("HTTP 200, miss, age -, 9 bytes, ") && output.standardError.hasSuffix(" ms\n"))
        }
    }

    @Test("the plain line of a redirect says where it leads, since site fetch does not follow it")
    func plainRedirectNamesItsLocation() async throws {
        let harness = try CacheHarness()
        defer { harness.remove() }
        try await TestOrigin.run({ _ in .text("", status: 301, headers: ["Location": "/new"]) }) { origin in
            let output = await FetchTool.run(FetchToolOptions(url: origin.url("/old").absoluteString), client: harness.client())
            #expect(output.standardError.hasPrefix("HTTP 301, Location: /new, miss, "), "\(output.standardError)")
        }
    }

    @Test("a password in the URL is masked in --json's url and in the redirect line")
    func passwordsAreMaskedInOutput() async throws {
        let harness = try CacheHarness()
        defer { harness.remove() }
        try await TestOrigin.run({ _ in
            .text("", status: 302, headers: ["Location": "http://u:hunter2@example.test/next"])
        }) { origin in
            let url = "http://u:hunter2@127.0.0.1:\(origin.port)/r"
            let json = await FetchTool.run(FetchToolOptions(url: url, json: true, noRetry: true), client: harness.client())
            let object = try object(json.standardOutput)
            #expect((object["url"] as? String)?.contains("hunter2") == false && (object["url"] as? String)?.contains("***") == true)
            let plain = await FetchTool.run(FetchToolOptions(url: url, noRetry: true), client: harness.client())
            #expect(plain.standardError.contains("Location: http://u:***@example.test/next") && !plain.standardError.contains("hunter2"),
                    "\(plain.standardError)")
        }
    }
}
