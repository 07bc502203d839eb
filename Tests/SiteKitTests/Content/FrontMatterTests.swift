import Foundation
import Testing
@testable import SiteKit

@Suite("Front matter")
struct FrontMatterTests {
    private let loader = ContentLoader(directory: Fixture.url("Content"))

    private func loadError(_ name: String) -> ContentError? {
        do {
            _ = try loader.load(name)
            return nil
        } catch {
            return error as? ContentError
        }
    }

    @Test("title and description come from front matter; every other key reaches extra with its type")
    func extraKeysKeepTheirTypes() throws {
        let page = try loader.load("good")
        #expect(page.name == "good")
        #expect(page.title == "The People")
        #expect(page.description == "Everyone we know -- and then some.")
        #expect(page.extra["title"] == nil)
        #expect(page.extra["description"] == nil)
        #expect(page.extra["tags"] == .list([.string("people"), .string("directory")]))
        #expect(page.extra["author"] == .map(["name": .string("Ada"), "age": .integer(36)]))
        #expect(page.extra["weight"] == .number(2.5))
        #expect(page.extra["count"] == .integer(3))
        #expect(page.extra["draft"] == .bool(false))
        #expect(page.extra["published"] == .string("2024-05-01"))
        #expect(page.extra["nothing"] == .null)
        #expect(page.extra["quoted"] == .string("42"))
        #expect(page.extra.count == 8)
        #expect(page.bodyMarkdown.hasPrefix("# Hello\n"))
        #expect(page.bodyHTML.contains("<h1 id=\"hello\">Hello</h1>"))
        #expect(page.bodyHTML.contains("It\u{2019}s \u{201C}quoted\u{201D} \u{2013} and done\u{2026}"))
        #expect(!page.bodyHTML.contains("<script>"))
        #expect(page.sourceFile.lastPathComponent == "good.md")
        #expect(!page.isBuiltIn)
    }

    @Test("template values are plain Swift values: Int for whole numbers, NSNull for null")
    func templateValuesArePlain() throws {
        let page = try loader.load("good")
        let values = page.templateValues
        #expect(values["count"] as? Int == 3)
        #expect(values["weight"] as? Double == 2.5)
        #expect(values["draft"] as? Bool == false)
        #expect(values["tags"] as? [String] == ["people", "directory"])
        #expect((values["author"] as? [String: Any])?["age"] as? Int == 36)
        #expect(values["nothing"] is NSNull)
        #expect(values["title"] as? String == "The People")
        #expect((values["body"] as? String)?.contains("<h1 id=\"hello\">Hello</h1>") == true)
    }

    @Test("whole numbers past 2^53 stay exact up to 64 bits; larger ones stay text as written; floats stay floats, unless written otherwise (4.0)")
    func largeWholeNumbersAreExact() throws {
        let text = "---\nodd: 9007199254740993\nmax: 9223372036854775807\nmin: -9223372036854775808\nhuge: 9223372036854775808\nwhole: 4.0\nhalf: 2.5\n---\nBody\n"
        let values = try FrontMatter.parse(text, file: "numbers.md").values
        #expect(values["odd"] == .integer(9_007_199_254_740_993))
        #expect(values["max"]?.templateValue as? Int == Int.max && values["min"]?.templateValue as? Int == Int.min)
        #expect(values["odd"]?.text == "9007199254740993")
        #expect(values["huge"] == .string("9223372036854775808"))
        #expect(values["whole"]?.templateValue as? String == "4.0" && values["half"]?.templateValue as? Double == 2.5)
        #expect(values["odd"]?.number == 9_007_199_254_740_992, "as a Double, for the menu's weight")
    }

    @Test("templates get scalars as written: times, leading zeros, trailing zeros, octal, hex, yes and off stay text (YAML 1.1 would change them); true, false, plain numbers and null keep their types")
    func scalarsAsWritten() throws {
        let page = try loader.load("yaml-as-written")
        #expect(page.title == "1.10")
        let values = page.templateValues
        let asWritten = ["opens": "9:30", "zip": "01234", "version": "1.20", "phone": "0123456789", "octal": "0o17",
                         "hex": "0x1F", "exponent": "1e3", "plus": "+5", "underscores": "1_000",
                         "negativeZero": "-0.0", "infinity": ".inf", "yesWord": "yes", "offWord": "off"]
        for (key, text) in asWritten {
            #expect(values[key] as? String == text, "\(key)")
        }
        #expect(values["capitalTrue"] as? Bool == true)
        #expect(values["flag"] as? Bool == false)
        #expect(values["count"] as? Int == 42 && values["negative"] as? Int == -7)
        #expect(values["half"] as? Double == 2.5)
        #expect(values["nothing"] is NSNull)
        // The menu's own keys read the text as YAML 1.1 would: `menu: no` still leaves the page out.
        #expect(!page.inMenu)
        #expect(page.weight == 2)
    }

