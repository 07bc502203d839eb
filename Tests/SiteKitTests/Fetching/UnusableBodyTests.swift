import Foundation
import Testing
@testable import SiteKit

/// A 2xx body the caller cannot use (an HTML maintenance page, malformed JSON) is checked before
/// it is stored: it never replaces a good stored copy, which stands in for it while it is there.
@Suite struct UnusableBodyTests {
    @Test("a maintenance page answered with 200 leaves the good stored copy in place and is served around")
    func maintenancePageKeepsTheGoodCopy() async throws {
        let harness = try CacheHarness()
        defer { harness.remove() }
        let posts = try Fixture.data("Fetching/posts.json")
        let page = try Fixture.data("Fetching/maintenance.html")
        try await TestOrigin.run({ request in
            request.number == 1
                ? OriginReply(headers: ["Content-Type": "application/json", "Cache-Control": "max-age=60"], body: posts)
                : OriginReply(headers: ["Content-Type": "text/html; charset=utf-8", "Cache-Control": "max-age=86400"], body: page)
        }) { origin in
            let client = harness.client()
            _ = try await client.load(JSONPlaceholderAPI.posts, from: origin.url("/"))
            harness.clock.advance(by: 600)
            let (stale, result) = try await client.load(JSONPlaceholderAPI.posts, from: origin.url("/"))
            #expect(stale.elements.map(\.title) == ["first", "second"] && result.outcome == .stale)
            let warning = try #require(harness.reporter.warnings.last)
            #expect(warning.contains(origin.url("/posts").absoluteString) && warning.contains("an HTML page (text/html)"), "\(warning)")
            // Offline, the good copy is still the one stored.
            let offline = harness.client(HTTPClientOptions(timeout: 30, retry: .none, offline: true))
            let (kept, _) = try await offline.load(JSONPlaceholderAPI.posts, from: origin.url("/"))
            #expect(kept.elements.count == 2 && origin.requestCount == 2)
        }
    }

    @Test("a cached copy that does not decode (site fetch stores what servers send) is dropped and asked for again; offline, the error says it is not cached")
    func anUnusableCachedCopyIsAskedForAgain() async throws {
        let harness = try CacheHarness()
        defer { harness.remove() }
        let posts = try Fixture.data("Fetching/posts.json")
        let page = try Fixture.data("Fetching/maintenance.html")
        // /down/posts always answers the page; /up/posts the page first, then the posts.
        try await TestOrigin.run({ request in
            let bad = request.target.hasPrefix("/down/") || request.number == 2
            return OriginReply(headers: ["Content-Type": "application/json", "Cache-Control": "max-age=86400"], body: bad ? page : posts)
        }) { origin in
            // As site fetch does, with no body check: the page is stored, fresh for a day.
            _ = try await harness.client().fetch(HTTPRequest(url: origin.url("/down/posts")), limits: .json)
            _ = try await harness.client().fetch(HTTPRequest(url: origin.url("/up/posts")), limits: .json)
            #expect(harness.entryFiles().count == 2)

            let offline = harness.client(HTTPClientOptions(timeout: 30, retry: .none, offline: true))
            let error = await #expect(throws: FetchError.self) { _ = try await offline.load(JSONPlaceholderAPI.posts, from: origin.url("/down/")) }
            #expect(error?.kind == .offlineMiss, "\(String(describing: error))")

            let (list, result) = try await harness.client().load(JSONPlaceholderAPI.posts, from: origin.url("/up/"))
            #expect(list.elements.count == 2 && result.outcome == .miss && origin.requestCount == 3)
        }
    }

