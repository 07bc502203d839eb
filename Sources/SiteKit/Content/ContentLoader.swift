import Foundation

/// Reads the site's hand-written page text from `content/<name>.md`.
public struct ContentLoader: Sendable {
    /// The folder holding the `.md` files.
    public let directory: URL
    /// How page bodies are rendered.
    public let markdownOptions: MarkdownOptions
    /// Ids the templates give elements of a page, which headings' ids avoid (`HeadingAnchors`).
    public let takenIDs: Set<String>
    /// The theme's words: the standard pages' built-in titles and text.
    public let words: Words

    /// Creates a loader for `directory`; the folder need not exist (built-in text is used).
    public init(directory: URL, markdownOptions: MarkdownOptions = [.smart], takenIDs: Set<String> = HeadingAnchors.reserved,
                words: Words = .english) {
        self.words = words
        self.directory = directory
        self.markdownOptions = markdownOptions
        self.takenIDs = takenIDs
    }

    /// Loads `content/<name>.md`.
    ///
    /// When the file does not exist, the built-in text for a standard page is used; any other
    /// missing page is an error saying which file to create. A file that exists but is broken
    /// is always an error, never silently replaced.
    public func load(_ name: String) throws -> ContentPage {
        let file = directory.appendingPathComponent("\(name).md")
        let shown = displayPath(for: name)
        guard !name.isEmpty, !name.contains("/"), !name.contains("\\"), !name.hasPrefix(".") else {
            throw ContentError(file: shown, message: "'\(name)' is not a page name. Use a plain name such as 'users'.")
        }
        // Anything at the path counts, a symbolic link to nothing too: it is named for what it is
        // (`read`) rather than passed over for the built-in text.
        var entry = stat()
        guard lstat(file.path, &entry) == 0 else {
            if let builtIn = ContentPage.defaultPages(in: directory, markdownOptions: markdownOptions, takenIDs: takenIDs, words: words)[name] {
                return builtIn
            }
            throw ContentError(file: shown, message: "the file does not exist. Create it with a front matter "
                + "block ('---', 'title: …', '---') followed by the page's Markdown text.")
        }
        return try read(file, as: name, shown: shown, defaultTitle: ContentPage.defaultTitle(for: name, words: words))
    }

    /// Loads the standard pages (`index`, `users`, `posts`, `404`), whose text is the intro of a page the
    /// build makes, and every other Markdown file of the folder as a page of its own
    /// (`content/about.md` → `about/`), keyed by name: the file's name as a slug. A page of its own
    /// may not take a name in `reserved` (the folders the site's other pages are in) or the name
    /// of a standard page, and no two files may give the same name; each is an error naming the
    /// files and what to rename.
    public func loadAll(reserving reserved: Set<String> = []) throws -> [String: ContentPage] {
        try loadAllWithDrafts(reserving: reserved).pages
    }

    /// `loadAll`, with the files of the pages left out as drafts (`draft: true`), as people know
    /// them (`content/next.md`). A draft's name is still its own: another file may not take it.
    public func loadAllWithDrafts(reserving reserved: Set<String> = []) throws -> (pages: [String: ContentPage], drafts: [String]) {
        var drafts: [String] = []
        var pages: [String: ContentPage] = [:]
        for name in ContentPage.standardNames { pages[name] = try load(name) }
        var taken: [String: String] = [:]
        for file in ownPageFiles() {
            let shown = "\(directory.lastPathComponent)/\(file)"
            try refuseUndecodableName(file, shown: shown)
            let stem = String(file.dropLast(".md".count))
            let name = try ownPageName(stem, of: shown, taken: taken, reserved: reserved)
            taken[name] = shown
            let page = try read(directory.appendingPathComponent(file), as: name, shown: shown,
                                defaultTitle: ContentPage.defaultTitle(for: stem, words: words))
            if page.extra["draft"]?.flag == true {
                drafts.append(shown)
            } else {
                pages[name] = page
            }
        }
        return (pages, drafts)
    }

