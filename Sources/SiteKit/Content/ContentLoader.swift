import Foundation

/// Reads the site's hand-written page text from `content/<name>.md`.
public struct ContentLoader: Sendable {
    /// The folder holding the `.md` files.
    public let directory: URL
    /// How page bodies are rendered.
    public let markdownOptions: MarkdownOptions

    /// Creates a loader for `directory`; the folder need not exist (built-in text is used).
    public init(directory: URL, markdownOptions: MarkdownOptions = [.smart]) {
        self.directory = directory
        self.markdownOptions = markdownOptions
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
        guard FileManager.default.fileExists(atPath: file.path) else {
            if let builtIn = ContentPage.defaultPages(in: directory, markdownOptions: markdownOptions)[name] {
                return builtIn
            }
            throw ContentError(file: shown, message: "the file does not exist. Create it with a front matter "
                + "block ('---', 'title: …', '---') followed by the page's Markdown text.")
        }
        let data: Data
        do {
            data = try Data(contentsOf: file)
        } catch {
            throw ContentError(file: shown, message: "the file could not be read (\(error.localizedDescription)). "
                + "Check that it is a readable file, not a folder.")
        }
        let text = try ContentText.decode(data, file: shown)
        return try page(named: name, from: text, file: file, shown: shown)
    }

    /// Loads the standard pages (`index`, `users`, `posts`), keyed by name.
    public func loadAll() throws -> [String: ContentPage] {
        var pages: [String: ContentPage] = [:]
        for name in ContentPage.standardNames { pages[name] = try load(name) }
        return pages
    }

    /// The Markdown files in the folder that no page reads (`content/about.md`), as people know
    /// them, sorted: a build names them, so that nobody waits for a page that will not come.
    public func unreadFiles() -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { name in
            name.hasSuffix(".md") && !name.hasPrefix(".") && !ContentPage.standardNames.contains(String(name.dropLast(3)))
        }.sorted().map { "\(directory.lastPathComponent)/\($0)" }
    }

    /// The file as people know it: the content folder's name plus the file name.
    func displayPath(for name: String) -> String {
        "\(directory.lastPathComponent)/\(name).md"
    }

    private func page(named name: String, from text: String, file: URL, shown: String) throws -> ContentPage {
        let matter = try FrontMatter.parse(text, file: shown)
        var extra = matter.values
        let title = try textValue("title", from: &extra, lines: matter.keyLines, file: shown)
        let description = try textValue("description", from: &extra, lines: matter.keyLines, file: shown)
        return ContentPage(
            name: name,
            title: title.flatMap { $0.isEmpty ? nil : $0 } ?? ContentPage.defaultTitle(for: name),
            description: description ?? "",
            extra: extra,
            bodyMarkdown: matter.body,
            sourceFile: file,
            markdownOptions: markdownOptions
        )
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
        return text.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
