import Foundation
import Yams

/// Reads `site.yml` on top of the defaults.
///
/// Every key is checked: a value of the wrong type is an error naming the file and line, and an
/// unknown key is reported so that a typo never silently does nothing.
public enum SettingsFile {
    /// The keys `site.yml` understands, for the unknown-key message.
    static let knownKeys: Set<String> = [
        "title", "description", "language", "base_url", "source", "seed", "users", "per_page", "jobs",
        "timeout", "nationalities", "randomuser_url", "jsonplaceholder_url", "markdown", "cache",
        "output", "cache_dir", "images", "links", "words",
    ]

    /// Settings from `file` over `base`. A missing file is fine when `required` is false.
    /// - Returns: the settings and warnings about unknown keys.
    /// - Parameter only: the settings to read, when not all of them (`site fetch` reads
    ///   `cache_dir` alone): the others are not checked, and a value out of range there is no error.
    public static func load(_ file: URL, shownAs shown: String, over base: SiteSettings = SiteSettings(),
                            required: Bool, only: Set<String>? = nil) throws -> (SiteSettings, [String]) {
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: file.path, isDirectory: &isFolder), isFolder.boolValue {
            throw SettingsError(file: shown, line: nil, message: required
                ? "this is a folder, not a settings file. Name the site.yml file itself with --config"
                : "this is a folder, and the settings file must be a file. Rename the folder, or name another settings file with --config")
        }
        // A symbolic link to nothing is a settings file that cannot be read, not an absent one:
        // taken for absent, the build went on with every default (a new random seed, the demo
        // data of another output folder).
        if !FileManager.default.fileExists(atPath: file.path),
           let target = try? FileManager.default.destinationOfSymbolicLink(atPath: file.path) {
            throw SettingsError(file: shown, line: nil, message: "this is a symbolic link to \(target), which does not exist. "
                + "Point the link at the settings file, or remove it to build with the defaults")
        }
        guard FileManager.default.fileExists(atPath: file.path) else {
            if required {
                throw SettingsError(file: shown, line: nil, message: "the settings file does not exist. Check the --config path, or run without --config to use site.yml (or the defaults, where there is none)")
            }
            return (base, [])
        }
        // The settings file's folder is the project's, where content/, public/ and .cache/ are:
        // a device or a pipe (/dev/null, <(…) in /proc) would make /dev or /proc the project.
        var info = stat()
        if stat(file.path, &info) == 0, info.st_mode & S_IFMT != S_IFREG {
            throw SettingsError(file: shown, line: nil, message: "this is not a regular file but a device or a pipe, and the folder of "
                + "the settings file is the project's, where content/, the output and the cache go. Name a file in the project folder, "
                + "or an empty one to use the defaults")
        }
        // Read no more than a settings file may hold.
        let data: Data
        do {
            let handle = try FileHandle(forReadingFrom: file)
            defer { try? handle.close() }
            data = try handle.read(upToCount: YAMLComposer.maxBytes + 1) ?? Data()
        } catch {
            throw SettingsError(file: shown, line: nil, message: "the settings file could not be read: \(FileProblem.describe(error)). "
                + "Make it readable, or name another with --config")
        }
        // Too long is said before anything else, with the file's own size (what was read stops
        // one byte past the limit, and may end inside a character).
        if data.count > YAMLComposer.maxBytes {
            // The size from the `stat` above, which the file's check for a device made already.
            throw tooLong(max(data.count, Int(info.st_size)), shownAs: shown)
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw SettingsError(file: shown, line: ContentText.invalidLine(in: data),
                                message: "the settings file is not valid UTF-8 text (a Latin-1 é, say, is one byte UTF-8 does not allow "
                                    + "alone). Save it as UTF-8 in your editor")
        }
        return try parse(text, shownAs: shown, over: base, only: only)
    }

    /// The error for a settings file of `bytes`, more than one may be.
    static func tooLong(_ bytes: Int, shownAs shown: String) -> SettingsError {
        SettingsError(file: shown, line: nil, message: "the file is \(bytes) bytes, more than the "
            + "\(YAMLComposer.maxBytes / 1024 / 1024) MiB (\(YAMLComposer.maxBytes) bytes) a settings file may be. Check that it is the right file")
    }

    /// Settings from YAML `text` over `base`. A key whose value is null (`output: ~`, `output:`)
    /// keeps the value it had, with a warning: a folder named `~` or `null` was never meant.
    public static func parse(_ text: String, shownAs shown: String, over base: SiteSettings = SiteSettings(),
                             only: Set<String>? = nil) throws -> (SiteSettings, [String]) {
        do {
            return try YAMLComposer.compose(text) { root in try read(root, shownAs: shown, over: base, only: only) }
        } catch {
            switch error {
            case .tooLong(let bytes):
                throw tooLong(bytes, shownAs: shown)
            case .tooDeep(let line):
                throw SettingsError(file: shown, line: line, message: "the file nests lists or mappings more than "
                    + "1,000 levels deep here; no setting takes more than two")
            case .yaml(let problem):
                let found = YAMLProblem(problem, yaml: text)
                if found.problem == "but found another document" {
                    throw SettingsError(file: shown, line: found.line, message: "a second YAML document starts here (a line '---' "
                        + "after settings); a settings file is one document. Remove the line, or what follows it")
                }
                throw SettingsError(file: shown, line: found.line, message: "the file is not valid YAML: \(found.problem.prefix(400)). Fix that line")
            case .body(let problem): throw problem
            }
        }
    }

    private static func read(_ root: Node?, shownAs shown: String, over base: SiteSettings, only: Set<String>?) throws -> (SiteSettings, [String]) {
        // An empty document (a file of comments, or a lone `---`) sets nothing.
        guard let root, !SettingsReader.isNull(root) else { return (base, []) }
        guard let mapping = root.mapping else {
            throw SettingsError(file: shown, line: root.mark?.line, message: "the settings must be a mapping of keys to values, such as 'users: 50'")
        }
        var reader = SettingsReader(file: shown)
        var settings = base
        var warnings: [String] = []
        var seen: [String: Int] = [:]
        for (keyNode, value) in mapping {
            guard let key = keyNode.scalar?.string else { continue }
            let line = keyNode.mark?.line
            if let first = seen.updateValue(line ?? 0, forKey: key) {
                throw SettingsError(file: shown, line: line, message: "'\(key)' is given twice, on lines \(first) and \(line ?? 0), "
                    + "and YAML allows a key once (the last would silently win). Remove one of them")
            }
            if let only, !only.contains(key) { continue }
            guard knownKeys.contains(key) else {
                let meant = NearestName.nearest(to: key, among: knownKeys.sorted()).map { " Did you mean '\($0)'?" } ?? ""
                warnings.append("\(shown):\(line ?? 0): unknown setting '\(key)' is ignored.\(meant) Known settings: \(knownKeys.sorted().joined(separator: ", ")).")
                continue
            }
            if SettingsReader.isNull(value) {
                warnings.append("\(shown):\(line ?? 0): '\(key)' has no value (null), so it is left as it was. Give it a value, or remove the line.")
                continue
            }
            reader.line = line
            try reader.apply(key, value, to: &settings)
            settings.lines[key] = line
        }
        return (settings, warnings + reader.warnings + wordWarnings(settings, shownAs: shown))
    }

    /// What `words:` gives that pages would not show as meant, known once `language` is read
    /// too: an empty word (an empty link, a landmark without a name), and a plural form no count
    /// takes in the site's language.
    static func wordWarnings(_ settings: SiteSettings, shownAs shown: String) -> [String] {
        var warnings: [String] = []
        let categories = PluralCategory.categories(of: settings.language)
        for phrase in Phrase.allCases {
            guard let forms = settings.words[phrase] else { continue }
            let place = "\(shown):\(settings.lines["words." + phrase.key] ?? 0)"
            if forms.texts.contains(where: { $0.trimmedWhiteSpace.isEmpty }), phrase != .thousandsSeparator {
                warnings.append("\(place): 'words.\(phrase.key)' is empty, so pages show nothing where it goes (such as an empty link, "
                    + "or a landmark without a name). Give it a text, or remove the line to use the built-in one.")
            }
            if forms.texts.contains(where: { $0.contains("{{") }) {
                warnings.append("\(place): 'words.\(phrase.key)' holds {{, but a word is no template: its values are written in single "
                    + "braces, such as {count}, and {{count}} shows the number in braces.")
            }
            let unused = forms.forms.keys.filter { !categories.contains($0) }.sorted()
            if !unused.isEmpty {
                warnings.append("\(place): 'words.\(phrase.key)' has \(unused.count == 1 ? "a form" : "forms") for "
                    + "\(unused.map { "'\($0.rawValue)'" }.joined(separator: " and ")), which no count takes in language \(settings.language) "
                    + "(its forms: \(categories.map(\.rawValue).joined(separator: ", "))), so \(unused.count == 1 ? "it is" : "they are") never shown.")
            }
        }
        return warnings
    }
}

