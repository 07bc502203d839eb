import Foundation
import Testing
@testable import SiteKit

@Suite("Compiled templates render the bytes mustache's interpreter renders")
struct CompiledTemplateTests {
    /// What `Fixtures/Rendering/Compiled` exercises: names climbing the stack, dotted and anchored
    /// names, `.` and the empty name, sections and inverted sections over every kind of value
    /// (flags, empty text, 0, lists of maps, of text and of mixed values, maps, missing names),
    /// unescaped values, comments, delimiter changes, an indented partial in a section whose
    /// output ends lines with "\n" and "\r\n", a block that is indented, and a template that
    /// extends one that extends another.
    static var context: [String: Any] { [
        "site": ["title": "Zoë & <Co> \u{202E}rtl"] as [String: Any],
        "people": [
            ["name": "Ann \"A\" O'Brien", "links": [["href": "a.html?x=1&y='2'", "label": "A"], ["href": "b.html", "label": "<B>"]] as [[String: Any]]],
            ["name": "Бо", "links": [] as [[String: Any]]],
        ] as [[String: Any]],
        "empty": [] as [[String: Any]],
        "texts": ["x<y", "z"],
        "flag": true, "off": false, "blank": "", "zero": 0, "ratio": 1.5, "count": 42,
        "deep": ["a": ["b": ["c": "three"] as [String: Any]] as [String: Any]] as [String: Any],
        "mixed": [["name": "in a map"] as [String: Any], "plain & text", 3, 2.5, true] as [Any],
        "raw": "<b>kept</b>", "crlf": "x\r\n", "lf": "y\n",
    ] }

    static func templates(_ engine: TemplateSet.Engine) throws -> TemplateSet {
        try TemplateSet(TemplateSources(overridesIn: Fixture.url("Rendering/Compiled")), engine: engine)
    }

    @Test("the fixture templates compile, and render as mustache renders them, for each template of the chain")
    func sameBytesAsTheInterpreter() throws {
        let compiled = try Self.templates(.compiledOnly)
        let interpreter = try Self.templates(.interpreter)
        #expect(compiled.isCompiled && !interpreter.isCompiled)
        for name in ["page", "deeper", "row", "frame"] {
            let fast = try compiled.render(name, Self.context)
            #expect(fast == (try interpreter.render(name, Self.context)), "\(name)")
        }
        // And the fixture really exercised what it names.
        let page = try compiled.render("deeper", Self.context)
        #expect(page.contains("<title>Zoë &amp; &lt;Co&gt; \u{202E}rtl\u{202C} &amp; more</title>"))
        #expect(page.contains("    <li>Ann &quot;A&quot; O&#39;Brien\n    <a href=\"a.html?x=1&amp;y=&#39;2&#39;\">A</a>\n"), "indented twice: block and partial")
        #expect(page.contains("    x\r\nAnn"), "no indentation after \\r\\n")
        #expect(page.contains("y\n    Ann"), "indentation after \\n")
        #expect(page.contains("empty list|[x&lt;y][z]"))
        #expect(page.contains("on/off/missing"))
        #expect(page.contains("blank is a value|zero is 0|1.5|42|true|[]|[]|[]"))
        #expect(page.contains("three/three/Zoë &amp; &lt;Co&gt; \u{202E}rtl\u{202C}/[]|three|[]|[]|[]"))
        #expect(page.contains("<=in a map><plain &amp; text><3><2.5><true>"))
        #expect(page.contains("<b>kept</b>|<b>kept</b>|&lt;b&gt;kept&lt;/b&gt;"))
        #expect(page.contains("|yes|Zoë"))
        #expect(page.contains("a footer from two levels down: 42"))
        #expect(try compiled.render("page", Self.context).contains("default footer of Zoë"))
    }

    @Test("the theme's templates compile: a later swift-mustache that parses into other tokens would leave them to the interpreter, and this says so")
    func themeCompiles() throws {
        #expect(try TemplateSet().isCompiled)
    }

    @Test("front matter's null is a name with no value, found where it is: no climbing past it to an outer value of that name")
    func nullStopsTheLookup() throws {
        var context = Self.context
        context["deep"] = ["a": NSNull(), "count": NSNull()] as [String: Any]
        context["ratio"] = NSNull()
        let source = "{{#deep}}[{{count}}][{{a}}][{{a.b}}]{{#a}}x{{/a}}{{^a}}none{{/a}}{{/deep}}[{{ratio}}]{{^ratio}}no ratio{{/ratio}}"
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try Data(source.utf8).write(to: folder.url.appendingPathComponent("nulls.mustache"))
        let fast = try TemplateSet(TemplateSources(overridesIn: folder.url), engine: .compiledOnly).render("nulls", context)
        let slow = try TemplateSet(TemplateSources(overridesIn: folder.url), engine: .interpreter).render("nulls", context)
        #expect(fast == slow)
        #expect(fast == "[][][]none[]no ratio")
    }

