import Foundation
import Testing
@testable import SiteKit

@Suite("Render memo: unchanged pages are reused, never stale")
struct RenderMemoTests {
    private static func bytes(_ harness: BuildHarness) throws -> [String: Data] {
        try harness.site.files()
    }

    @Test("a rebuild reuses every unchanged page, the 404 page too, and its output is byte-identical to a build with an empty cache; --force renders every page")
    func rebuildReusesPages() async throws {
        var harness = try BuildHarness(users: 40)
        defer { harness.remove() }
        let first = try await harness.build()
        #expect(first.render.reused == 0)
        try FileManager.default.removeItem(at: harness.output)
        let second = try await harness.build()
        // Every page rendered from a template, the 404 page too (it was rendered on every build).
        #expect(second.render.reused == second.render.pages)
        #expect(second.text.contains("render cache: \(second.render.reused) of \(second.render.pages) pages unchanged"))
        let reused = try Self.bytes(harness)

        harness.options.force = true
        let forced = try await harness.build()
        #expect(forced.render.reused == 0 && !forced.text.contains("render cache:"), "--force: every step, every page")
        #expect(try Self.bytes(harness) == reused)
        harness.options.force = false
        #expect(try await harness.build().render.reused == second.render.pages, "and the memo still knows every page")

        harness.settings.cacheDirectory = "fresh-cache"
        try FileManager.default.removeItem(at: harness.output)
        let fresh = try await harness.build()
        #expect(fresh.render.reused == 0)
        #expect(try Self.bytes(harness) == reused)
    }

    @Test("a changed template or changed data is rendered again")
    func changesAreRenderedAgain() async throws {
        var harness = try BuildHarness(users: 20)
        defer { harness.remove() }
        _ = try await harness.build()
        let before = try harness.site.files()
        // One more person: the lists, the home page and the last person's page change, the rest
        // (posts, authors, the other people) do not. (A new seed would change every page: its
        // footer names the seed.)
        harness.settings.users = 21
        let grown = try await harness.build()
        #expect(grown.render.reused > 0 && grown.render.reused < grown.render.pages)
        let after = try harness.site.files()
        let changed = after.keys.filter { before[$0] != after[$0] }
        #expect(changed.contains("index.html") && changed.contains("users/page/2.html"))
        #expect(after.keys.filter { $0.hasPrefix("users/") && $0.hasSuffix(".html") }.count == before.keys.filter { $0.hasPrefix("users/") && $0.hasSuffix(".html") }.count + 1)
        let person = try #require(after.keys.sorted().first { $0.hasPrefix("users/") && !$0.contains("index") && !$0.contains("page/") })

        let templates = harness.folder.url.appendingPathComponent("templates")
        try FileManager.default.createDirectory(at: templates, withIntermediateDirectories: true)
        let prevnext = DefaultTemplates.prevnext.replacingOccurrences(of: "class=\"prev-next\"", with: "class=\"prev-next changed\"")
        try Data(prevnext.utf8).write(to: templates.appendingPathComponent("prevnext.mustache"))
        let retemplated = try await harness.build()
        #expect(retemplated.render.reused == 0)
        #expect(try harness.site.html(person).contains("prev-next changed"))
    }

    @Test("a stored page that was altered or removed is rendered again, not published")
    func damagedStoreCopiesAreNotReused() async throws {
        let harness = try BuildHarness(users: 10)
        defer { harness.remove() }
        _ = try await harness.build()
        let expected = try harness.site.files()
        let store = try #require(OutputStore(cacheDirectory: harness.folder.url.appendingPathComponent(".cache")))
        let stored = store.listing().flatMap(\.names).filter { $0.count == 64 }
        try FileManager.default.removeItem(at: harness.output)
        // Half the stored copies vanish, the other half are edited in place.
        for (position, name) in stored.enumerated() {
            let file = URL(fileURLWithPath: store.path(of: name))
            if position.isMultiple(of: 2) {
                try FileManager.default.removeItem(at: file)
            } else {
                let handle = try FileHandle(forWritingTo: file)
                try handle.seekToEnd()
                try handle.write(contentsOf: Data("<script>tampered</script>".utf8))
                try handle.close()
            }
        }
        let rebuilt = try await harness.build()
        #expect(rebuilt.render.reused == 0)
        #expect(try harness.site.files() == expected)
    }

    @Test("the context encoding tells types, keys and nesting apart, ignores key order, and refuses unknown types")
    func contextEncoding() {
        func encoded(_ value: Any) -> [UInt8]? {
            var encoding = ContextEncoding()
            return encoding.value(value) ? encoding.bytes : nil
        }
        #expect(encoded(["a": "1"]) != encoded(["a": 1]))
        #expect(encoded(["a": true]) != encoded(["a": "true"]))
        #expect(encoded(["a": ["b": "c"]]) != encoded(["a.b": "c"]))
        #expect(encoded(["ab": "c"]) != encoded(["a": "bc"]))
        #expect(encoded(["a": ["x", "y"]]) != encoded(["a": ["xy"]]))
        #expect(encoded(["a": 1, "b": 2]) == encoded(["b": 2, "a": 1]))
        #expect(encoded(["a": 1.5]) != encoded(["a": 1]))
        #expect(encoded(["a": Date()]) == nil)
        #expect(encoded(["a": [["b": URL(fileURLWithPath: "/")]]]) == nil)
        #expect(encoded(["a": [URL(fileURLWithPath: "/")]]) == nil)

        // Types recognised by their identity encode as the same values reached by casting.
        let maps: [[String: Any]] = [["b": "c", "d": 2], ["e": false]]
        #expect(encoded(["a": maps]) == encoded(["a": maps.map { $0 as Any }]))
        #expect(encoded(["a": ["x", "y"]]) == encoded(["a": ["x", "y"] as [Any]]))
        #expect(encoded(["a": Optional("x") as Any]) == encoded(["a": "x"]))
        #expect(encoded(["a": Optional(maps[0]) as Any, "b": Optional(3) as Any]) == encoded(["a": maps[0], "b": 3]))
        #expect(encoded(["a": [1, 2]]) == encoded(["a": [1, 2] as [Any]]))
    }

    @Test("the binary's identity names the running executable, its size and its modification time")
    func binaryIdentity() throws {
        let identity = try #require(RenderMemo.binaryIdentity())
        let lines = identity.split(separator: "\n").map(String.init)
        try #require(lines.count == 3)
        let attributes = try FileManager.default.attributesOfItem(atPath: lines[0])
        #expect((attributes[.size] as? NSNumber)?.intValue == Int(lines[1]))
        // "seconds.nanoseconds", the nanoseconds as an integer (not a decimal fraction).
        let modified = try #require(attributes[.modificationDate] as? Date).timeIntervalSince1970
        let time = lines[2].split(separator: ".").compactMap { Int($0) }
        try #require(time.count == 2)
        #expect(abs(Double(time[0]) + Double(time[1]) / 1e9 - modified) < 0.001)
        #expect(lines[0] == Bundle.main.executablePath)
    }
}