/// Converts one YAML value into a setting, with errors that name the key and line.
struct SettingsReader {
    let file: String
    var line: Int?
    /// Keys inside a mapping (`cache:`, `images:`, `markdown:`) that no setting has.
    private(set) var warnings: [String] = []
    /// Which of `jobs` and `images.jobs`, the two names of one setting, was given, and on what line.
    private(set) var jobsGiven: (key: String, line: Int)?

    /// `jobs` or `images.jobs`: one setting under two names, so giving both is an error naming
    /// both lines, as a key given twice is (the later silently won).
    mutating func jobs(_ key: String, line: Int, _ node: Node) throws -> Int {
        if let first = jobsGiven {
            throw SettingsError(file: file, line: line, message: "'\(key)' on line \(line) and '\(first.key)' on line \(first.line) "
                + "are one setting, how many downloads run at once, and the later would silently win. Remove one of them")
        }
        jobsGiven = (key, line)
        return try integer(key, node, in: 1...512, line: line)
    }

    /// Whether `node` is YAML's null: `~`, `null` or nothing at all after the colon.
    static func isNull(_ node: Node) -> Bool {
        node.scalar != nil && Tag.Name(rawValue: node.tag.description) == .null
    }

    /// - Parameter node: the value at fault, whose line is named (a key inside `images:` or
    ///   `markdown:` is on a line of its own, below its parent's).
    func fail(_ key: String, _ expectation: String, at node: Node? = nil) -> SettingsError {
        SettingsError(file: file, line: node?.mark?.line ?? line, message: "'\(key)' must be \(expectation)")
    }