    @Test("a printed list is its items joined by \", \" in both engines: text, numbers and flags as they print alone, mappings and nulls left out, lists inside joined too")
    func printedLists() throws {
        let source = "[{{tags}}][{{{tags}}}][{{texts}}][{{people}}][{{mixed}}][{{empty}}][{{reversed(texts)}}]{{#tags}}<{{.}}>{{/tags}}"
        let context: [String: Any] = [
            "tags": ["red", "green & <blue>", 3, 2.5, true, NSNull(), ["title": "a map"] as [String: Any], ["x", "y"] as [Any], [] as [Any]] as [Any],
            "texts": ["a\"b", "c"], "people": [["name": "Ann"]] as [[String: Any]], "mixed": [["k": "v"] as [String: String], 1] as [Any],
            "empty": [] as [Any], "blanks": ["a", "", " "] as [Any],
        ]
        let (fast, folder) = try Self.templates(["lists": source], engine: .compiledOnly)
        let slow = try TemplateSet(TemplateSources(overridesIn: folder.url), engine: .interpreter)
        // The interpreter alone knows transforms (`reversed`): the compiled form leaves that template to it.
        let compiled = try fast.compiledRender("lists", context)
        let interpreted = try slow.render("lists", context)
        #expect(compiled == nil || compiled.map { String(decoding: $0, as: UTF8.self) } == interpreted)
        #expect(interpreted.hasPrefix("[red, green &amp; &lt;blue&gt;, 3, 2.5, true, x, y][red, green & <blue>, 3, 2.5, true, x, y][a&quot;b, c][][1][][c, a&quot;b]"), "\(interpreted)")
        let plain = "[{{tags}}][{{{tags}}}][{{texts}}][{{people}}][{{mixed}}][{{empty}}][{{blanks}}]"
        let (both, _) = try Self.templates(["plain": plain], engine: .compiledOnly)
        let bytes = try #require(try both.compiledRender("plain", context))
        #expect(String(decoding: bytes, as: UTF8.self) == "[red, green &amp; &lt;blue&gt;, 3, 2.5, true, x, y][red, green & <blue>, 3, 2.5, true, x, y][a&quot;b, c][][1][][a]")
    }

    @Test("a value only the interpreter renders (an optional, a [String: String]) sends that page to it, with the same bytes")
    func unsupportedValuesFallBack() throws {
        let both = try Self.templates(.compiledWhereSupported)
        let interpreter = try Self.templates(.interpreter)
        let compiledOnly = try Self.templates(.compiledOnly)
        let odd: [(String, Any)] = [
            ("site", ["title": "a [String: String]"] as [String: String]),
            ("site", Optional<[String: Any]>.some(["title": "an optional"]) as Any),
        ]
        for (key, value) in odd {
            var context = Self.context
            context[key] = value
            #expect(try both.compiledRender("page", context) == nil, "\(key): \(value)")
            #expect(try both.render("page", context) == (try interpreter.render("page", context)), "\(key): \(value)")
            #expect(throws: TemplateError.self) { try compiledOnly.render("page", context) }
        }
    }

    /// A set of templates written to a temporary folder, with the theme's beside them.
    static func templates(_ files: [String: String], engine: TemplateSet.Engine) throws -> (TemplateSet, TemporaryFolder) {
        let folder = try TemporaryFolder()
        for (name, source) in files {
            try Data(source.utf8).write(to: folder.url.appendingPathComponent(name + ".mustache"))
        }
        return (try TemplateSet(TemplateSources(overridesIn: folder.url), engine: engine), folder)
    }

    @Test("a dynamic partial ({{>*kind}}) renders the partial its text names, compiled or not; a name that is no template, or no text, renders nothing")
    func dynamicPartials() throws {
        let files = ["dyn": "{{#items}}[{{>*kind}}]{{/items}}", "a": "A{{n}}", "b": "B{{n}}",
                     "withTransform": "{{uppercased(title)}}:{{#items}}{{>*kind}}{{/items}}"]
        let context: [String: Any] = ["title": "t", "items": [["kind": "a", "n": 1], ["kind": "b", "n": 2], ["kind": "zz", "n": 3], ["kind": 5, "n": 4]] as [[String: Any]]]
        let (plain, plainFolder) = try Self.templates(files.filter { $0.key != "withTransform" }, engine: .compiledOnly)
        defer { plainFolder.remove() }
        let (interpreter, interpreterFolder) = try Self.templates(files, engine: .interpreter)
        defer { interpreterFolder.remove() }
        #expect(try plain.render("dyn", context) == "[A1][B2][][]")
        #expect(try interpreter.render("dyn", context) == "[A1][B2][][]", "mustache takes the name only from a String: MustacheNode hands text over as it is")
        #expect(try interpreter.render("withTransform", context) == "T:A1B2")
    }