    /// The name of the page of its own in the file `shown` called `stem`: its slug, which must have
    /// a letter or digit, and be neither `taken` by another file nor a name the site uses.
    private func ownPageName(_ stem: String, of shown: String, taken: [String: String], reserved: Set<String>) throws -> String {
        let name = Slug.make(stem, fallback: "")
        guard !name.isEmpty else {
            throw ContentError(file: shown, message: "its name has no letter or digit to name the page by. Rename it, "
                + "e.g. to about.md, which is published at about/.")
        }
        if let other = taken[name] {
            throw ContentError(file: shown, message: "it would be published at \(name)/, like \(other)\(Self.sameTextNote(shown, other)). "
                + "Rename one of them: a page's address is its file name in lowercase, with a dash for each run of other characters, "
                + "cut to its first 60 bytes.")
        }
        if Slug.windowsDeviceNames.contains(name) {
            throw ContentError(file: shown, message: "it would be published at \(name)/, a name Windows refuses for any file or folder "
                + "(con, prn, aux, nul, com0 to com9, lpt0 to lpt9), so the site could not be checked out or unzipped there. "
                + "Rename it, e.g. to \(name)-page.md.")
        }
        let used = reserved.union(ContentPage.standardNames)
        // `Index.md` is most likely meant as the home page's text, whose file is named in lowercase.
        if ContentPage.standardNames.contains(name), stem.lowercased() == name,
           !FileManager.default.fileExists(atPath: directory.appendingPathComponent(name + ".md").path) {
            let page = ["index": "home page", "users": "People page", "posts": "Posts page", "404": "404 page"][name] ?? "\(name) page"
            throw ContentError(file: shown, message: "the \(page)'s text is read from \(directory.lastPathComponent)/\(name).md, in lowercase, "
                + "and this file is not it. Rename it to \(name).md, or, for a page of its own, to about-\(name).md.")
        }
        guard !used.contains(name) else {
            throw ContentError(file: shown, message: "it would be published at \(name)/, which the site's own pages use "
                + "(\(used.sorted().joined(separator: ", "))). Rename it, e.g. to about-\(name).md.")
        }
        return name
    }

    /// When two file names that look alike are the same text in two Unicode forms, which of them
    /// is which: macOS writes names decomposed (NFD, `e` and a combining accent), most other
    /// systems composed (NFC, `é`), and both can sit side by side in one folder.
    static func sameTextNote(_ one: String, _ other: String) -> String {
        // Swift's `==` finds the two forms equal (canonical equivalence): compare their scalars.
        func isComposed(_ text: String) -> Bool {
            text.unicodeScalars.elementsEqual(text.precomposedStringWithCanonicalMapping.unicodeScalars)
        }
        guard one == other, !one.unicodeScalars.elementsEqual(other.unicodeScalars) else { return "" }
        let (decomposed, composed) = isComposed(one) ? (other, one) : (one, other)
        return " (the two names are the same text written two ways: \(decomposed) in decomposed Unicode, NFD, as macOS "
            + "writes names, and \(composed) composed, NFC; they look alike but are two files)"
    }

    /// Throws when the folder listing gave `file` with U+FFFD for bytes of its name that are not
    /// UTF-8 (a Latin-1 `café.md`), under which it cannot be opened: the error says so, instead
    /// of "no such file".
    private func refuseUndecodableName(_ file: String, shown: String) throws {
        guard file.unicodeScalars.contains("\u{FFFD}") else { return }
        var info = stat()
        guard lstat(directory.appendingPathComponent(file).path, &info) != 0 else { return }
        throw ContentError(file: shown, message: "the file's name is not valid UTF-8 (shown with \u{FFFD} for the bytes that "
            + "are not; it was written in another encoding, such as Latin-1), so it cannot be opened by that name. "
            + "Rename it in UTF-8 (for example with convmv -f latin1 -t utf8 --notest, or by hand).")
    }