    func text(_ key: String, _ node: Node) throws -> String {
        guard let scalar = node.scalar else { throw fail(key, "a single value, not a list or mapping", at: node) }
        return scalar.string
    }

    func integer(_ key: String, _ node: Node, range: ClosedRange<Int>? = nil) throws -> Int {
        let written = try text(key, node).trimmingCharacters(in: .whitespaces)
        guard let value = Int(written) else {
            // A whole number too large for the machine is still a whole number: said as out of range.
            if written.wholeMatch(of: /[+-]?[0-9]+/) != nil {
                let bounds = range.map { "between \($0.lowerBound) and \($0.upperBound)" } ?? "at most \(Int.max)"
                throw SettingsError(file: file, line: node.mark?.line ?? line, message: "\(key) must be \(bounds), not \(written)")
            }
            throw fail(key, "a whole number, such as 50", at: node)
        }
        return value
    }

    /// A whole number in `range`; out of it, an error naming the key and its line, as written
    /// (`SiteSettings.validated` checks the same ranges again, for flags, without a line).
    func integer(_ key: String, _ node: Node, in range: ClosedRange<Int>, line: Int? = nil) throws -> Int {
        let value = try integer(key, node, range: range)
        guard range.contains(value) else {
            throw SettingsError(file: file, line: line ?? node.mark?.line ?? self.line, message: "\(key) must be between \(range.lowerBound) and \(range.upperBound), not \(value)")
        }
        return value
    }

