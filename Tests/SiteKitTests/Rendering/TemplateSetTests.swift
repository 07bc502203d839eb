import Foundation
import Testing
@testable import SiteKit

@Suite("Templates: escaping and errors")
struct TemplateSetTests {
    private func templates(_ files: [String: String]) throws -> (TemplateSet, TemporaryFolder) {
        let folder = try TemporaryFolder()
        do {
            for (name, text) in files {
                try Data(text.utf8).write(to: folder.url.appendingPathComponent(name + ".mustache"))
            }
            return (try TemplateSet(overridesIn: folder.url), folder)
        } catch {
            folder.remove()
            throw error
        }
    }

    @Test("{{value}} escapes the five HTML characters exactly as mustache's HTML escaping does; {{{value}}} does not")
    func escapesLikeMustache() throws {
        let (set, folder) = try templates(["probe": "<p title=\"{{v}}\">{{v}}</p>{{{v}}}"])
        defer { folder.remove() }
        let html = try set.render("probe", ["v": "Tom & \"Jerry\" <b>'s</b> café"])
        let escaped = "Tom &amp; &quot;Jerry&quot; &lt;b&gt;&#39;s&lt;/b&gt; café"
        #expect(html == "<p title=\"\(escaped)\">\(escaped)</p>Tom & \"Jerry\" <b>'s</b> café")
    }

    @Test("a < followed by a combining mark is escaped too (one Character, but still a tag opener)")
    func escapesALessThanSignWithACombiningMark() throws {
        let (set, folder) = try templates(["probe": "{{v}}"])
        defer { folder.remove() }
        let html = try set.render("probe", ["v": "<\u{0338}script>alert(1)</script>"])
        #expect(!html.contains("<"))
        #expect(html == "&lt;\u{0338}script&gt;alert(1)&lt;/script&gt;")
    }

    @Test("the first line of a template renders as written: a standalone comment or section line is still dropped")
    func firstLineStandaloneTagsAreUnchanged() throws {
        let (set, folder) = try templates(["probe": "{{! a note }}\n{{#items}}\n- {{.}}\n{{/items}}\nend\n"])
        defer { folder.remove() }
        #expect(try set.render("probe", ["items": ["a", "b"]]) == "- a\n- b\nend\n")
    }

