import Foundation
import Testing
@testable import SiteKit

@Suite("Content loader")
struct ContentLoaderTests {
    /// Runs `body` with a fresh `content` folder holding `files` (name → text).
    private func withContent(_ files: [String: String], _ body: (ContentLoader) throws -> Void) throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let content = folder.url.appendingPathComponent("content")
        try FileManager.default.createDirectory(at: content, withIntermediateDirectories: true)
        for (name, text) in files {
            try Data(text.utf8).write(to: content.appendingPathComponent(name))
        }
        try body(ContentLoader(directory: content))
    }

    private func error(loading name: String, with loader: ContentLoader) -> ContentError? {
        do {
            _ = try loader.load(name)
            return nil
        } catch {
            return error as? ContentError
        }
    }

    @Test("every other Markdown file is a page of its own, named by its file name as a slug; hidden files and others are not")
    func ownPagesAreLoaded() throws {
        try withContent(["index.md": "# Home", "about.md": "---\ntitle: About us\n---\nWe *are*.\n", "Contact Us.md": "Write.",
                         "Über.md": "x", ".draft.md": "x", "notes.txt": "x", "posts.md.bak": "x"]) { loader in
            let pages = try loader.loadAll(reserving: SiteRenderer.builtInFolders)
            #expect(pages.keys.sorted() == ["404", "about", "contact-us", "index", "posts", "uber", "users"])
            #expect(pages["about"]?.title == "About us")
            #expect(pages["about"]?.bodyHTML == "<p>We <em>are</em>.</p>\n")
            #expect(pages["about"]?.isOwnPage == true && pages["index"]?.isOwnPage == false)
            // Without a title, the file's own name, not its slug.
            #expect(pages["contact-us"]?.title == "Contact Us")
            #expect(pages["contact-us"]?.sourceFile.lastPathComponent == "Contact Us.md")
            #expect(pages["uber"]?.title == "Über")
        }
    }

    @Test("a page of its own that would take a site folder, a standard page's or another file's address, a name Windows refuses (con, lpt1), or has no name, is an error naming it")
    func ownPageNameClashes() throws {
        let cases: [(files: [String: String], file: String, says: String)] = [
            (["users.md": "x", "Users.md": "x"], "content/Users.md", "would be published at users/, which the site's own pages use"),
            (["thumbs.md": "x"], "content/thumbs.md", "would be published at thumbs/"),
            (["Index.md": "x"], "content/Index.md", "the home page's text is read from content/index.md, in lowercase, and this file is not it. Rename it to index.md"),
            (["about-us.md": "x", "About Us.md": "x"], "content/about-us.md", "like content/About Us.md"),
            // Names alike in their first 60 bytes are one address: the error says the cut.
            ([String(repeating: "a", count: 60) + "1.md": "x", String(repeating: "a", count: 60) + "2.md": "x"],
             "content/" + String(repeating: "a", count: 60) + "2.md", "with a dash for each run of other characters, cut to its first 60 bytes."),
            (["---.md": "x"], "content/---.md", "its name has no letter or digit"),
            // As names from the APIs never are (they get a number): a site Windows cannot unpack.
            (["con.md": "x"], "content/con.md", "would be published at con/, a name Windows refuses"),
            (["LPT1.md": "x"], "content/LPT1.md", "would be published at lpt1/, a name Windows refuses"),
            (["com³.md": "x"], "content/com³.md", "would be published at com³/, a name Windows refuses"),
        ]
        for (files, file, says) in cases {
            try withContent(files) { loader in
                do {
                    _ = try loader.loadAll(reserving: SiteRenderer.builtInFolders)
                    Issue.record("\(files.keys.sorted()) loaded")
                } catch let error as ContentError {
                    #expect(error.file == file)
                    #expect(error.message.contains(says), "\(error.message)")
                    #expect(error.message.contains("Rename"))
                }
            }
        }
    }

    @Test("weight orders the menu, then the name; menu: false leaves a page out; either of the wrong type is an error with its line")
    func menuKeys() throws {
        try withContent(["b.md": "---\nweight: 1\n---\n", "a.md": "---\nweight: 1\n---\n", "z.md": "---\nweight: -3\n---\n",
                         "m.md": "x", "hidden.md": "---\nmenu: false\n---\n"]) { loader in
            let pages = try loader.loadAll()
            #expect(ContentPage.ownPages(in: pages).map(\.name) == ["z", "hidden", "m", "a", "b"])
            #expect(ContentPage.ownPages(in: pages).filter(\.inMenu).map(\.name) == ["z", "m", "a", "b"])
        }
        for (text, key) in [("---\ntitle: T\nweight: first\n---\n", "weight"), ("---\ntitle: T\nweight: .nan\n---\n", "weight"),
                            ("---\ntitle: T\nmenu: no thanks\n---\n", "menu")] {
            try withContent(["page.md": text]) { loader in
                #expect {
                    try loader.loadAll()
                } throws: { error in
                    guard let error = error as? ContentError else { return false }
                    return error.file == "content/page.md" && error.line == 3 && error.message.hasPrefix("'\(key)' must be")
                }
            }
        }
        // The intros keep any keys for their templates.
        try withContent(["users.md": "---\nweight: heavy\n---\n"]) { loader in
            let pages = try loader.loadAll()
            #expect(pages["users"]?.extra["weight"] == .string("heavy"))
        }
    }

    @Test("without a content folder, loadAll returns the four built-in pages")
    func builtInPagesWhenFolderMissing() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let loader = ContentLoader(directory: folder.url.appendingPathComponent("content"))
        let pages = try loader.loadAll()
        #expect(pages.keys.sorted() == ["404", "index", "posts", "users"])
        #expect(pages["index"]?.title == "Home")
        #expect(pages["404"]?.title == "Page not found" && pages["404"]?.description == "", "a 404 page is described by nothing")
        #expect(pages["users"]?.title == "People")
        #expect(pages["posts"]?.title == "Posts")
        #expect(pages.values.allSatisfy { $0.isBuiltIn && !$0.bodyHTML.isEmpty && ($0.name == "404" || !$0.description.isEmpty) })
        #expect(pages["users"]?.sourceFile.lastPathComponent == "users.md")
        #expect(pages["users"]?.bodyHTML.contains("\u{2013}") == true)  // smart dash from "--"
        #expect(ContentPage.defaultPages.keys.sorted() == ["404", "index", "posts", "users"])
    }

    @Test("a file replaces the built-in text for its page only")
    func fileOverridesBuiltIn() throws {
        try withContent(["users.md": "---\ntitle: Our Team\n---\nHello *team*.\n"]) { loader in
            let pages = try loader.loadAll()
            #expect(pages["users"]?.title == "Our Team")
            #expect(pages["users"]?.bodyHTML == "<p>Hello <em>team</em>.</p>\n")
            #expect(pages["users"]?.isBuiltIn == false)
            #expect(pages["index"]?.isBuiltIn == true)
        }
    }

    @Test("a missing non-standard page names the file to create")
    func missingPageNamesFile() throws {
        try withContent([:]) { loader in
            let failure = try #require(error(loading: "about", with: loader))
            #expect(failure.file == "content/about.md")
            #expect(failure.line == nil)
            #expect(failure.description.hasPrefix("content/about.md: the file does not exist. Create it"))
        }
    }

    @Test("a broken standard page is an error, never replaced by built-in text")
    func brokenFileIsNotReplaced() throws {
        try withContent(["users.md": "---\ntitle: Users\ndescription: People\nthis line has no colon\ntags: [a]\n---\n"]) { loader in
            #expect(throws: ContentError.self) { try loader.loadAll() }
            let failure = try #require(error(loading: "users", with: loader))
            #expect(failure.description == "content/users.md:4: the front matter is not valid YAML "
                + "(could not find expected ':'). Fix the YAML between the two '---' lines.")
        }
    }

    @Test("a YAML parser error points at the file line of the bad value")
    func parserErrorLine() throws {
        let text = "---\ntitle: Fine\ndescription: Fine\nlinks:\n  - a\n  b: c\n---\nBody\n"
        try withContent(["posts.md": text]) { loader in
            let failure = try #require(error(loading: "posts", with: loader))
            #expect(failure.line == 6)
            #expect(failure.message.hasPrefix("the front matter is not valid YAML ("))
        }
    }

    @Test("text that YAML reads as syntax (a colon and a space, a leading @ or *) is an error that says to put the value in quotes", arguments: [
        ("title: Note: read this", "the value holds a colon and a space, which YAML reads as another key: put it in quotes, title: \"Note: read this\""),
        ("author: @me", "a value that starts with @ must be in quotes: author: \"@me\""),
        ("title: %pct", "a value that starts with % must be in quotes: title: \"%pct\""),
        ("description: *x \"y\"", "put it in quotes, description: \"*x \\\"y\\\"\""),
        ("title: a: b # a comment", "mapping values are not allowed in this context). Fix"),
    ])
    func quotingHints(line: String, hint: String) throws {
        try withContent(["about.md": "---\n\(line)\n---\nWords.\n"]) { loader in
            let failure = try #require(error(loading: "about", with: loader))
            #expect(failure.line == 2)
            #expect(failure.message.contains(hint), "\(failure.message)")
        }
    }

    @Test("a page of its own with draft: true is left out and named as a draft; draft of another type, or on a page every site has, is an error on its line")
    func draftsAreLeftOut() throws {
        try withContent(["next.md": "---\ntitle: Next\ndraft: true\n---\nSoon.\n", "now.md": "---\ndraft: false\n---\nHere.\n", "about.md": "x"]) { loader in
            let (pages, drafts) = try loader.loadAllWithDrafts()
            #expect(pages["next"] == nil && pages["now"] != nil && pages["about"] != nil)
            #expect(drafts == ["content/next.md"])
        }
        try withContent(["next.md": "---\ntitle: Next\ndraft: soon\n---\nSoon.\n"]) { loader in
            let failure = #expect(throws: ContentError.self) { try loader.loadAll() }
            #expect(failure?.line == 3 && failure?.message.hasPrefix("'draft' must be true or false (yes/no and on/off are read as those), not soon.") == true, "\(String(describing: failure))")
        }
        try withContent(["users.md": "---\ndraft: true\n---\nPeople.\n"]) { loader in
            let failure = #expect(throws: ContentError.self) { try loader.loadAll() }
            #expect(failure?.line == 2 && failure?.message.contains("this file is the text of a page every site has") == true, "\(String(describing: failure))")
        }
    }

    @Test("menu and weight in the text of a page every site has are noted on their lines as having no effect there: menu: false left People in the menu without a word")
    func menuKeysOfStandardPages() throws {
        try withContent(["users.md": "---\ntitle: Folks\nmenu: false\nweight: 4\n---\nPeople.\n", "404.md": "---\nweight: 1\n---\nGone.\n",
                         "about.md": "---\nmenu: false\nweight: 2\n---\nUs.\n"]) { loader in
            let pages = try loader.loadAll()
            let users = try #require(pages["users"])
            #expect(users.notes.map(\.line) == [3, 4])
            #expect(users.notes.first?.message == "'menu' has no effect here: this is the text of a page every site has, which the menu "
                + "always lists, in its own place; only pages of their own are placed by menu and weight")
            #expect(try #require(pages["404"]).notes.first?.message.contains("which the menu never lists") == true)
            #expect(try #require(pages["about"]).notes.isEmpty, "a page of its own reads them")
        }
    }

    @Test("a front matter key that differs from one the site reads only in letter case (Draft, Title) is noted on its line; a draft's type error names the value")
    func nearMissKeys() throws {
        try withContent(["soon.md": "---\nTitle: Next\nDraft: true\nauthor: me\n---\nSoon.\n"]) { loader in
            let page = try #require(try loader.loadAll()["soon"], "published: Draft is no draft")
            #expect(page.notes.map(\.line) == [3, 2])
            #expect(page.notes.first?.message == "the front matter key 'Draft' is not read as 'draft', as keys are read as written, in lowercase: write 'draft'")
            #expect(page.title == "Soon", "titled by its file name: Title is no title")
        }
    }

    @Test("a mapping value in the wrong place is reported on its own line")
    func mappingValueErrorLine() throws {
        try withContent(["index.md": "---\ntitle: Home\ndescription: a: b\n---\n"]) { loader in
            let failure = try #require(error(loading: "index", with: loader))
            #expect(failure.line == 3)
            #expect(failure.message.contains("mapping values are not allowed"))
        }
    }

    @Test("a title or description written as a block of lines (title: |) is one line, as <title> and the menu show it")
    func blockTitlesAreOneLine() throws {
        try withContent(["about.md": "---\ntitle: |\n  Opening\n  hours\ndescription: >\n  When we\n\n  are open\n---\nx\n"]) { loader in
            let pages = try loader.loadAll()
            #expect(pages["about"]?.title == "Opening hours")
            #expect(pages["about"]?.description == "When we are open")
        }
    }

    @Test("a title that is a list is an error on the title line")
    func titleMustBeText() throws {
        try withContent(["index.md": "---\ndescription: x\ntitle:\n  - a\n  - b\n---\n"]) { loader in
            let failure = try #require(error(loading: "index", with: loader))
            #expect(failure.line == 3)
            #expect(failure.message.hasPrefix("'title' must be a single line of text"))
        }
    }

    @Test("'...' closes front matter, empty front matter is allowed, later '---' lines stay in the body")
    func delimiters() throws {
        try withContent([
            "index.md": "---\ntitle: Dots\n...\nA\n\n---\n\nB\n",
            "users.md": "---\n---\nOnly body\n",
        ]) { loader in
            let index = try loader.load("index")
            #expect(index.title == "Dots")
            #expect(index.bodyHTML == "<p>A</p>\n<hr />\n<p>B</p>\n")
            let users = try loader.load("users")
            #expect(users.title == "People", "a standard page without a title keeps its built-in one")
            #expect(users.bodyMarkdown == "Only body\n")
        }
    }

    @Test("front matter keys name, body and isSiteTitle, which templates see as the page's own, are errors naming the line instead of being lost")
    func reservedKeysAreErrors() throws {
        try withContent(["about.md": "---\ntitle: About\nbody: mine\n---\nText.\n", "contact.md": "---\nname: Ann\n---\nText.\n"]) { loader in
            #expect {
                try loader.load("about")
            } throws: { error in
                (error as? ContentError)?.description == "content/about.md:3: 'body' is the page's own text (the Markdown below the front matter, as HTML) to templates, so a front matter key of that name would be lost. Rename the key."
            }
            #expect {
                try loader.load("contact")
            } throws: { error in
                (error as? ContentError)?.description == "content/contact.md:2: 'name' is the page's own name (the file's, contact) to templates, so a front matter key of that name would be lost. Rename the key."
            }
        }
        // `isSiteTitle` too: set from front matter, it silently dropped the site's title from <title>.
        try withContent(["about.md": "---\ntitle: About\nisSiteTitle: true\n---\nText.\n"]) { loader in
            #expect {
                try loader.load("about")
            } throws: { error in
                (error as? ContentError)?.description == "content/about.md:3: 'isSiteTitle' is the page's own mark of a title that is the site's (the theme then leaves the site's title out of <title>) to templates, so a front matter key of that name would be lost. Rename the key."
            }
        }
        // Several at once are one error, in the order of their lines: one at a time took a build each.
        try withContent(["about.md": "---\nbody: b\ntitle: About\nname: n\nisSiteTitle: true\n---\nText.\n"]) { loader in
            #expect {
                try loader.load("about")
            } throws: { error in
                let text = (error as? ContentError)?.description ?? ""
                return text.hasPrefix("content/about.md:2: 'body' is the page's own text")
                    && text.hasSuffix("Rename the key. So would 'name' on line 4 and 'isSiteTitle' on line 5, the page's own to templates too: rename them as well.")
            }
        }
    }

    @Test("a page of its own without a title is titled by its name composed (NFC), first letter in title case: ß straße is Ss straße, not SS straße")
    func titlesFromNames() throws {
        try withContent(["ß straße.md": "Text.\n", "e\u{0301}te\u{0301}.md": "Text.\n", "contact us.md": "Text.\n"]) { loader in
            let pages = try loader.loadAll()
            #expect(pages.values.contains { $0.title == "Ss straße" })
            let summer = try #require(pages.values.first { $0.sourceFile.lastPathComponent.hasSuffix("te\u{0301}.md") })
            #expect(Array(summer.title.unicodeScalars) == Array("\u{00C9}t\u{00E9}".unicodeScalars))
            #expect(pages.values.contains { $0.title == "Contact us" })
        }
    }

    @Test("a title from a file name has spaces for its dashes and underscores: opening-hours.md is Opening hours, not Opening-hours")
    func titlesFromNamesHaveSpaces() throws {
        try withContent(["opening-hours.md": "x", "my_page2.md": "x", "--odd__name--.md": "x", "x-ray.md": "x", "iOS-tips.md": "x"]) { loader in
            let pages = try loader.loadAll()
            #expect(pages["opening-hours"]?.title == "Opening hours")
            #expect(pages["my-page2"]?.title == "My page2")
            #expect(pages["odd-name"]?.title == "Odd name")
            #expect(pages["x-ray"]?.title == "X ray")
            #expect(pages["ios-tips"]?.title == "iOS tips", "a first word in mixed case is kept as written")
        }
    }

    @Test("two file names that are the same text in two Unicode forms: the clash says which is decomposed (NFD) and which composed (NFC)")
    func unicodeFormsClash() throws {
        // (Swift compares strings by canonical equivalence, so the two names cannot be keys of one dictionary.)
        try withContent(["Caf\u{00E9}.md": "One.\n"]) { loader in
            try Data("Two.\n".utf8).write(to: loader.directory.appendingPathComponent("Cafe\u{0301}.md"))
            try #require(try FileManager.default.contentsOfDirectory(atPath: loader.directory.path).count == 2)
            #expect {
                _ = try loader.loadAll()
            } throws: { error in
                let text = (error as? ContentError)?.description ?? ""
                return text.contains("(the two names are the same text written two ways: content/Cafe\u{0301}.md in decomposed Unicode, NFD, as macOS writes names, and content/Caf\u{00E9}.md composed, NFC; they look alike but are two files). Rename one of them")
            }
        }
    }

    @Test("a file whose name is not UTF-8 (Latin-1 café.md) is named as such, not as a file that does not exist")
    func nameNotUTF8() throws {
        try withContent([:]) { loader in
            let path = Array(loader.directory.path.utf8) + Array("/caf".utf8) + [0xE9] + Array(".md".utf8)
            let descriptor = (path.map { CChar(bitPattern: $0) } + [0]).withUnsafeBufferPointer { open($0.baseAddress!, O_CREAT | O_WRONLY, 0o644) }
            try #require(descriptor >= 0)
            close(descriptor)
            #expect {
                _ = try loader.loadAll()
            } throws: { error in
                (error as? ContentError)?.description == "content/caf\u{FFFD}.md: the file's name is not valid UTF-8 (shown with \u{FFFD} for the bytes that are not; it was written in another encoding, such as Latin-1), so it cannot be opened by that name. Rename it in UTF-8 (for example with convmv -f latin1 -t utf8 --notest, or by hand)."
            }
        }
    }

    @Test("a folder, a link to nothing, a link loop or a named pipe where a page's file should be is named for what it is, and a pipe is never read")
    func notAFileIsNamed() throws {
        try withContent([:]) { loader in
            let content = loader.directory
            try FileManager.default.createDirectory(at: content.appendingPathComponent("notes.md"), withIntermediateDirectories: true)
            try FileManager.default.createSymbolicLink(atPath: content.appendingPathComponent("gone.md").path, withDestinationPath: "/nonexistent/gone.md")
            try FileManager.default.createSymbolicLink(atPath: content.appendingPathComponent("loop.md").path, withDestinationPath: "loop.md")
            #expect(mkfifo(content.appendingPathComponent("pipe.md").path, 0o644) == 0)
            let expected = [
                "notes": "content/notes.md: it is a folder, not a file: pages are the .md files directly in content/. Rename the folder.",
                "gone": "content/gone.md: it is a symbolic link to /nonexistent/gone.md, which does not exist. Point it at a Markdown file, or remove it.",
                "loop": "content/loop.md: it is a symbolic link that leads round in a loop. Point it at a Markdown file, or remove it.",
                "pipe": "content/pipe.md: it is not a regular file (a named pipe, a device or a socket), and reading one can wait forever. Put a Markdown file there instead.",
            ]
            for (name, message) in expected {
                #expect(error(loading: name, with: loader)?.description == message, "\(name)")
            }
        }
    }

    @Test("a page's file that is a symbolic link out of the project is refused, naming where it leads (a link to /etc/hostname was published as a page); links within the project, and a content folder linked from elsewhere, still work")
    func linksOutOfTheProjectAreRefused() throws {
        let outside = try TemporaryFolder()
        defer { outside.remove() }
        let secret = outside.url.appendingPathComponent("secret.md")
        try Data("machine-name".utf8).write(to: secret)
        try withContent([:]) { loader in
            let content = loader.directory
            let project = content.deletingLastPathComponent()
            try FileManager.default.createSymbolicLink(atPath: content.appendingPathComponent("leak.md").path, withDestinationPath: secret.path)
            let real = secret.resolvingSymlinksInPath().path
            #expect(error(loading: "leak", with: loader)?.description == "content/leak.md: it is a symbolic link to \(real), outside the project's folder, "
                + "so its text would be published from elsewhere on this machine. If that file is meant to be a page, copy it into content/; otherwise remove the link.")
            #expect(throws: ContentError.self) { try loader.loadAll() }
            try FileManager.default.removeItem(at: content.appendingPathComponent("leak.md"))
            // Within the project: a page kept beside the site's files, linked in.
            try FileManager.default.createDirectory(at: project.appendingPathComponent("docs"), withIntermediateDirectories: true)
            try Data("Shared text.".utf8).write(to: project.appendingPathComponent("docs/shared.md"))
            try FileManager.default.createSymbolicLink(atPath: content.appendingPathComponent("shared.md").path, withDestinationPath: "../docs/shared.md")
            #expect(try loader.loadAll()["shared"]?.bodyHTML == "<p>Shared text.</p>\n")
        }
        // A content folder that is itself a link to another place: its own files are its pages.
        let project = try TemporaryFolder()
        defer { project.remove() }
        try FileManager.default.createSymbolicLink(atPath: project.url.appendingPathComponent("content").path, withDestinationPath: outside.url.path)
        let pages = try ContentLoader(directory: project.url.appendingPathComponent("content")).loadAll()
        #expect(pages["secret"]?.bodyHTML == "<p>machine-name</p>\n")
    }

    @Test("a page's file larger than 8 MiB is refused with its size, before it is read: a 25 MB page took 700 MB of memory to build")
    func hugeFilesAreRefused() throws {
        try withContent(["ok.md": String(repeating: "a", count: 1000)]) { loader in
            let big = loader.directory.appendingPathComponent("big.md")
            try Data(repeating: UInt8(ascii: "a"), count: ContentLoader.maxFileBytes + 1).write(to: big)
            #expect(error(loading: "big", with: loader)?.description == "content/big.md: the file is 8.0 MB, more than the 8 MiB (8388608 bytes) "
                + "a page's text may be: rendering a page takes about 30 times its size in memory. Split it into pages of their own.")
            try FileManager.default.removeItem(at: big)
            #expect(try loader.loadAll()["ok"] != nil)
        }
    }

    @Test("a page whose file name is decomposed, as macOS writes names, is published at the composed address a browser asks for")
    func decomposedFileNamesAreComposed() throws {
        try withContent(["\u{0415}\u{0308}лка.md": "Winter.\n"]) { loader in
            let names = try loader.loadAll().keys.filter { $0.hasPrefix("\u{0451}") }
            #expect(names.map { Array($0.unicodeScalars) } == [Array("\u{0451}лка".unicodeScalars)])
        }
    }

    @Test("a front matter key given twice is an error naming both lines")
    func duplicateFrontMatterKey() throws {
        try withContent(["about.md": "---\ntitle: One\nweight: 2\ntitle: Two\n---\nText.\n"]) { loader in
            #expect {
                try loader.load("about")
            } throws: { error in
                (error as? ContentError)?.description == "content/about.md:4: 'title' is given twice, on lines 2 and 4, and YAML allows a key once (the last would silently win). Remove one of them."
            }
        }
        // Inside a mapping too, at any depth.
        try withContent(["about.md": "---\ntitle: One\nlinks:\n  docs:\n    href: /a\n    label: A\n    href: /b\n---\nText.\n"]) { loader in
            #expect {
                try loader.load("about")
            } throws: { error in
                (error as? ContentError)?.description == "content/about.md:7: 'href' inside 'links' is given twice, on lines 5 and 7, and YAML allows a key once (the last would silently win). Remove one of them."
            }
        }
    }

    @Test("a standard page without a title is titled as the built-in one (Home, People, Posts, Page not found); a page of its own by its name")
    func untitledPagesKeepTheBuiltInTitle() throws {
        try withContent(["index.md": "Welcome!\n", "404.md": "Gone.\n", "posts.md": "---\ndescription: All of them\n---\nPosts.\n", "about.md": "Us.\n"]) { loader in
            let titles = try ["index", "404", "posts", "about"].map { try loader.load($0).title }
            #expect(titles == ["Home", "Page not found", "Posts", "About"])
        }
    }

    @Test("invalid UTF-8 is an error naming the file and the line of the bad byte")
    func invalidUTF8() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        var bytes = Array("---\ntitle: x\n---\nok\n".utf8)
        bytes += [0x66, 0xC3, 0x28, 0x0A]  // "f", then a broken two-byte sequence
        try Data(bytes).write(to: folder.url.appendingPathComponent("posts.md"))
        let loader = ContentLoader(directory: folder.url)
        let failure = try #require(error(loading: "posts", with: loader))
        #expect(failure.file == "\(folder.url.lastPathComponent)/posts.md")
        #expect(failure.line == 5)
        #expect(failure.message == "the file is not valid UTF-8 text. Save it as UTF-8 in your editor.")
    }

    @Test("page names with path separators or leading dots are refused")
    func unsafeNamesRefused() throws {
        try withContent([:]) { loader in
            for name in ["../secret", "a/b", ".hidden", ""] {
                let failure = try #require(error(loading: name, with: loader))
                #expect(failure.message.contains("is not a page name"))
            }
        }
    }

    @Test("without a title in its front matter, a page whose text opens with a level-1 heading takes it as its title, and its body leaves it out; with one, the heading stays and is noted on its file line as a second title")
    func openingHeadingTitlesPage() throws {
        try withContent(["opening-hours.md": "# When we *open*\n\nDaily.\n", "about.md": "---\ntitle: About\n---\n\n# About us\n\nWe are.\n",
                         "index.md": "---\ndescription: Hi\ntitle: \"  \"\n---\nWelcome\n=======\n\nHello.\n", "users.md": "## Everyone\n\nHere.\n"]) { loader in
            let pages = try loader.loadAll(reserving: SiteRenderer.builtInFolders)
            #expect(pages["opening-hours"]?.title == "When we open")
            #expect(pages["opening-hours"]?.bodyHTML == "<p>Daily.</p>\n")
            #expect(pages["opening-hours"]?.notes == [])
            #expect(pages["index"]?.title == "Welcome", "a blank title is none")
            #expect(pages["index"]?.bodyHTML == "<p>Hello.</p>\n")
            #expect(pages["users"]?.title == "People", "a ## heading is no title")
            #expect(pages["users"]?.bodyHTML.hasPrefix("<h2") == true)
            let about = try #require(pages["about"])
            #expect(about.title == "About")
            #expect(about.bodyHTML.hasPrefix("<h1 id=\"about-us\">About us</h1>"))
            #expect(about.notes.map(\.line) == [5], "the file's line, front matter counted")
            #expect(about.notes.first?.message.hasPrefix("the heading 'About us' is a level-1 heading (# or ===), a second <h1>") == true)
        }
    }

    @Test("Markdown options given to the loader reach the rendered body")
    func loaderUsesMarkdownOptions() throws {
        try withContent(["index.md": "<em>raw</em> \"q\"\n"]) { safe in
            let safeHTML = try safe.load("index").bodyHTML
            #expect(safeHTML == "<p><!-- raw HTML omitted -->raw<!-- raw HTML omitted --> \u{201C}q\u{201D}</p>\n")
            let unsafe = ContentLoader(directory: safe.directory, markdownOptions: [.unsafe])
            let unsafeHTML = try unsafe.load("index").bodyHTML
            #expect(unsafeHTML == "<p><em>raw</em> &quot;q&quot;</p>\n")
        }
    }

    @Test("raw HTML that safe mode leaves out is one note on the file line of the first piece, counting the rest; HTML comments are not counted; with markdown.unsafe there is none")
    func rawHTMLIsNoted() throws {
        let file = Fixture.url("Content/raw-html.md")
        let page = try ContentLoader(directory: file.deletingLastPathComponent()).load("raw-html")
        #expect(page.notes.count == 1)
        #expect(page.notes.first?.line == 5, "the file's line, front matter counted")
        #expect(page.notes.first?.message.hasPrefix("raw HTML (<br>, and 2 more pieces after it) is left out of the page") == true, "\(page.notes)")
        #expect(page.bodyHTML.contains("<!-- raw HTML omitted -->"))
        let unsafe = try ContentLoader(directory: file.deletingLastPathComponent(), markdownOptions: [.smart, .unsafe]).load("raw-html")
        #expect(unsafe.notes.isEmpty)
        #expect(unsafe.bodyHTML.contains("<iframe"))
    }

    @Test("a table's delimiter row (| :--- | ---: |) is noted on its file line, as CommonMark shows the rows as text; rows in fenced or indented code are not")
    func tablesAreNoted() throws {
        let file = Fixture.url("Content/gfm-table.md")
        let page = try ContentLoader(directory: file.deletingLastPathComponent()).load("gfm-table")
        #expect(page.notes.map(\.line) == [14])
        #expect(page.notes.first?.message.contains("tables are not CommonMark") == true)
        #expect(Markdown.rendered(from: "a | b\n\n- one | two\n---\n").notes.isEmpty, "pipes in text, a thematic break")
        #expect(Markdown.rendered(from: "a | b\n--|--\n").notes.map(\.line) == [2])
        // As GitHub reads tables: a header row of as many cells above, in a quote too.
        #expect(Markdown.rendered(from: "Text.\n\n|---|---|\n").notes.isEmpty, "no header row")
        #expect(Markdown.rendered(from: "| a | b |\n|---|---|---|\n").notes.isEmpty, "three columns under two")
        #expect(Markdown.rendered(from: "> | q | r |\n> | --- | ---: |\n").notes.map(\.line) == [2])
        let two = Markdown.rendered(from: "| a | b |\n|---|---|\n\ntext\n\n| c | d |\n|---|---|\n")
        #expect(two.notes.map(\.line) == [2])
        #expect(two.notes.first?.message.hasPrefix("this looks like a table (a row of | and --- under a header row), as does 1 more after it, but") == true)
        #expect(Markdown.rendered(from: "````\n```\n| a | b |\n|---|---|\n```\n````\n").notes.isEmpty, "a fence of four closes only with four")
        #expect(Markdown.rendered(from: "| a | b |\n|---|---|\n| c | d |\n|---|---|\n").notes.first?.message.contains("more") == false, "one table")
        let unsafe = Markdown.rendered(from: "| a | b |\n|---|---|\n", options: [.smart, .unsafe])
        #expect(unsafe.notes.first?.message.hasSuffix("or as an HTML <table>") == true, "markdown.unsafe is on already")
    }

    @Test("a page that starts with +++ but never closes it has no TOML front matter: the line is text")
    func unclosedPlusesAreText() throws {
        try withContent(["about.md": "+++\nHello world.\n"]) { loader in
            let page = try #require(try loader.loadAll()["about"])
            #expect(page.bodyHTML.contains("Hello world."))
        }
    }

    @Test("front matter between +++ lines (TOML, as Hugo allows) is an error on its line, not a first paragraph of TOML on the page")
    func tomlFrontMatterIsRefused() throws {
        let file = Fixture.url("Content/toml-front-matter.md")
        let error = #expect(throws: ContentError.self) { try ContentLoader(directory: file.deletingLastPathComponent()).load("toml-front-matter") }
        #expect(error?.line == 2)
        #expect(error?.description.contains("is TOML, which site does not read") == true, "\(String(describing: error))")
    }
}