    func seconds(_ key: String, _ node: Node) throws -> Double {
        guard let value = DurationText.seconds(try text(key, node)) else { throw fail(key, "a duration such as 30, 30s, 10m or 1d", at: node) }
        return value
    }

    func flag(_ key: String, _ node: Node) throws -> Bool {
        let value = try text(key, node)
        switch value.lowercased() {
        case "true", "yes", "on": return true
        case "false", "no", "off": return false
        default: throw fail(key, "true or false (yes/no and on/off are read as those), not \(value)", at: node)
        }
    }

    /// - Parameter example: an address of the kind the setting takes, for the error.
    func url(_ key: String, _ node: Node, example: String = "https://example.com/api/") throws -> URL {
        let value = try text(key, node)
        guard let url = SafeURL.http(value) else { throw fail(key, "an http(s) URL such as \(example), not \(value)", at: node) }
        return url
    }

    /// The entries of the mapping `key`, each with its name; a key it does not know is a warning,
    /// like one at the top level, so that `cache: {tll: 10m}` does not silently keep the default.
    /// - Parameter listingKnown: whether the warning lists every known key (not for `words`,
    ///   whose keys `site words` lists).
    mutating func entries(of key: String, _ node: Node, known: [String], example: String, listingKnown: Bool = true) throws -> [(String, Node)] {
        guard let mapping = node.mapping else { throw fail(key, "a mapping, such as '\(example)'") }
        var entries: [(String, Node)] = []
        var seen: [String: Int] = [:]
        for (subKey, value) in mapping {
            guard let name = subKey.scalar?.string else { continue }
            let subLine = subKey.mark?.line ?? line ?? 0
            if let first = seen.updateValue(subLine, forKey: name) {
                throw SettingsError(file: file, line: subLine, message: "'\(key).\(name)' is given twice, on lines \(first) and \(subLine), "
                    + "and YAML allows a key once (the last would silently win). Remove one of them")
            }
            if known.contains(name), Self.isNull(value) {
                warnings.append("\(file):\(subLine): '\(key).\(name)' has no value (null), so it is left as it was. Give it a value, or remove the line.")
            } else if known.contains(name) {
                entries.append((name, value))
            } else {
                let meant = NearestName.nearest(to: name, among: known).map { " Did you mean '\(key).\($0)'?" } ?? ""
                let list = listingKnown ? " Known settings under \(key): \(known.joined(separator: ", "))." : " `site \(key)` lists them all."
                warnings.append("\(file):\(subLine): unknown setting '\(key).\(name)' is ignored.\(meant)\(list)")
            }
        }
        return entries
    }

    /// One text of a word: a list or mapping here is a text YAML read as one, for want of quotes.
    func wordText(_ key: String, _ node: Node) throws -> String {
        guard node.scalar != nil else {
            let name = key.split(separator: ".").last.map(String.init) ?? key
            throw fail(key, "a text, not a \(node.mapping != nil ? "mapping" : "list"): one that starts with { or [ must be in quotes, "
                + "'\(name): \"{count} …\"', or YAML reads it as a mapping or list", at: node)
        }
        return try text(key, node)
    }