    @Test("a block filled with a partial that expands the same block, or a chain of partials 1,000 deep, is an error naming the template, not a crash; 900 deep renders")
    func endlessNestingIsAnError() throws {
        let (looping, loopingFolder) = try Self.templates([
            "page": "{{<layout}}{{$content}}{{>card}}{{/content}}{{/layout}}",
            "card": "<div>{{$content}}card default{{/content}}</div>",
        ], engine: .compiledWhereSupported)
        defer { loopingFolder.remove() }
        let error = #expect(throws: TemplateError.self) { try looping.render("page", Self.context) }
        #expect(error?.file == loopingFolder.url.appendingPathComponent("page.mustache").path)
        #expect(error?.message.hasPrefix("nests partials, blocks and sections more than 1000 deep (the last: ") == true, "\(String(describing: error))")

        func chain(_ length: Int) -> [String: String] {
            var files = ["p\(length)": "end{{count}}"]
            for index in 0..<length { files["p\(index)"] = "{{>p\(index + 1)}}" }
            return files
        }
        let (deep, deepFolder) = try Self.templates(chain(1_000), engine: .compiledWhereSupported)
        defer { deepFolder.remove() }
        #expect(throws: TemplateError.self) { try deep.render("p0", Self.context) }
        let (fine, fineFolder) = try Self.templates(chain(900), engine: .compiledOnly)
        defer { fineFolder.remove() }
        #expect(try fine.render("p0", Self.context) == "end42")
    }

    @Test("templates that use transforms are left to the interpreter, whole")
    func transformsAreNotCompiled() throws {
        let set = try TemplateSet(TemplateSources(overridesIn: Fixture.url("Rendering/Templates")), engine: .compiledWhereSupported)
        #expect(!set.isCompiled)
        #expect(try set.render("probe", MustacheNodeTests.context).contains("Zoë/ZOË/"))
    }

    @Test("every file of a site with hostile data, pictures, placeholders, posts and comments: the same bytes, and none left to the interpreter")
    func wholeSiteRendersAlike() throws {
        let decoder = JSONDecoder()
        var people = try decoder.decode(RandomUserPage.self, from: Fixture.data("Build/hostile/people.json")).results
        let firstNames = ["Zoë", "سینا", "Тарас", "Ann"]
        for number in 1...9 {
            let base = "https://pics.example/"
            let picture = Person.Picture(large: "\(base)l/\(number).jpg", medium: "\(base)m/\(number).jpg", thumbnail: "\(base)t/\(number).jpg")
            let email: String? = number == 4 ? nil : "p\(number)@example.com"
            let country: String? = number == 2 ? nil : "Norway"
            people.append(Person(name: .init(title: "Dr", first: firstNames[number % 4], last: "N\(number)"), email: email,
                                 location: .init(city: "Bergen", country: country), dob: .init(date: "1990-01-0\(number)T00:00:00Z", age: 30 + number),
                                 phone: "+47 \(number)", picture: picture, nat: "NO"))
        }
        let posts = try decoder.decode([Post].self, from: try Fixture.data("Build/hostile/posts.json"))
        let authors = try decoder.decode([Author].self, from: try Fixture.data("Build/hostile/users.json"))
        let comments = try decoder.decode([SiteKit.Comment].self, from: try Fixture.data("Build/hostile/comments.json"))
        let data = SiteData(people: people, posts: posts, authors: authors, comments: comments)
        var images: [URL: PublishedImage] = [:]
        for number in 1...9 where number != 3 {
            images[URL(string: "https://pics.example/l/\(number).jpg")!] = PublishedImage(path: "thumbs/l\(number).jpg", width: 128, height: 128)
            images[URL(string: "https://pics.example/t/\(number).jpg")!] = PublishedImage(path: "thumbs/t\(number).jpg", width: 48, height: 48)
        }
        for demo in [false, true] {
            var frame = PageFrame(title: "People & <Posts>", description: "A \"site\"", language: "en",
                                  source: DataSource(isDemo: demo, detail: "people.test"), seed: "s<1>")
            frame.menu = [MenuLink(name: "about", title: "About & us")]
            frame.canonicalBase = demo ? nil : "https://people.test/sub/"
            func files(_ engine: TemplateSet.Engine) throws -> [String: Data] {
                let renderer = SiteRenderer(templates: try TemplateSet(TemplateSources(), engine: engine), frame: frame,
                                            content: [:], perPage: 4, baseURL: "https://people.test/sub/")
                let emitted = RenderInAdvanceTests.Emitted()
                _ = try renderer.render(data, images: images, emit: emitted.add)
                return emitted.files.withLock { $0 }
            }
            let compiled = try files(.compiledOnly)
            let interpreted = try files(.interpreter)
            #expect(compiled.count > 30 && compiled.keys.sorted() == interpreted.keys.sorted())
            for (path, bytes) in interpreted {
                #expect(compiled[path] == bytes, "\(path)")
            }
        }
    }
}
