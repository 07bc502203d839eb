import Foundation
import Testing
@testable import SiteKit

@Suite("Confirming a stored copy with a conditional HEAD (the up-to-date check): only a 304 for that version confirms it, and nothing is stored")
struct ConfirmedCopyTests {
    /// Stores `/doc` (stale at once) with `validators`, then answers what `head` says to HEAD.
    /// `then`: the outcome of fetching `/doc` once more, after the confirmation.
    private static func confirm(validators: HTTPHeaders, head: @escaping @Sendable (OriginRequest) -> OriginReply)
        async throws -> (copy: Data?, head: OriginRequest?, entriesUnchanged: Bool, then: CacheOutcome?) {
        let harness = try CacheHarness()
        defer { harness.remove() }
        var result: (Data?, OriginRequest?, Bool, CacheOutcome?) = (nil, nil, false, nil)
        try await TestOrigin.run({ request in
            if request.method == "HEAD" { return head(request) }
            var headers = validators
            headers.add("Cache-Control", "max-age=0")
            return .text("version one", headers: headers)
        }) { origin in
            let url = origin.url("/doc")
            _ = try await harness.get(url)
            let before = try harness.entryFiles().map { try Data(contentsOf: $0) }
            let copy = await harness.client().confirmedCopy(of: HTTPRequest(url: url))
            let after = try harness.entryFiles().map { try Data(contentsOf: $0) }
            result = (copy, origin.requests.last { $0.method == "HEAD" }, before == after, try await harness.get(url).outcome)
        }
        return result
    }

    @Test("a 304 to the HEAD confirms the copy: its body is returned, the HEAD carried both validators, and the max-age the 304 brings freshens the copy")
    func aNotModifiedConfirms() async throws {
        let (copy, head, unchanged, then) = try await Self.confirm(validators: ["ETag": "\"v1\"", "Last-Modified": "Mon, 01 Jan 2024 00:00:00 GMT"]) { _ in
            OriginReply(status: 304, headers: ["ETag": "\"v1\"", "Cache-Control": "max-age=600"])
        }
        #expect(copy == Data("version one".utf8))
        #expect(head?.headers["If-None-Match"] == "\"v1\"" && head?.headers["If-Modified-Since"] == "Mon, 01 Jan 2024 00:00:00 GMT")
        #expect(!unchanged && then == .hit, "the entry holds the 304's headers, fresh for ten minutes")
    }

    @Test("a 304 naming another entity tag or another modification date vouches for another version, one that forbids storing is left to the build, and a 200 or an error confirms nothing; nothing is stored either way",
          arguments: [
            OriginReply(status: 304, headers: ["ETag": "\"v2\""]),
            OriginReply(status: 304, headers: ["Last-Modified": "Tue, 02 Jan 2024 00:00:00 GMT"]),
            OriginReply.text("", headers: ["ETag": "\"v2\"", "Content-Type": "text/html"]),
            OriginReply(status: 503),
            OriginReply(status: 304, headers: ["ETag": "\"v1\"", "Cache-Control": "no-store"]),
          ])
    func otherAnswersDoNotConfirm(reply: OriginReply) async throws {
        let (copy, head, unchanged, _) = try await Self.confirm(validators: ["ETag": "\"v1\"", "Last-Modified": "Mon, 01 Jan 2024 00:00:00 GMT"]) { _ in reply }
        #expect(copy == nil && head != nil)
        #expect(unchanged, "the stored copy is as it was")
    }

    @Test("a server that refuses HEAD (405, 501) is asked with a conditional GET, whose 304 confirms the copy", arguments: [405, 501])
    func refusedHeadFallsBackToGet(status: Int) async throws {
        let harness = try CacheHarness()
        defer { harness.remove() }
        try await TestOrigin.run({ request in
            if request.method == "HEAD" { return OriginReply(status: status) }
            if request.headers["If-None-Match"] == "\"v1\"" { return OriginReply(status: 304, headers: ["ETag": "\"v1\""]) }
            return .text("version one", headers: ["ETag": "\"v1\"", "Cache-Control": "max-age=0"])
        }) { origin in
            let url = origin.url("/doc")
            _ = try await harness.get(url)
            let copy = await harness.client().confirmedCopy(of: HTTPRequest(url: url))
            #expect(copy == Data("version one".utf8))
            #expect(origin.requests.map(\.method) == ["GET", "HEAD", "GET"])
        }
    }

    @Test("a copy without validators is not put to the server at all")
    func noValidatorsNoRequest() async throws {
        let (copy, head, _, _) = try await Self.confirm(validators: [:]) { _ in OriginReply(status: 304) }
        #expect(copy == nil && head == nil)
    }
}