    /// The text of `phrase` as `words.<key>` gives it: one text, or for a counted phrase a
    /// mapping of plural categories (`one`, `few`, `other`…) to texts, `other` among them. Only
    /// the values the phrase holds may appear in braces.
    func phraseForms(_ phrase: Phrase, _ node: Node) throws -> PhraseForms {
        let key = "words.\(phrase.key)"
        let forms: PhraseForms
        if let mapping = node.mapping {
            guard phrase.isCounted else {
                throw fail(key, "one text, such as '\(phrase.key): \(Words.english(phrase))': only counted words take a form per plural category"
                    + " (a text that starts with { or [ must be in quotes, '\(phrase.key): \"{…}\"', or YAML reads it as a mapping or list)", at: node)
            }
            var byCategory: [PluralCategory: String] = [:]
            for (categoryNode, value) in mapping {
                let name = categoryNode.scalar?.string ?? ""
                guard let category = PluralCategory(rawValue: name) else {
                    throw SettingsError(file: file, line: categoryNode.mark?.line ?? line, message: "'\(key)' has a form for '\(name)', "
                        + "which is no plural category: use \(PluralCategory.allCases.map(\.rawValue).joined(separator: ", ")) (Unicode CLDR's names)")
                }
                byCategory[category] = try wordText("\(key).\(name)", value)
            }
            guard let other = byCategory[.other] else {
                throw fail(key, "a mapping of plural forms with 'other' among them, the form for any count without one of its own "
                    + "(such as '{one: \(EnglishWords.table[phrase]?.text(for: .one) ?? ""), other: \(EnglishWords.table[phrase]?.other ?? "")}')", at: node)
            }
            forms = PhraseForms(other: other, forms: byCategory)
        } else {
            forms = PhraseForms(other: try wordText(key, node))
        }
        let allowed = phrase.placeholders + (phrase.isCounted && !phrase.placeholders.contains("count") ? ["count"] : [])
        for text in forms.texts {
            let unknown = PhraseText.placeholders(in: text).filter { !allowed.contains($0) }
            guard let first = unknown.first else { continue }
            let takes = allowed.isEmpty ? "it holds no values" : "it holds " + allowed.map { "{\($0)}" }.joined(separator: ", ")
            throw SettingsError(file: file, line: node.mark?.line ?? line, message: "'\(key)' names {\(first)}, which it has no value for: "
                + "\(takes). Write the text without it")
        }
        return forms
    }