    /// The Markdown files that are pages of their own, sorted: every `.md` file but the standard
    /// pages' and hidden ones (`.draft.md`).
    func ownPageFiles() -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { name in
            name.hasSuffix(".md") && !name.hasPrefix(".") && !ContentPage.standardNames.contains(String(name.dropLast(3)))
        }.sorted()
    }

    /// What `content/` holds that no page is made from, as people know it ("content/Notes.MD",
    /// "content/drafts/"): folders, and files without the `.md` extension in lowercase. Hidden
    /// entries (`.draft.md`) are left out: hiding is how a file is kept out on purpose.
    public func unreadEntries() -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        // Editors' backups and locks (`index.md~`, `#index.md#`) are no news, as hidden files are
        // not: site serve does not watch them, and each rebuild said so again.
        return names.filter { !EditorFiles.isUnread($0) }.sorted().compactMap { name in
            var isFolder: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: directory.appendingPathComponent(name).path, isDirectory: &isFolder)
            if isFolder.boolValue { return "\(directory.lastPathComponent)/\(name)/" }
            return name.hasSuffix(".md") ? nil : "\(directory.lastPathComponent)/\(name)"
        }
    }

    /// The page in `file`, named `name`; without a title in its front matter it is `defaultTitle`.
    private func read(_ file: URL, as name: String, shown: String, defaultTitle: String) throws -> ContentPage {
        if let problem = Self.notAFile(file) { throw ContentError(file: shown, message: problem) }
        if let target = FileKind.leadsOutside(file, of: directory) {
            throw ContentError(file: shown, message: "it is a symbolic link to \(target), outside the project's folder, so its text would be "
                + "published from elsewhere on this machine. If that file is meant to be a page, copy it into \(directory.lastPathComponent)/; "
                + "otherwise remove the link.")
        }
        var info = stat()
        if stat(file.path, &info) == 0, Int(info.st_size) > Self.maxFileBytes {
            throw ContentError(file: shown, message: "the file is \(ByteCount.format(Int(info.st_size))), more than the "
                + "\(Self.maxFileBytes >> 20) MiB (\(Self.maxFileBytes) bytes) a page's text may be: rendering a page takes about 30 times its size in memory. "
                + "Split it into pages of their own.")
        }
        let data: Data
        do {
            data = try Data(contentsOf: file)
        } catch {
            throw ContentError(file: shown, message: "the file could not be read (\(FileProblem.describe(error))). "
                + "Check that it is a readable file, not a folder.")
        }
        let text = try ContentText.decode(data, file: shown)
        return try page(named: name, from: text, file: file, shown: shown, defaultTitle: defaultTitle)
    }

    /// The largest Markdown file read as a page. The 25 MB page of a test took 700 MB of memory
    /// to build; a long handbook chapter is well under 1 MB.
    static let maxFileBytes = 8 << 20

    /// Why `file` is no file to read a page from, in words, or nil: a folder, a symbolic link that
    /// leads nowhere or round in a loop, or a named pipe or device, whose reading could wait forever.
    static func notAFile(_ file: URL) -> String? {
        FileKind.problem(file, expected: "a Markdown file", folder: "pages are the .md files directly in content/. Rename the folder.")
    }

    /// The file as people know it: the content folder's name plus the file name.
    func displayPath(for name: String) -> String {
        "\(directory.lastPathComponent)/\(name).md"
    }

    private func page(named name: String, from text: String, file: URL, shown: String, defaultTitle: String) throws -> ContentPage {
        let matter = try FrontMatter.parse(text, file: shown)
        var extra = matter.values
        let title = try textValue("title", from: &extra, lines: matter.keyLines, file: shown)
        let description = try textValue("description", from: &extra, lines: matter.keyLines, file: shown)
        // Templates see the page's own `name` and `body` (its HTML) under these keys, and whether
        // its title is the site's as `isSiteTitle`.
        let ownValues = [("name", "name (the file's, \(name))"), ("body", "text (the Markdown below the front matter, as HTML)"),
                         ("isSiteTitle", "mark of a title that is the site's (the theme then leaves the site's title out of <title>)")]
        // All of them in one error: one at a time, three such keys took three builds to find.
        let clashes = ownValues.filter { extra[$0.0] != nil }.sorted { (matter.keyLines[$0.0] ?? 0) < (matter.keyLines[$1.0] ?? 0) }
        if let (reserved, what) = clashes.first {
            let others = clashes.dropFirst().map { "'\($0.0)' on line \(matter.keyLines[$0.0] ?? 0)" }
            let more = others.isEmpty ? "" : " So would \(others.joined(separator: " and ")), the page's own to templates too: rename \(others.count == 1 ? "it" : "them") as well."
            throw ContentError(file: shown, line: matter.keyLines[reserved], message: "'\(reserved)' is the page's own "
                + what + " to templates, so a front matter key of that name would be lost. Rename the key." + more)
        }
        if !ContentPage.standardNames.contains(name) {
            try checkMenuKeys(extra, lines: matter.keyLines, file: shown)
        } else if extra["draft"]?.flag == true {
            throw ContentError(file: shown, line: matter.keyLines["draft"], message: "'draft: true' keeps a page of its own unpublished, "
                + "but this file is the text of a page every site has, which is always published. Remove the line (or the file, for the built-in text).")
        }
        // `Draft: true` is no draft, nor `Title:` a title: keys are read as written.
        let known = ["title", "description", "draft", "menu", "weight"]
        var nearMisses = matter.keyLines.keys.sorted().compactMap { key -> MarkdownNote? in
            guard !known.contains(key), let meant = known.first(where: { $0 == key.lowercased() }) else { return nil }
            return MarkdownNote(line: matter.keyLines[key] ?? 1, message: "the front matter key '\(key)' is not read as '\(meant)', "
                + "as keys are read as written, in lowercase: write '\(meant)'")
        }
        // The menu lists the pages every site has in a fixed order, always: `menu: false` left
        // People in the menu without a word.
        if ContentPage.standardNames.contains(name) {
            nearMisses += ["menu", "weight"].compactMap { key in
                matter.keyLines[key].map { MarkdownNote(line: $0, message: "'\(key)' has no effect here: this is the text of a page "
                    + "every site has, which " + (name == "404" ? "the menu never lists" : "the menu always lists, in its own place")
                    + "; only pages of their own are placed by menu and weight") }
            }
            nearMisses.sort { $0.line < $1.line }
        }
        let ownTitle = title.flatMap { $0.isEmpty ? nil : $0 }
        return ContentPage(
            name: name,
            title: ownTitle ?? defaultTitle,
            description: description ?? "",
            extra: extra,
            bodyMarkdown: matter.body,
            sourceFile: file,
            markdownOptions: markdownOptions,
            takenIDs: takenIDs,
            bodyLine: matter.bodyLine,
            frontMatterNotes: nearMisses,
            headingTitles: ownTitle == nil
        )
    }

    /// A page of its own may say where the menu lists it (`weight`, a number) and whether it does
    /// (`menu`, true or false); anything else there is a mistake the menu would hide.
    private func checkMenuKeys(_ values: [String: FrontMatterValue], lines: [String: Int], file: String) throws {
        if let draft = values["draft"], draft.flag == nil {
            throw ContentError(file: file, line: lines["draft"], message: "'draft' must be true or false (yes/no and on/off are read as those), "
                + "not \(draft.text.map { $0.isEmpty ? "nothing" : $0 } ?? "a list or mapping"). 'draft: true' keeps the page unpublished, "
                + "out of the menu and the sitemap, until the line is removed.")
        }
        if let weight = values["weight"], weight.number?.isFinite != true {
            throw ContentError(file: file, line: lines["weight"], message: "'weight' must be a number, such as 'weight: 2'. "
                + "Pages of their own are listed in the site's menu by weight, lowest first, then by name.")
        }
        if let menu = values["menu"], menu.flag == nil {
            throw ContentError(file: file, line: lines["menu"], message: "'menu' must be true or false (yes/no and on/off are read as those), "
                + "not \(menu.text.map { $0.isEmpty ? "nothing" : $0 } ?? "a list or mapping"). "
                + "'menu: false' leaves the page out of the site's menu; it is still published.")
        }
    }

    /// Takes `key` out of `values`; it must be text (numbers and booleans are written out).
    private func textValue(
        _ key: String, from values: inout [String: FrontMatterValue], lines: [String: Int], file: String
    ) throws -> String? {
        guard let value = values.removeValue(forKey: key), value != .null else { return nil }
        guard let text = value.text else {
            throw ContentError(file: file, line: lines[key], message: "'\(key)' must be a single line of text, "
                + "not a list or mapping. Write it as '\(key): Some text'.")
        }
        // A block scalar (`title: |`) keeps its line breaks, which a <title> or a menu link would
        // show as they are: the lines are joined as one, as a folded scalar (`>`) would be.
        return text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }.joined(separator: " ")
    }
}
