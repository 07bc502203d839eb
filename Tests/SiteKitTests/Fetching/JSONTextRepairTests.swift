import Foundation
import Testing
@testable import SiteKit

@Suite("Text an API sends that JSON cannot hold")
struct JSONTextRepairTests {
    private func repaired(_ bytes: [UInt8], contentType: String? = "application/json") -> (text: String, problem: String?) {
        let (body, problem) = JSONTextRepair.repaired(Data(bytes), contentType: contentType)
        return (String(decoding: body, as: UTF8.self), problem)
    }

    @Test("bytes that are not UTF-8 become U+FFFD, counted, with the text before the first; the rest is as sent")
    func invalidBytes() throws {
        let (text, problem) = repaired(Array(#"{"title": "caf"#.utf8) + [0xE9] + Array(#" au lait", "b": "x"#.utf8) + [0xFF, 0xFE] + Array("\"}".utf8))
        #expect(text == "{\"title\": \"caf\u{FFFD} au lait\", \"b\": \"x\u{FFFD}\u{FFFD}\"}")
        #expect(problem?.hasPrefix("holds 3 bytes that are not UTF-8 (the first after \"{\"title\": \"caf\"), shown as \u{FFFD}") == true, "\(problem ?? "")")
        struct Post: Decodable { var title: String }
        #expect(try JSONDecoder().decode(Post.self, from: Data(text.utf8)).title == "caf\u{FFFD} au lait")
    }

    @Test("text in ISO-8859-1 or windows-1252, as its Content-Type says, is read in that charset, with nothing replaced",
          arguments: ["application/json; charset=iso-8859-1", "application/json;charset=\"windows-1252\"", "text/plain; Charset=Latin1"])
    func declaredCharsets(contentType: String) {
        let (text, problem) = repaired(Array(#"{"title": "caf"#.utf8) + [0xE9] + Array("\"}".utf8), contentType: contentType)
        #expect(text == "{\"title\": \"café\"}" && problem == nil)
    }

    @Test("JSON in UTF-16 or UTF-32, with or without a byte order mark or a charset, is read as such, not taken for UTF-8 with bad bytes (which corrupted it)",
          arguments: [(String.Encoding.utf16LittleEndian, "application/json; charset=utf-16le", false), (.utf16BigEndian, "application/json", true),
                      (.utf16LittleEndian, "application/json", false), (.utf32LittleEndian, "application/json", false), (.utf32BigEndian, "application/json", true)])
    func wideEncodings(encoding: String.Encoding, contentType: String, byteOrderMark: Bool) throws {
        let json = #"[{"id": 1, "title": "Café ☕ 😀"}]"#
        let bytes = [UInt8](try #require((byteOrderMark ? "\u{FEFF}" + json : json).data(using: encoding)))
        let (text, problem) = repaired(bytes, contentType: contentType)
        #expect(text == json && problem == nil, "\(text.debugDescription)")
    }

    @Test("a \\u escape of half a character (a lone surrogate) becomes \\uFFFD; a whole pair, an escaped backslash before a u, and valid text stay as sent")
    func loneSurrogates() throws {
        let (text, problem) = repaired(Array(#"["Jos\ud83d", "\udc00x", "\ud83d\ude00", "\\ud83d", "plain é"]"#.utf8))
        #expect(text == #"["Jos\uFFFD", "\uFFFDx", "\ud83d\ude00", "\\ud83d", "plain é"]"#)
        #expect(problem == "holds 2 \\u escapes of half a character (a lone surrogate, the first after \"[\"Jos\"), shown as \u{FFFD}")
        #expect(try JSONDecoder().decode([String].self, from: Data(text.utf8)) == ["Jos\u{FFFD}", "\u{FFFD}x", "😀", "\\ud83d", "plain é"])
        let untouched = Array(#"{"a": "\u00e9\n\"\\"}"#.utf8)
        #expect(repaired(untouched).text == String(decoding: untouched, as: UTF8.self) && repaired(untouched).problem == nil)
    }

    @Test("a build from an API that sends a Latin-1 byte and half an emoji shows the text with U+FFFD and warns naming the answer, where the title and the name were dropped in silence")
    func buildShowsWhatItCould() async throws {
        let harness = try await HostileDataTests.fixtureBuild("broken-text", users: 1)
        defer { harness.remove() }
        let post = try harness.site.html("posts/1-caf-au-lait.html")
        #expect(post.contains("caf\u{FFFD} au lait") && post.contains("b\u{FFFD}b\u{FFFD} and more"), "\(post)")
        let person = try #require(try harness.site.files().keys.first { $0.hasPrefix("users/jos") })
        #expect(try harness.site.html(person).contains("Ms Jos\u{FFFD} Rodríguez \\ud83d"))
        #expect(harness.text.contains("warning: the answer of https://posts.invalid/posts holds 3 bytes that are not UTF-8 (the first after"), "\(harness.text)")
        #expect(harness.text.contains("https://people.invalid/api/?results=1") && harness.text.contains("holds 1 \\u escape of half a character"), "\(harness.text)")
    }
}