    mutating func apply(_ key: String, _ node: Node, to settings: inout SiteSettings) throws {
        switch key {
        case "title": settings.title = try text(key, node)
        case "description": settings.description = try text(key, node)
        case "language":
            // The page's `lang`: a BCP 47 tag (en, fa, pt-BR), which browsers and screen readers
            // read to pick fonts, hyphenation and a voice; `pt_BR` or `English` they ignore.
            let tag = try text(key, node).trimmingCharacters(in: .whitespaces)
            guard tag.wholeMatch(of: /[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8})*/) != nil else {
                throw fail(key, "a language tag such as en, fa or pt-BR" + (tag.contains("_") ? " (with a hyphen, not an underscore)" : ""))
            }
            settings.language = tag
        case "base_url":
            let base = try url(key, node, example: "https://user.github.io/project/")
            // Every address of the site is base_url and a path: `?q=1#f` would end up inside them.
            guard base.query == nil, base.fragment == nil else {
                throw fail(key, "the address the site is served at, without ? or # (such as https://user.github.io/project/)")
            }
            // Every page, the sitemap and the feed would publish the password.
            guard base.user == nil, base.password == nil else {
                throw fail(key, "the address the site is served at, without a user name or password (such as https://user.github.io/project/)")
            }
            // A page's address is not where the site is (links would go under `index.html/`).
            guard !SiteURL.namesPage(URLComponents(url: base, resolvingAgainstBaseURL: false)?.path ?? base.path) else {
                throw fail(key, "the folder the site is served at, not a page in it (such as https://user.github.io/project/, not …/project/index.html)")
            }
            // `//team/` would make the 404 page's links `//team/…`, addresses on the host "team".
            settings.baseURL = SiteURL.normalizingPath(of: base).absoluteString
        case "source":
            guard let mode = SourceMode(rawValue: try text(key, node).lowercased()) else { throw fail(key, "auto, live or demo") }
            settings.source = mode
        case "seed": settings.seed = try text(key, node)
        case "users": settings.users = try integer(key, node, in: 0...1_000_000)
        case "per_page": settings.perPage = try integer(key, node, in: 1...10_000)
        case "jobs": settings.jobs = try jobs(key, line: line ?? 0, node)
        case "timeout": settings.timeout = try seconds(key, node)
        case "randomuser_url": settings.randomUserURL = try url(key, node)
        case "jsonplaceholder_url": settings.jsonPlaceholderURL = try url(key, node)
        case "output": settings.output = try text(key, node)
        case "cache_dir": settings.cacheDirectory = try text(key, node)
        case "links":
            guard let style = LinkStyle(rawValue: try text(key, node).lowercased()) else {
                throw fail(key, "folders (links such as users/, for a web server) or files (users/index.html, for a site opened from disk)")
            }
            settings.links = style
        case "nationalities":
            // A list inside, or a mapping, is no list of codes: said as such, not as "a single value".
            if node.mapping != nil || node.sequence?.contains(where: { $0.scalar == nil }) == true {
                throw fail(key, "a list of two-letter nationality codes, such as [us, fr, ir]", at: node)
            }
            if let list = node.sequence {
                settings.nationalities = try list.map { try text(key, $0).lowercased() }
            } else {
                settings.nationalities = try text(key, node).split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
            }
            guard settings.nationalities.allSatisfy({ $0.count == 2 && $0.allSatisfy(\.isLetter) }) else {
                throw fail(key, "a list of two-letter nationality codes, such as [us, fr, ir]")
            }
            // Said here, on its line, rather than as an HTTP 400 "check the URL" about a URL
            // the user never wrote.
            let unknown = settings.nationalities.filter { !RandomUserAPI.nationalities.contains($0) }
            if let first = unknown.first {
                // On the first unknown one's own line, in a list written one per line.
                let item = node.sequence?.first { $0.scalar?.string.lowercased() == first }
                throw fail(key, "nationalities randomuser.me knows, not \(unknown.joined(separator: ", ")): use one or more of "
                    + RandomUserAPI.nationalities.joined(separator: ", "), at: item ?? node)
            }
            // A filter is a set: [fr, ir], [ir, fr] and [fr, fr, ir] ask for the same people, and
            // are one request to the API and its cache (the API's answer follows the order).
            settings.nationalities = Array(Set(settings.nationalities)).sorted()
        case "markdown":
            for (_, value) in try entries(of: key, node, known: ["unsafe"], example: "markdown: {unsafe: false}") {
                settings.markdownUnsafe = try flag("markdown.unsafe", value)
            }
        case "words":
            let known = Phrase.allCases.map(\.key)
            for (name, value) in try entries(of: key, node, known: known, example: "words: {home: Accueil}", listingKnown: false) {
                guard let phrase = Phrase(key: name) else { continue }
                settings.words[phrase] = try phraseForms(phrase, value)
                settings.lines["words." + name] = value.mark?.line
            }
        case "cache":
            for (_, value) in try entries(of: key, node, known: ["ttl"], example: "cache: {ttl: 10m}") {
                settings.cacheTTL = try seconds("cache.ttl", value)
            }
        case "images":
            for (sub, value) in try entries(of: key, node, known: ["sizes", "jobs", "per_host", "max_failures"], example: "images: {sizes: [large]}") {
                switch sub {
                case "jobs": settings.jobs = try jobs("images.jobs", line: value.mark?.line ?? line ?? 0, value)
                case "per_host": settings.imagesPerHost = try integer("images.per_host", value, in: 1...512, line: value.mark?.line)
                case "max_failures":
                    guard let limit = value.scalar.flatMap({ ImageFailureLimit($0.string) }) else {
                        let written = value.scalar?.string
                        throw SettingsError(file: file, line: value.mark?.line ?? line, message: "'images.max_failures' must be "
                            + (written.map(ImageFailureLimit.expectation(for:)) ?? ImageFailureLimit.expected))
                    }
                    settings.imageFailureLimit = limit
                case "sizes":
                    let names = try value.sequence.map { try $0.map { try text("images.sizes", $0) } }
                        ?? text("images.sizes", value).split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
                    settings.imageSizes = try names.map {
                        guard let size = ImageSize(rawValue: $0.lowercased()) else {
                            throw fail("images.sizes", "a list of thumbnail, medium and large, such as [thumbnail, large]", at: value)
                        }
                        return size
                    }
                    // No size at all published no picture, in silence: every page a placeholder.
                    if settings.imageSizes.isEmpty {
                        throw fail("images.sizes", "a list of at least one of thumbnail, medium and large, such as [large] (the default)", at: value)
                    }
                default: continue
                }
            }
        default: break
        }
    }
}