    @Test("YAML merge keys (<<: *base, <<: [*a, *b]) give their mapping's keys, the mapping's own winning; they were a key named << no template could read")
    func mergeKeys() throws {
        let page = try loader.load("yaml-merge")
        let values = page.templateValues
        let merged = try #require(values["merged"] as? [String: Any])
        #expect(merged["x"] as? String == "07" && merged["y"] as? Bool == true && merged["z"] as? Int == 3 && merged["<<"] == nil)
        let both = try #require(values["both"] as? [String: Any])
        #expect(both["x"] as? String == "own" && both["z"] as? Int == 1 && both["w"] as? String == "four")
        #expect(values["w"] as? String == "four" && values["<<"] == nil)
        let text = "---\ntitle: T\nbad:\n  <<: 5\n---\nBody\n"
        #expect {
            try FrontMatter.parse(text, file: "bad.md")
        } throws: { error in
            (error as? ContentError)?.line == 4 && "\(error)".contains("a merge key (<<) inside 'bad' takes a mapping")
        }
    }

    @Test("invalid YAML names the file and the exact file line of the broken key")
    func brokenYAMLLine() throws {
        let error = try #require(loadError("broken-yaml"))
        #expect(error.file == "Content/broken-yaml.md")
        #expect(error.line == 4)
        #expect(error.description == "Content/broken-yaml.md:4: the front matter is not valid YAML "
            + "(could not find expected ':'). Fix the YAML between the two '---' lines.")
        #expect(error.localizedDescription == error.description)
    }

    @Test("aliases of aliases (the billion laughs) are refused by the count of values they expand to, quickly, naming the key")
    func aliasBombIsRefused() throws {
        let started = ContinuousClock.now
        let error = try #require(loadError("alias-bomb"))
        #expect(ContinuousClock.now - started < .seconds(20), "refused while expanding, not after")
        #expect(error.line == 8, "the key whose values pass the limit, a5 (9^6 values): \(error)")
        #expect(error.message.hasPrefix("the front matter holds more than 100,000 values once its YAML aliases (*name) are expanded, the count passing that in 'a5'"), "\(error)")
    }

    @Test("lists nested 20,000 deep (which crashed the process inside the YAML library) are refused before parsing, on their line")
    func deepNestingIsRefusedUnparsed() throws {
        let started = ContinuousClock.now
        let error = try #require(loadError("deep-nesting"))
        // Quiet, this takes milliseconds; parsing 20,000 levels crashed. The bound allows for a
        // machine busy with parallel suites.
        #expect(ContinuousClock.now - started < .seconds(20))
        #expect(error.line == 3)
        #expect(error.message == "the front matter nests lists or mappings more than 1,000 levels deep here, more than any page can use. Flatten it.")
    }

    @Test("lists nested 200 deep parse, but are more than templates can use: an error naming the key")
    func nestingPastTheTemplateLimitNamesTheKey() throws {
        let error = try #require(loadError("nested-200"))
        #expect(error.line == 3)
        #expect(error.message == "'levels' nests lists or mappings more than 100 levels deep, more than any template can use. Flatten it.")
    }

    @Test("blank lines before the opening --- are forgiven, as Hugo forgives them, where the YAML was published as the page's text; errors name the file's own lines")
    func blankLinesBeforeFrontMatter() throws {
        let page = try loader.load("blank-lines-first")
        #expect(page.title == "Blank first")
        #expect(page.extra["tags"] == .list([.string("late"), .string("start")]))
        #expect(page.bodyMarkdown == "# Body\n")
        #expect(!page.bodyHTML.contains("title:"))

        let broken = try #require(loadError("blank-lines-broken"))
        #expect(broken.line == 5, "the YAML's second line is the file's fifth: \(broken)")
        let unclosed = try #require(loadError("blank-lines-unclosed"))
        #expect(unclosed.description.hasPrefix("Content/blank-lines-unclosed.md:2: the front matter that starts here is never closed."))
    }

    @Test("a front matter block without a closing line is an error at line 1")
    func unclosedFrontMatter() throws {
        let error = try #require(loadError("unclosed"))
        #expect(error.line == 1)
        #expect(error.description.hasPrefix("Content/unclosed.md:1: the front matter that starts here is never closed."))
    }

    @Test("front matter that is a list, not a mapping, is an error at its first line")
    func nonMappingFrontMatter() throws {
        let error = try #require(loadError("list-front-matter"))
        #expect(error.line == 2)
        #expect(error.message.contains("must be a mapping"))
        #expect(error.message.contains("a list"))
    }

    @Test("a file without front matter is all body, whose opening # heading is its title")
    func noFrontMatter() throws {
        let page = try loader.load("no-front-matter")
        #expect(page.title == "Just Markdown")
        #expect(page.description == "")
        #expect(page.extra.isEmpty)
        #expect(page.bodyHTML == "<p>No front matter here.</p>\n")
    }

    @Test("CRLF line endings are read like LF")
    func crlfLineEndings() throws {
        let raw = try Fixture.data("Content/crlf.md")
        #expect(raw.starts(with: Array("---\r\n".utf8)))
        let page = try loader.load("crlf")
        #expect(page.title == "Windows Page")
        #expect(page.description == "Saved with CRLF")
        #expect(page.bodyMarkdown == "First line\nsecond line\n")
        #expect(!page.bodyHTML.contains("\r"))
    }

    @Test("a UTF-8 byte order mark before the front matter is ignored")
    func byteOrderMark() throws {
        #expect(try Fixture.data("Content/bom.md").starts(with: [0xEF, 0xBB, 0xBF]))
        let page = try loader.load("bom")
        #expect(page.title == "BOM Page")
        #expect(page.bodyHTML == "<p>Body after BOM.</p>\n")
    }
}