    @Test("a broken override names its file and the line and column as written")
    func brokenTemplateNamesFileAndLine() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try Data("<ul>\n{{#people}}\n  <li>{{name}}</li>\n{{/persons}}\n".utf8)
            .write(to: folder.url.appendingPathComponent("users.mustache"))
        #expect {
            try TemplateSet(overridesIn: folder.url)
        } throws: { error in
            let text = "\(error)"
            return text.contains("users.mustache") && text.contains("line 4: {{/persons}} closes {{#people}}, opened on line 2")
        }
    }

    @Test("mustache's parse errors are told in words, with the tags' names and the lines they are on", arguments: [
        ("hello\n{{page.title", "line 2: a {{ is never closed with }}"),
        ("<p>\n{{#people}}\n<b>\n", "line 2: {{#people}} is never closed: add {{/people}} where the section ends"),
        ("<footer>{{#site}}ok{{/site}} {{/nav}}</footer>", "line 1: {{/nav}} closes a section that was never opened"),
        ("{{#people}}\n{{#people}}\n{{/people}}\n{{^x}}\n{{/people}}", "line 5: {{/people}} closes {{^x}}, opened on line 4"),
        ("{{! a comment\nthat never ends", "line 1: a {{ is never closed with }}"),
        // A tag left open runs into the next: named on its own line, not as the section after it.
        ("a\n{{person.name</h1>\n<dl>\n{{#person.facts}}x{{/person.facts}}", "line 2: a tag is not finished: after its {{ comes another {{ before any }}. Close it with }}"),
        ("{{#people}}\n<h1>{{name</h1>\n{{/people}}", "line 2: a tag is not finished"),
        // A name mustache stops reading at: the character, not a missing }} (what mustache reports).
        ("<h1>{{page.title}}</h1>\n<p>{{page.é}}</p>", "line 2: the name page.é holds é, and mustache takes only a-z, A-Z, 0-9 and . - _ ? * in names"),
        ("{{#people}}\n{{{first name}}}\n{{/people}}", "line 2: the name first name holds a space, and mustache takes only"),
        // A blank before the sigil: mustache reads no sigil, and stops at the # as at a bad name.
        ("<ul>\n{{ #people }}<li>{{name}}</li>{{/people}}", "line 2: {{ #people}} has a blank between {{ and #, and mustache reads the # only right after the {{: write {{#people}}"),
        ("{{#people}}x\n{{ /people}}", "line 2: {{ /people}} has a blank between {{ and /"),
        // With other delimiters, mustache's own message, in words.
        ("{{=<% %>}}", "a delimiter change such as {{=<% %>=}} is badly written"),
    ])
    func parseErrorsInWords(source: String, expected: String) throws {
        #expect {
            try templates(["users": source])
        } throws: { error in
            "\(error)".contains(expected) && !TemplateSet.parserProblems.keys.contains { "\(error)".contains($0) }
        }
    }

    @Test("a partial no template provides is an error naming the file, the partial and its line")
    func misspeltPartialIsAnError() throws {
        #expect {
            try templates(["users": "<ul>\n\n  {{ >  thumbnial }}\n</ul>\n"])
        } throws: { error in
            let text = "\(error)"
            return text.contains("users.mustache includes the partial \"thumbnial\" on line 3")
                && text.contains("the theme's are 404, author,") && text.contains("Fix or remove the file")
        }
        // A parent that does not exist would render every page empty.
        #expect {
            try templates(["users": "{{<layuot}}\n{{$content}}x{{/content}}\n{{/layuot}}\n"])
        } throws: { error in
            "\(error)".contains("users.mustache extends the template \"layuot\" on line 1, which is neither a template of the theme nor a file")
        }
        // A partial in a subfolder: such files are not read, and the message says so.
        #expect {
            try templates(["users": "{{> parts/card}}"])
        } throws: { error in
            "\(error)".contains("includes the partial \"parts/card\" on line 1") && "\(error)".contains("subfolders of")
                && "\(error)".contains("are not read, so move the file up into it and name it \"card\"")
        }
        // The user's own partials, the theme's, and dynamic names ({{>*name}}) are fine.
        let (set, folder) = try templates(["users": "{{> card}}{{>thumbnail}}{{>*which}}", "card": "<b>{{name}}</b>"])
        defer { folder.remove() }
        #expect(set.overridden.sorted() == ["card", "users"])
    }

    @Test("a template that includes itself outside any section, directly, through another or by extending itself, is an error naming the file and the chain")
    func includeCyclesAreErrors() throws {
        let cases: [([String: String], String)] = [
            (["card": "{{> card}}\n", "page": "{{> card}}\n"], "card.mustache includes itself: card → card (line 1 of card)"),
            (["page": "<p>\n{{> card}}\n", "card": "<b>\n\n{{#x}}{{/x}}{{> page}}"],
             "card.mustache includes itself: card → page (line 3 of card) → card (line 2 of page)"),
            (["page": "{{<page}}{{$content}}x{{/content}}{{/page}}"], "page.mustache includes itself: page → page (line 1 of page)"),
            (["users": "{{<layout}}{{/layout}}", "layout": "{{> users}}"], "layout.mustache includes itself: layout → users (line 1 of layout) → layout (line 1 of users)"),
        ]
        for (files, expected) in cases {
            #expect {
                try templates(files)
            } throws: { error in
                "\(error)".contains(expected) && "\(error)".contains("outside any section, so mustache would follow it for ever")
            }
        }
        // One partial twice, and partials that include partials, are no cycle.
        let (set, folder) = try templates(["users": "{{> card}}{{> card}}{{> row}}", "row": "{{> card}}", "card": "<b>{{name}}</b>"])
        defer { folder.remove() }
        #expect(try set.render("users", ["name": "Ann"]) == "<b>Ann</b><b>Ann</b><b>Ann</b>")
    }

    @Test("a template that includes itself inside a section renders a tree, as deep as the data nests, directly or through another template")
    func recursionInsideASectionRendersATree() throws {
        let tree: [String: Any] = ["root": ["name": "a", "children": [
            ["name": "b", "children": [["name": "c", "children": [] as [Any]]]] as [String: Any],
            ["name": "d", "children": [] as [Any]],
        ]] as [String: Any]]
        for files in [["tree": "<ul>{{#root}}{{> node}}{{/root}}</ul>", "node": "<li>{{name}}{{#children}}<ul>{{> node}}</ul>{{/children}}</li>"],
                      ["tree": "<ul>{{#root}}{{> node}}{{/root}}</ul>", "node": "<li>{{name}}{{> kids}}</li>",
                       "kids": "{{#children}}<ul>{{> node}}</ul>{{/children}}"]] {
            let (set, folder) = try templates(files)
            defer { folder.remove() }
            #expect(try set.render("tree", tree) == "<ul><li>a<ul><li>b<ul><li>c</li></ul></li></ul><ul><li>d</li></ul></li></ul>")
        }
    }

    @Test("a tree whose leaves lack the key that ends it (mustache then finds the parent's, for ever) is an error naming the template, not a crash")
    func recursionWithoutEndIsAnError() throws {
        let (set, folder) = try templates(["tree": "{{#root}}{{> node}}{{/root}}", "node": "{{name}}{{#children}}{{> node}}{{/children}}"])
        defer { folder.remove() }
        let leafWithoutChildren: [String: Any] = ["root": ["name": "a", "children": [["name": "b"] as [String: Any]]] as [String: Any]]
        #expect {
            try set.render("tree", leafWithoutChildren)
        } throws: { error in
            "\(error)".contains("nests partials, blocks and sections more than \(CompiledRendering.depthLimit) deep")
                && "\(error)".contains("A tree ends only where its leaves have the key that ends it, such as children: []")
        }
    }

    @Test("a template set that includes itself inside a section and uses a transform (rendered only by the interpreter, which has no depth limit) is an error")
    func recursionWithTransformsIsRefused() throws {
        #expect {
            try templates(["tree": "{{#root}}{{> node}}{{/root}}", "node": "{{uppercased(name)}}{{#children}}{{> node}}{{/children}}"])
        } throws: { error in
            "\(error)".contains("node.mustache includes itself inside a section: node → node (line 1 of node)")
                && "\(error)".contains("use a transform")
        }
    }

    @Test("with a transform (the interpreter, no depth limit), a parent extended inside its own override of a block it expands, and a partial named by the data, are errors before anything renders; the build crashed")
    func interpreterLoopsAreRefused() throws {
        let footer = "<footer>{{lowercased(site.title)}}</footer>\n"
        #expect {
            try templates(["page": "{{<layout}}{{$content}}{{<layout}}{{/layout}}{{/content}}{{/layout}}", "footer": footer])
        } throws: { error in
            "\(error)".contains("page.mustache extends layout on line 1 inside its own override of the block content, which layout expands")
                && "\(error)".contains("use a transform")
        }
        #expect {
            try templates(["page": "{{<layout}}{{$content}}{{>*page.which}}{{/content}}{{/layout}}", "loop": "LOOP {{uppercased(page.title)}} {{>*page.which}}"])
        } throws: { error in
            "\(error)".contains("includes a partial named by the data ({{>*page.which}}, line 1)") && "\(error)".contains("use a transform")
        }
        // A parent inside a block that it does not expand, or whose block it overrides itself, renders.
        let (set, folder) = try templates([
            "page": "{{<layout}}{{$content}}{{<card}}{{$title}}T{{/title}}{{/card}}{{<layout}}{{$content}}inner{{/content}}{{/layout}}{{/content}}{{/layout}}",
            "card": "<div>{{$title}}{{/title}}</div>", "footer": footer])
        defer { folder.remove() }
        #expect(try set.render("card", [:]) == "<div></div>")
        // Without a transform the same templates compile, and the compiled rendering's depth limit catches the loop.
        let (compiled, other) = try templates(["page": "{{<layout}}{{$content}}{{<layout}}{{/layout}}{{/content}}{{/layout}}"])
        defer { other.remove() }
        #expect(throws: (any Error).self) { try compiled.render("page", ["site": ["title": "t"] as [String: Any]]) }
    }

    @Test("a template that is a folder, a dangling or looping link, or not UTF-8 is an error that says which")
    func unreadableTemplatesSayWhy() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let file = folder.url.appendingPathComponent("page.mustache")
        func error() -> String {
            do {
                _ = try TemplateSources(overridesIn: folder.url)
                return ""
            } catch {
                return "\(error)"
            }
        }
        try FileManager.default.createDirectory(at: file, withIntermediateDirectories: true)
        #expect(error() == "template \(folder.url.lastPathComponent)/\(file.lastPathComponent) cannot be used: it is a folder, not a file: templates are the .mustache files directly in \(folder.url.lastPathComponent)/. Rename the folder (without .mustache), or move it out of \(folder.url.lastPathComponent)/.")
        try FileManager.default.removeItem(at: file)
        try FileManager.default.createSymbolicLink(atPath: file.path, withDestinationPath: "/nonexistent.mustache")
        #expect(error().contains("cannot be used: it is a symbolic link to /nonexistent.mustache, which does not exist. Point it at a template, or remove it."))
        try FileManager.default.removeItem(at: file)
        try FileManager.default.createSymbolicLink(atPath: file.path, withDestinationPath: "page.mustache")
        #expect(error().contains("cannot be used: it is a symbolic link that leads round in a loop"))
        try FileManager.default.removeItem(at: file)
        try Data("<p>\n<p>caf".utf8 + [0xE9] + Data("</p>\n".utf8)).write(to: file)
        #expect(error() == "template \(folder.url.lastPathComponent)/\(file.lastPathComponent) is not valid UTF-8 text (line 2). Save it as UTF-8 in your editor. Fix or remove the file to use the default theme.")
    }

    @Test("a template that is a symbolic link out of the project is refused, naming where it leads: a partial could publish any file of the machine; one linked within the project is read")
    func templateLinksOutOfTheProjectAreRefused() throws {
        let project = try TemporaryFolder()
        defer { project.remove() }
        let outside = try TemporaryFolder()
        defer { outside.remove() }
        let templates = project.url.appendingPathComponent("templates")
        try FileManager.default.createDirectory(at: templates, withIntermediateDirectories: true)
        try Data("secret".utf8).write(to: outside.url.appendingPathComponent("secret.txt"))
        let link = templates.appendingPathComponent("footer.mustache")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: outside.url.appendingPathComponent("secret.txt").path)
        let real = outside.url.appendingPathComponent("secret.txt").resolvingSymlinksInPath().path
        #expect {
            _ = try TemplateSources(overridesIn: templates)
        } throws: { error in
            "\(error)" == "template \(link.deletingLastPathComponent().lastPathComponent)/\(link.lastPathComponent) cannot be used: it is a symbolic link to \(real), outside the project's folder, so a page could publish a file from elsewhere on this machine. Copy the template into templates/, or remove the link."
        }
        try FileManager.default.removeItem(at: link)
        try Data("<footer>shared</footer>\n".utf8).write(to: project.url.appendingPathComponent("shared-footer.mustache"))
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "../shared-footer.mustache")
        #expect(try TemplateSources(overridesIn: templates).sources["footer"] == "<footer>shared</footer>\n")
    }

    @Test("with a partial named by the data ({{>*name}}), no template of the folder is called unused")
    func dynamicPartialsUseAnyTemplate() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        for (name, text) in ["card": "CARD", "page": "{{<layout}}{{$content}}[{{>*page.which}}]{{/content}}{{/layout}}"] {
            try Data(text.utf8).write(to: folder.url.appendingPathComponent(name + ".mustache"))
        }
        #expect(try TemplateSources(overridesIn: folder.url).unused.isEmpty)
    }

    @Test("the ids templates write out (id=\"extra\", id='other') are the ids headings avoid; ids made of values are not; the theme's own are HeadingAnchors.reserved")
    func elementIDsOfTemplates() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let files = ["page": "{{<layout}}{{$content}}<div id=\"extra\"><p id='other'></p><h2 id=\"{{slug}}\">x</h2>{{{intro}}}</div>{{/content}}{{/layout}}",
                     "spare": "<span data-id=\"not-an-id\"></span><div ID=\"upper\"></div><p id=unq></p><b id={{x}}></b>"]
        for (name, text) in files {
            try Data(text.utf8).write(to: folder.url.appendingPathComponent(name + ".mustache"))
        }
        let sources = try TemplateSources(overridesIn: folder.url)
        #expect(sources.elementIDs == HeadingAnchors.reserved.union(["extra", "other", "upper", "unq"]))
        // The theme writes out no other ids than the ones headings always avoid.
        let spareOnly = try TemporaryFolder()
        defer { spareOnly.remove() }
        try Data("x".utf8).write(to: spareOnly.url.appendingPathComponent("spare.mustache"))
        #expect(try TemplateSources(overridesIn: spareOnly.url).elementIDs == HeadingAnchors.reserved)
        #expect(try TemplateSources().elementIDs == HeadingAnchors.reserved)
    }

    /// `count` partials p0 → p1 → …, each nesting the next in `sections` sections of `site`,
    /// p0 printing `first` (a transform, or not).
    private static func chain(_ count: Int, sections: Int, first: String) -> [String: String] {
        var files: [String: String] = [:]
        for index in 0..<count {
            let open = String(repeating: "{{#site}}", count: sections), close = String(repeating: "{{/site}}", count: sections)
            let inner = index + 1 < count ? "{{> p\(index + 1)}}" : "end"
            files["p\(index)"] = (index == 0 ? first : "") + open + inner + close
        }
        files["page"] = "{{> p0}}"
        return files
    }

    @Test("templates that use a transform (rendered by mustache's interpreter, which has no depth limit) and nest more than 1,000 deep through partials are an error at once, where the build crashed")
    func deepChainsWithTransformsAreRefused() throws {
        let started = ContinuousClock.now
        #expect {
            try templates(Self.chain(100, sections: 90, first: "{{uppercased(site.title)}}"))
        } throws: { error in
            "\(error)".contains("nests sections, blocks and partials 9100 deep (page → p0 → p1 → p2 → … → p97 → p98 → p99), more than 1000")
                && "\(error)".contains("use a transform")
        }
        #expect(ContinuousClock.now - started < .seconds(30), "refused before rendering, allowing for a busy machine")
        // Shallower chains render, transform or not.
        let (set, folder) = try templates(Self.chain(10, sections: 90, first: "{{uppercased(site.title)}}"))
        defer { folder.remove() }
        #expect(try set.render("page", ["site": ["title": "t"] as [String: Any]]) == "Tend")
    }

    @Test("files of templates/ that replace nothing and that nothing includes are listed as unused")
    func unusedTemplatesAreListed() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let files = ["home": "{{> card}}", "card": "x", "old-home": "y", "zeta": "z"]
        for (name, text) in files {
            try Data(text.utf8).write(to: folder.url.appendingPathComponent(name + ".mustache"))
        }
        let sources = try TemplateSources(overridesIn: folder.url)
        #expect(sources.unused == ["\(folder.url.lastPathComponent)/old-home.mustache", "\(folder.url.lastPathComponent)/zeta.mustache"])
        #expect(try TemplateSources(overridesIn: nil).unused.isEmpty)
    }

    @Test("a file of templates/ without the .mustache ending, and a template replaced by an empty file, are named with why; hidden files and editor backups are not")
    func ignoredTemplateFilesAreNamed() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        for (file, text) in ["page.html": "<p>{{page.title}}</p>", "person.mustache": " \n", ".page.mustache.swp": "x", "card.mustache": "",
                             "page.mustache~": "x", "#page.mustache#": "x", "page.mustache.bak": "x", "README": "notes",
                             "Post.Mustache": "x", "users.mustach": "x"] {
            try Data(text.utf8).write(to: folder.url.appendingPathComponent(file))
        }
        let sources = try TemplateSources(overridesIn: folder.url)
        let name = folder.url.lastPathComponent
        #expect(sources.ignored == [
            "\(name)/Post.Mustache is not read: templates are the files ending in .mustache (rename it \(name)/post.mustache)",
            "\(name)/README is not read: templates are the files ending in .mustache",
            "\(name)/page.html is not read: templates are the files ending in .mustache (such as \(name)/page.mustache)",
            "\(name)/person.mustache is empty, so every page it makes is empty too",
            "\(name)/users.mustach is not read: templates are the files ending in .mustache (rename it \(name)/users.mustache)",
        ], "an empty partial of one's own (card) is a choice; the theme's person template emptied is not")
    }

    @Test("sections nested past the bound are an error naming the file, line and tag, with either delimiters; up to it, the template renders")
    func deepNestingIsRefused() throws {
        let limit = TemplateSections.maxNesting
        let deep = "<p>\n" + String(repeating: "{{#a}}", count: 5_000) + "x" + String(repeating: "{{/a}}", count: 5_000)
        #expect {
            try templates(["about": deep])
        } throws: { error in
            // A segmentation fault before: mustache compiles and renders nested sections by recursion.
            "\(error)".contains("about.mustache nests its sections too deep (line 2: {{#a}} opens a section nested \(limit + 1) deep, and mustache takes at most \(limit)")
        }
        let otherDelimiters = "{{=<% %>=}}\n\n" + String(repeating: "<%^b%>", count: limit + 1) + String(repeating: "<%/b%>", count: limit + 1)
        #expect {
            try templates(["card": otherDelimiters])
        } throws: { error in
            "\(error)".contains("card.mustache nests its sections too deep (line 3: {{^b}} opens a section nested \(limit + 1) deep")
        }
        let (set, folder) = try templates(["card": String(repeating: "{{#a}}", count: limit) + "{{n}}" + String(repeating: "{{/a}}", count: limit)])
        defer { folder.remove() }
        #expect(try set.render("card", ["a": true, "n": 7]) == "7")
    }

    @Test("with other delimiters, partials and cycles are still found, and an unclosed tag is named by its own delimiters")
    func otherDelimitersAreFollowed() throws {
        let found = TemplatePartials.included(in: "{{> a}}{{=<% %>=}}\n<%> b%>{{> not}}<%={{ }}=%>{{>c}}")
        #expect(found.map(\.name) == ["a", "b", "c"])
        #expect(found.map(\.line) == [1, 2, 2])
        #expect {
            try templates(["card": "{{=[[ ]]=}}[[> card]]"])
        } throws: { error in
            "\(error)".contains("card.mustache includes itself: card → card (line 1 of card)")
        }
        #expect {
            try templates(["card": "{{=[[ ]]=}}\n[[#a]]\n[[name"])
        } throws: { error in
            "\(error)".contains("line 3: a [[ is never closed with ]]")
        }
    }

    @Test("partials are found with their lines; other tags, unclosed tags and dynamic names are not")
    func partialsAreFound() {
        let found = TemplatePartials.included(in: "{{> a}}\n{{#x}}{{>b }}{{/x}}\n\n{{ > c}}{{!> not}}{{>*d}}{{> e")
        #expect(found.map(\.name) == ["a", "b", "c"])
        #expect(found.map(\.line) == [1, 2, 4])
    }

    @Test("a file where the templates' folder belongs is an error naming it, as content/ is, where the default theme was used without a word")
    func aTemplatesFileIsAnError() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let templates = folder.url.appendingPathComponent("templates")
        try Data("layout".utf8).write(to: templates)
        let error = #expect(throws: TemplateError.self) { _ = try TemplateSources(overridesIn: templates) }
        #expect(error?.description == "template \(templates.path) cannot be used as the theme's folder: it is a file, not a folder. Move it away and put a folder of .mustache templates there. Without a templates/ folder at all, the default theme is used.",
                "\(String(describing: error))")
        // No folder at all is the default theme, silently.
        try FileManager.default.removeItem(at: templates)
        #expect(throws: Never.self) { _ = try TemplateSources(overridesIn: templates) }
    }

    @Test("a template whose tags times its length mustache's parser would take minutes to read is refused before it is parsed, naming the file, its tags and size and what to do; long text with few tags, and the same tags split into partials, are read")
    func templateTooMuchToParse() throws {
        // 16,000 tags in 544 KB: 14 s of parsing in a release build, with no way to stop it.
        let line = "<p>{{page.title}} filler text</p>\n"
        let huge = "{{<layout}}{{$content}}" + String(repeating: line, count: 16_000) + "{{/content}}{{/layout}}"
        let started = ContinuousClock.now
        #expect {
            try templates(["page": huge])
        } throws: { error in
            let text = "\(error)"
            return text.contains("page.mustache is too much for the Mustache parser to read")
                && text.contains("16004 tags in 531 KB would take it 14.6 times the most a template may (about a second)") && text.contains("Split it into partials")
        }
        #expect(ContinuousClock.now - started < .seconds(5), "refused before parsing")
        #expect(TemplateParseCost("{{a}}xy").tags == 1 && TemplateParseCost("{{a}}xy").steps == 5)
        #expect(TemplateParseCost("{{{a}}}").tags == 1 && TemplateParseCost("{ {a} }{").tags == 0)
        // 540 KB of text and one tag; and tags split into partials.
        let text = String(repeating: "<p>plain words, no tags at all</p>\n", count: 15_000)
        let (long, folder) = try templates(["page": "{{<layout}}{{$content}}{{page.title}}" + text + "{{/content}}{{/layout}}"])
        folder.remove()
        #expect(long.overridden == ["page"])
        var parts = ["page": "{{<layout}}{{$content}}" + (0..<4).map { "{{>part\($0)}}" }.joined() + "{{/content}}{{/layout}}"]
        for index in 0..<4 { parts["part\(index)"] = String(repeating: line, count: 800) }
        let (split, splitFolder) = try templates(parts)
        splitFolder.remove()
        #expect(split.overridden.count == 5)
    }

    @Test("a block its parent never shows (a misspelt {{$contnet}}, a layout of one's own without {{$content}}) is an error naming the template to fix: every page lost what the block held, without a word")
    func blockTheParentNeverShows() throws {
        #expect {
            try templates(["page": "{{<layout}}{{$contnet}}<p>{{page.title}}</p>{{/contnet}}{{/layout}}"])
        } throws: { error in
            "\(error)".contains("page.mustache fills the block \"contnet\" on line 1, which the template \"layout\" it extends never shows (it shows {{$content}}), so what the block holds is left out of every page. Name a block the template shows, or remove the block.")
        }
        let noContent = "<!doctype html><html><body>{{{header}}}<main></main>{{{footer}}}</body></html>"
        #expect {
            try templates(["layout": noContent])
        } throws: { error in
            "\(error)".contains("layout.mustache never shows the block \"content\" (it shows no block at all), so the pages of the templates that fill it, such as the theme's 404, would be left without what it holds. Put {{$content}}{{/content}} where it belongs")
        }
        // With the pages written out too (site init --with-templates), the layout is still the one to fix.
        #expect {
            try templates(["layout": noContent, "page": "{{<layout}}\n{{$content}}x{{/content}}\n{{/layout}}"])
        } throws: { error in
            "\(error)".contains("layout.mustache never shows the block \"content\"") && "\(error)".contains("such as the theme's 404")
        }
        // A parent of one's own: the template that fills a block it lacks is the one to fix.
        #expect {
            try templates(["frame": "<div>{{$inner}}{{/inner}}</div>", "page": "{{<frame}}\n\n{{$iner}}x{{/iner}}{{/frame}}"])
        } throws: { error in
            "\(error)".contains("page.mustache fills the block \"iner\" on line 3, which the template \"frame\" it extends never shows (it shows {{$inner}})")
        }
        // Blocks shown through a partial of the parent count.
        let (set, folder) = try templates(["frame": "<div>{{> slot}}</div>", "slot": "{{$inner}}{{/inner}}",
                                            "page": "{{<layout}}{{$content}}{{<frame}}{{$inner}}x{{/inner}}{{/frame}}{{/content}}{{/layout}}"])
        defer { folder.remove() }
        #expect(set.overridden.count == 3)
    }

    @Test("a template of one's own that prints a value from the APIs unescaped ({{{post.title}}}, {{& name}}, {{{.}}}) is warned about with its line and how to escape it; HTML the build made, and page and site values, are not; the theme never is")
    func unescapedDataIsWarnedAbout() throws {
        let (set, folder) = try templates([
            "post": "{{<layout}}{{$content}}\n<h1>{{{post.title}}}</h1>\n{{#post.paragraphs}}<p>{{{.}}}</p>{{/post.paragraphs}}{{/content}}{{/layout}}",
            "person": "{{<layout}}{{$content}}{{& person.name}}{{{person.placeholder}}}{{/content}}{{/layout}}",
            "page": "{{<layout}}{{$content}}{{{intro}}}{{{page.banner}}}{{{site.extra}}}{{/content}}{{/layout}}",
        ])
        defer { folder.remove() }
        let sources = try TemplateSources(overridesIn: folder.url)
        let folderName = folder.url.lastPathComponent
        #expect(set.overridden.count == 3)
        #expect(sources.unescapedData == [
            "\(folderName)/person.mustache prints {{& person.name}} on line 1 unescaped: whatever markup or script the APIs send in it is published as it is. Write {{person.name}}, which escapes it; triple braces are for values that are HTML already (footer, header, intro, placeholder, svg, table) and for your own, in page and site.",
            "\(folderName)/post.mustache prints {{{post.title}}} on line 2 unescaped (and 1 more value): whatever markup or script the APIs send in it is published as it is. Write {{post.title}}, which escapes it; triple braces are for values that are HTML already (footer, header, intro, placeholder, svg, table) and for your own, in page and site.",
        ])
        // The theme, written out whole (site init --with-templates), says nothing.
        let theme = try TemporaryFolder()
        defer { theme.remove() }
        for (name, source) in DefaultTemplates.all {
            try Data(source.utf8).write(to: theme.url.appendingPathComponent(name + ".mustache"))
        }
        #expect(try TemplateSources(overridesIn: theme.url).unescapedData == [])
    }
}