    @Test("without a stored copy, a maintenance page is an error saying what arrived, and nothing is stored")
    func maintenancePageWithoutACopy() async throws {
        let harness = try CacheHarness()
        defer { harness.remove() }
        let page = try Fixture.data("Fetching/maintenance.html")
        try await TestOrigin.run({ _ in
            OriginReply(headers: ["Content-Type": "text/html", "Cache-Control": "max-age=86400"], body: page)
        }) { origin in
            let error = await #expect(throws: FetchError.self) {
                _ = try await harness.client().load(JSONPlaceholderAPI.posts, from: origin.url("/"))
            }
            let message = error?.description ?? ""
            #expect(error?.kind == .unexpectedBody(received: "an HTML page (text/html)", expected: "JSON"))
            #expect(message.contains(origin.url("/posts").absoluteString) && message.contains("an HTML page (text/html)"), "\(message)")
            #expect(harness.entryFiles().isEmpty)
            // The next run asks again rather than failing on a cached page.
            _ = try? await harness.client().load(JSONPlaceholderAPI.posts, from: origin.url("/"))
            #expect(origin.requestCount == 2)
        }
    }

    @Test("malformed JSON sent as application/json is not stored and is described without decoder internals")
    func malformedJSONIsNotStored() async throws {
        let harness = try CacheHarness()
        defer { harness.remove() }
        try await TestOrigin.run({ _ in
            .text(#"[{"id": 1, "title": "cut"#, headers: ["Content-Type": "application/json", "Cache-Control": "max-age=86400"])
        }) { origin in
            let error = await #expect(throws: FetchError.self) {
                _ = try await harness.client().load(JSONPlaceholderAPI.posts, from: origin.url("/"))
            }
            let message = error?.description ?? ""
            #expect(message.contains("not valid JSON (application/json)") && !message.contains("couldn’t") && !message.contains("couldn't"), "\(message)")
            #expect(message.contains("(the body ends before the JSON does)"), "\(message)")
            #expect(harness.entryFiles().isEmpty)
        }
    }

    @Test("malformed JSON is located: the line, the column and the text around the fault, so that one broken entry among thousands can be found")
    func malformedJSONIsLocated() async throws {
        let harness = try CacheHarness()
        defer { harness.remove() }
        let posts = (1...200).map { #"  {"userId": 1, "id": \#($0), "title": "post \#($0)", "body": "text"}"# }
        var lines = posts
        lines[149] = #"  {"userId": 1, "id": 150, "title" "no colon", "body": "text"}"#
        let body = "[\n" + lines.joined(separator: ",\n") + "\n]\n"
        try await TestOrigin.run({ _ in .text(body, headers: ["Content-Type": "application/json"]) }) { origin in
            let error = await #expect(throws: FetchError.self) {
                _ = try await harness.client().load(JSONPlaceholderAPI.posts, from: origin.url("/"))
            }
            let message = error?.description ?? ""
            #expect(message.contains("a body that is not valid JSON (application/json) (invalid value at line 151, column "), "\(message)")
            #expect(message.contains(#"near `"#) && message.contains(#""title" "no colon""#), "\(message)")
        }
    }

    @Test("JSON nested deeper than this tool reads is said to be so, not called invalid or a server down for maintenance")
    func tooDeepIsSaidSo() async throws {
        let harness = try CacheHarness()
        defer { harness.remove() }
        let body = #"[{"userId": 1, "id": 1, "title": "deep", "body": "text", "extra": "# + String(repeating: "[", count: 600)
            + String(repeating: "]", count: 600) + "}]"
        try await TestOrigin.run({ _ in .text(body, headers: ["Content-Type": "application/json"]) }) { origin in
            let error = await #expect(throws: FetchError.self) {
                _ = try await harness.client().load(JSONPlaceholderAPI.posts, from: origin.url("/"))
            }
            let message = error?.description ?? ""
            #expect(message.contains("sent JSON nested deeper than this tool reads (more than 512 lists or objects inside one another at line 1, column "), "\(message)")
            #expect(!message.contains("maintenance") && !message.contains("not valid JSON"), "\(message)")
        }
    }

    @Test("a fault is found by line and column, and shown with the text around it on one line",
          arguments: [
            (#"{"a": 1} garbage"#, JSONSyntaxFault(what: "invalid value", offset: 9, line: 1, column: 10, near: #"{"a": 1} garbage"#, tooDeep: false)),
            ("{\n \"a\": \"x\ty\"\n}", JSONSyntaxFault(what: "unescaped control character", offset: 10, line: 2, column: 9, near: #"{  "a": "x y" }"#, tooDeep: false)),
          ])
    func faultsAreLocated(_ text: String, _ expected: JSONSyntaxFault) {
        // The text around a fault starts and ends on whole characters, and shows no byte order mark.
        // (20 bytes before the fault falls inside a three-byte character.)
        let wide = "\u{FEFF}{\"a\": \"" + String(repeating: "字", count: 30) + "x\" \"b\": 1}"
        let near = JSONSyntaxFault.find(in: Data(wide.utf8))?.near ?? ""
        #expect(!near.isEmpty && !near.contains("\u{FFFD}") && !near.contains("\u{FEFF}") && near.hasSuffix(#"字x" "b": 1}"#), "\(near)")
        #expect(JSONSyntaxFault.find(in: Data(text.utf8)) == expected)
        #expect(JSONSyntaxFault.find(in: Data(#"{"a": [1, 2]}"#.utf8)) == nil)
    }
}
