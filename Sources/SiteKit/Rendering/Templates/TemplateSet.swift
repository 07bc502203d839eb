import Crypto
import Foundation
import Mustache

/// The sources of a build's templates: the default theme, with any `templates/<name>.mustache`
/// on top, and their fingerprint. Reading them is enough for the up-to-date check; compiling
/// them (`TemplateSet`) is left to builds that render.
public struct TemplateSources: Sendable {
    /// Every template's source, by name.
    let sources: [String: String]
    /// Names of the templates a `templates/` folder replaced.
    public let overridden: [String]
    /// The folder the overrides came from, for error messages.
    let directory: URL?
    /// Whether a `templates/` layout leaves `demo` out: the theme's layout marks every page of a
    /// demo build `noindex` with it (`{{#demo}}<meta name="robots" …>{{/demo}}`).
    public var layoutOmitsDemo: Bool {
        guard overridden.contains("layout"), let layout = sources["layout"] else { return false }
        return !TemplateTags(layout).tags.contains { $0.name == "demo" || $0.name.hasPrefix("demo.") }
    }
    /// Warnings for `templates/` files that print values from the APIs unescaped (`{{{post.title}}}`):
    /// see `UnescapedValues`. The theme's own never do.
    public var unescapedData: [String] {
        let folder = directory?.lastPathComponent ?? "templates"
        return overridden.sorted().compactMap { name in
            UnescapedValues.find(in: sources[name] ?? "").map { UnescapedValues.warning("\(folder)/\(name).mustache", $0) }
        }
    }
    /// Files of `templates/` that neither replace a template of the theme nor are included as a
    /// partial by any template, as people know them ("templates/old.mustache"): a build names them.
    public let unused: [String]
    /// Files of `templates/` that are not read at all, not ending in `.mustache`
    /// ("templates/page.html"), and templates replaced by an empty file, whose pages would be
    /// empty: each with why, for a build to name.
    public let ignored: [String]
    /// SHA-256 of every template's name and source: what the render memo and the up-to-date
    /// check key on.
    let fingerprint: Data

    /// The ids templates write out as they are (`id="extra"`, `ID=extra`, not `id="{{id}}-heading"`
    /// nor a `data-id`), which
    /// the ids of Markdown headings avoid: two elements of a page with one id are invalid HTML,
    /// and a link to `#extra` would lead to the first. The theme's own are `HeadingAnchors.reserved`.
    public var elementIDs: Set<String> {
        guard !overridden.isEmpty else { return HeadingAnchors.reserved }
        var ids = HeadingAnchors.reserved
        for source in sources.values {
            // The attribute's name in any case (`ID=`), its value quoted either way or not at all.
            for match in source.matches(of: /\s[iI][dD]\s*=\s*(?:"([^"{}<>]+)"|'([^'{}<>]+)'|([^\s"'=<>`{}\/]+))/) {
                if let id = match.output.1 ?? match.output.2 ?? match.output.3 { ids.insert(String(id).trimmingCharacters(in: .whitespaces)) }
            }
        }
        return ids
    }

    /// Endings of files written in a template language, which `.mustache` would make templates.
    static let templateLikeExtensions: Set<String> = ["html", "htm", "mst", "hbs", "handlebars", "tpl", "tmpl", "template"]


    /// Reads the default theme plus the overrides found in `directory`, if it exists, with
    /// `{{words.key}}` replaced by `words` (`WordTags`).
    public init(overridesIn directory: URL? = nil, words: Words = .english) throws {
        var sources = DefaultTemplates.all
        var overridden: [String] = []
        var ignored: [String] = []
        // A file where the templates' folder belongs (a theme unpacked wrong, a link to nowhere)
        // is said, as content/ is: the default theme would have been used without a word.
        if let directory, let problem = FileKind.folderProblem(directory, expected: "a folder of .mustache templates") {
            var error = TemplateError(file: directory.path, message: "cannot be used as the theme's folder: " + String(problem.dropLast()))
            error.fix = "Without a \(directory.lastPathComponent)/ folder at all, the default theme is used."
            throw error
        }
        if let directory, let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path) {
            let folder = directory.lastPathComponent
            for file in names.sorted() where !file.hasPrefix(".") {
                guard file.hasSuffix(".mustache") else {
                    // An editor's backup or lock file is no template anyone meant, and a README
                    // is no template at all: only a file in a template language is told how to be one.
                    guard !EditorFiles.isLeftover(file) else { continue }
                    let stem = (file as NSString).deletingPathExtension
                    let ending = (file as NSString).pathExtension.lowercased()
                    // Page.Mustache, page.mustach: the ending misspelt, the name meant as it is.
                    let misspelt = NearestName.distance(Array(ending), Array("mustache")) <= 2
                    let meant = DefaultTemplates.all[stem.lowercased()] != nil ? stem.lowercased() : stem
                    let rename = misspelt ? " (rename it \(folder)/\(meant).mustache)"
                        : Self.templateLikeExtensions.contains(ending) ? " (such as \(folder)/\(stem).mustache)" : ""
                    ignored.append("\(folder)/\(file) is not read: templates are the files ending in .mustache" + rename)
                    continue
                }
                let url = directory.appendingPathComponent(file)
                if let problem = FileKind.problem(url, expected: "a template", folder: "templates are the .mustache files directly in \(folder)/.") {
                    var error = TemplateError(file: url.path, message: "cannot be used: " + String(problem.dropLast()))
                    // A folder is not "the file" to fix or remove.
                    if problem.hasPrefix("it is a folder") { error.fix = "Rename the folder (without .mustache), or move it out of \(folder)/." }
                    throw error
                }
                if let target = FileKind.leadsOutside(url, of: directory) {
                    var error = TemplateError(file: url.path, message: "cannot be used: it is a symbolic link to \(target), outside the "
                        + "project's folder, so a page could publish a file from elsewhere on this machine")
                    error.fix = "Copy the template into \(folder)/, or remove the link."
                    throw error
                }
                let data: Data
                do {
                    data = try Data(contentsOf: url)
                } catch {
                    throw TemplateError(file: url.path, message: "could not be read (\(FileProblem.describe(error)))")
                }
                guard let text = String(data: data, encoding: .utf8) else {
                    throw TemplateError(file: url.path, message: "is not valid UTF-8 text (line \(ContentText.invalidLine(in: data))). Save it as UTF-8 in your editor")
                }
                let name = String(file.dropLast(".mustache".count))
                if text.allSatisfy(\.isWhitespace), DefaultTemplates.all[name] != nil {
                    ignored.append("\(folder)/\(file) is empty, so every page it makes is empty too")
                }
                sources[name] = text
                overridden.append(name)
            }
        }
        for (name, source) in sources.sorted(by: { $0.key < $1.key }) {
            do {
                sources[name] = try WordTags.replace(in: source, words: words)
            } catch {
                var problem = TemplateError(file: Self.file(of: name, overridden: overridden, in: directory), message: error.message)
                problem.fix = "`site words` lists the words a template can name."
                throw problem
            }
        }
        // A partial named by the data (`{{>*name}}`) may be any of them: none is known to be unused.
        // (The theme names its partials: a build without overrides reads no tags, see below.)
        let dynamic = !overridden.isEmpty && TemplatePartials.dynamicPartial(in: sources) != nil
        // `check` reads every template's tags: a quarter of a no-op rebuild's CPU time (28-31 ms
        // with it, 21-22 without, at 500 people). The theme's own templates pass it (`ThemeTests`),
        // so only a build with overrides runs it.
        let included = overridden.isEmpty ? [] : try Self.check(sources, overridden: overridden, in: directory)
        unused = overridden.filter { !dynamic && DefaultTemplates.all[$0] == nil && !included.contains($0) }
            .map { "\(directory?.lastPathComponent ?? "templates")/\($0).mustache" }
        var hasher = SHA256()
        for (name, source) in sources.sorted(by: { $0.key < $1.key }) {
            for part in [name, source] {
                hasher.update(data: Data("\(part.utf8.count):".utf8))
                hasher.update(data: Data(part.utf8))
            }
        }
        self.sources = sources
        self.overridden = overridden
        self.ignored = ignored
        self.directory = directory
        fingerprint = Data(hasher.finalize())
    }

    /// Throws for what would stall the build or spoil pages without a word: a template too large
    /// for mustache's parser, sections nested too deep for mustache, a partial or parent template
    /// that does not exist, templates that include one another in a loop. Returns the names the
    /// templates include.
    static func check(_ sources: [String: String], overridden: [String], in directory: URL?) throws -> Set<String> {
        for (name, source) in sources.sorted(by: { $0.key < $1.key }) {
            guard let problem = TemplateSections.tooDeep(in: source) else { continue }
            throw TemplateError(file: Self.file(of: name, overridden: overridden, in: directory), message: "nests its sections too deep (line \(problem.line): \(problem.message))")
        }
        for name in overridden.sorted() {
            guard let source = sources[name], let problem = TemplateParseCost.problem(in: source) else { continue }
            var error = TemplateError(file: Self.file(of: name, overridden: overridden, in: directory), message: problem)
            error.fix = TemplateParseCost.fix
            throw error
        }
        // A partial that does not exist renders as nothing: a misspelt name would drop part of
        // every page without a word.
        var included = Set<String>()
        for (name, source) in sources.sorted(by: { $0.key < $1.key }) {
            for (partial, line, tag, _) in TemplatePartials.included(in: source, tags: [">", "<"]) {
                included.insert(partial)
                guard sources[partial] == nil, let directory, overridden.contains(name) else { continue }
                // A parent that does not exist ({{<layuot}}) renders nothing at all: every page empty.
                let what = tag == "<" ? "extends the template" : "includes the partial"
                // `{{> parts/card}}`: only the folder's own files are templates.
                let folders = partial.contains("/")
                    ? "; subfolders of \(directory.lastPathComponent)/ are not read, so move the file up into it and name it \"\(partial.split(separator: "/").last ?? "")\""
                    : ""
                throw TemplateError(file: directory.appendingPathComponent(name + ".mustache").path, message: """
                    \(what) "\(partial)" on line \(line), which is neither a template of the theme nor a \
                    file in \(directory.lastPathComponent)/ (the theme's are \(DefaultTemplates.all.keys.sorted().joined(separator: ", ")))\(folders)
                    """)
            }
        }
        if let cycle = TemplatePartials.cycle(in: sources, throughSections: false) {
            throw TemplateError(file: culprit(of: cycle, overridden: overridden, in: directory), message: "includes itself: \(chain(cycle)), "
                + "outside any section, so mustache would follow it for ever. Remove the include that leads back, move the part "
                + "they share into a partial of its own, or put the include inside a section that ends when the data does "
                + "({{#children}}{{> node}}{{/children}})")
        }
        // A block the parent never shows ({{$contnet}}, or a layout without {{$content}}): the
        // pages lose what it holds, and the build said nothing.
        if let unshown = TemplatePartials.unshownBlock(in: sources), let directory {
            let blocks = unshown.shown.isEmpty ? "it shows no block at all"
                : "it shows " + unshown.shown.sorted().map { "{{$\($0)}}" }.joined(separator: ", ")
            // The parent is to blame where the theme's own shows the block (a layout of one's own
            // that lost {{$content}}), or where the one filling it is the theme's.
            let parentLostIt = TemplatePartials.blocks(shownBy: unshown.parent, in: DefaultTemplates.all).contains(unshown.block)
            if overridden.contains(unshown.name), !(parentLostIt && overridden.contains(unshown.parent)) {
                var error = TemplateError(file: directory.appendingPathComponent(unshown.name + ".mustache").path, message: """
                    fills the block "\(unshown.block)" on line \(unshown.line), which the template "\(unshown.parent)" it extends \
                    never shows (\(blocks)), so what the block holds is left out of every page
                    """)
                error.fix = "Name a block the template shows, or remove the block."
                throw error
            }
            var error = TemplateError(file: directory.appendingPathComponent(unshown.parent + ".mustache").path, message: """
                never shows the block "\(unshown.block)" (\(blocks)), so the pages of the templates that fill it, such as \
                \(overridden.contains(unshown.name) ? "" : "the theme's ")\(unshown.name), would be left without what it holds
                """)
            error.fix = "Put {{$\(unshown.block)}}{{/\(unshown.block)}} where it belongs, as the theme's \(unshown.parent) does (site init --with-templates writes it)."
            throw error
        }
        return included
    }

    /// The template a loop is named by: the first one a file replaced (the theme's own never loop).
    static func culprit(of cycle: [(name: String, line: Int)], overridden: [String], in directory: URL?) -> String {
        file(of: cycle.first { overridden.contains($0.name) }?.name ?? cycle[0].name, overridden: overridden, in: directory)
    }

    /// "node → node (line 1 of node)".
    static func chain(_ cycle: [(name: String, line: Int)]) -> String {
        cycle.enumerated().map { index, step in
            index == 0 ? step.name : "\(step.name) (line \(step.line) of \(cycle[index - 1].name))"
        }.joined(separator: " → ")
    }

    /// How errors name the template `name`: its file when `directory` replaced it, else the theme's.
    static func file(of name: String, overridden: [String], in directory: URL?) -> String {
        guard let directory, overridden.contains(name) else { return "built-in template \(name)" }
        return directory.appendingPathComponent(name + ".mustache").path
    }
}

/// The compiled templates of a build.
///
/// Pages render through `CompiledTemplate` when every template of the set compiles (the theme's
/// do, and overrides that use no transforms), else through mustache's
/// interpreter; a page whose context holds a value the compiled rendering does not handle falls
/// back to the interpreter too. Both give the same bytes (`CompiledTemplateTests`).
public struct TemplateSet: Sendable {
    private let library: MustacheLibrary
    /// Every template compiled, by name; nil when one of them did not compile.
    private let compiled: [String: CompiledTemplate]?
    /// Names of the templates a `templates/` folder replaced.
    public let overridden: [String]
    /// The folder the overrides came from, for error messages.
    private let directory: URL?
    /// SHA-256 of every template's name and source: what the render memo keys on.
    let fingerprint: Data

    /// Compiles the default theme plus the overrides found in `directory`, if it exists.
    public init(overridesIn directory: URL? = nil, words: Words = .english) throws {
        try self.init(TemplateSources(overridesIn: directory, words: words))
    }

    /// How pages are rendered: from the compiled templates where they can be, else by mustache's
    /// interpreter (what builds do); and, for tests that compare the two, by either alone.
    enum Engine: Sendable {
        case compiledWhereSupported
        case interpreter
        /// A page the compiled templates cannot render is an error.
        case compiledOnly
    }

    private let engine: Engine
    /// Whether templates include themselves inside a section (a tree), which pages then render
    /// compiled only (see `init`).
    private let isRecursive: Bool

    /// Compiles `sources`; an invalid template is an error naming its file, line and column.
    public init(_ sources: TemplateSources) throws {
        try self.init(sources, engine: .compiledWhereSupported)
    }

    init(_ sources: TemplateSources, engine: Engine) throws {
        SiteHTMLContentType.registerOnce
        var library = MustacheLibrary()
        for (name, source) in sources.sources.sorted(by: { $0.key < $1.key }) {
            do {
                try library.register(SiteHTMLContentType.pragma + source, named: name)
            } catch {
                let file = TemplateSources.file(of: name, overridden: sources.overridden, in: sources.directory)
                // Our reading names the tags and the lines they are on; mustache's only where it gave up.
                let reason = TemplateSections.problem(in: source).map { "line \($0.line): \($0.message)" } ?? Self.describe(error)
                throw TemplateError(file: file, message: "is not valid mustache (\(reason))")
            }
        }
        self.library = library
        var compiled: [String: CompiledTemplate]? = engine == .interpreter ? nil : [:]
        for name in sources.sources.keys where compiled != nil {
            guard let template = library.getTemplate(named: name), let form = CompiledTemplate(template, topLevel: true) else {
                compiled = nil
                break
            }
            compiled?[name] = form
        }
        // Templates that include themselves inside a section (a tree) render only compiled, whose
        // depth limit stops data that nests without end; the interpreter would crash on it.
        let recursion = sources.overridden.isEmpty ? nil : TemplatePartials.cycle(in: sources.sources)
        if let recursion, compiled == nil, engine != .interpreter {
            throw TemplateError(file: TemplateSources.culprit(of: recursion, overridden: sources.overridden, in: sources.directory),
                                message: """
                includes itself inside a section: \(TemplateSources.chain(recursion)). That renders a tree, as deep as the \
                data nests, only where the templates compile, and these use a transform (such as uppercased(…)), which \
                only mustache's interpreter renders, with no limit on depth: data that nests without end would crash the \
                build. Remove the transforms, or the include that leads back
                """)
        }
        // Without the compiled form, nothing bounds how deep mustache's interpreter goes: a chain
        // of partials each nesting sections (a hundred of ninety) crashed the build, and so did a
        // block that includes its own parent and a partial named by the data.
        if compiled == nil, !sources.overridden.isEmpty {
            let transforms = "These templates use a transform (such as uppercased(…)), which only mustache's interpreter renders, and it has no limit on depth"
            if engine != .interpreter, let loop = TemplatePartials.blockLoop(in: sources.sources) {
                throw TemplateError(file: TemplateSources.file(of: loop.name, overridden: sources.overridden, in: sources.directory), message: """
                    extends \(loop.parent) on line \(loop.line) inside its own override of the block \(loop.block), which \(loop.parent) \
                    expands: the override renders \(loop.parent) again, which renders the override again, without end. \(transforms): \
                    the build would crash. Give that \(loop.parent) its own {{$\(loop.block)}}, or move it out of the block
                    """)
            }
            if engine != .interpreter, let dynamic = TemplatePartials.dynamicPartial(in: sources.sources) {
                throw TemplateError(file: TemplateSources.file(of: dynamic.name, overridden: sources.overridden, in: sources.directory), message: """
                    includes a partial named by the data ({{>\(dynamic.tag)}}, line \(dynamic.line)), which can be any template, this one \
                    too. \(transforms): a page whose data names a template that includes itself would crash the build. Include \
                    the partials by name, or remove the transforms
                    """)
            }
            let deepest = TemplatePartials.deepestNesting(in: sources.sources)
            if deepest.depth > CompiledRendering.depthLimit {
                let chain = deepest.chain.count > 8
                    ? (deepest.chain.prefix(4) + ["…"] + deepest.chain.suffix(3)).joined(separator: " → ")
                    : deepest.chain.joined(separator: " → ")
                throw TemplateError(file: TemplateSources.file(of: deepest.chain.first ?? "", overridden: sources.overridden, in: sources.directory),
                                    message: """
                    nests sections, blocks and partials \(deepest.depth) deep (\(chain)), more than \(CompiledRendering.depthLimit). \
                    \(transforms): the build would crash. Nest less, or remove the transforms
                    """)
            }
        }
        self.compiled = compiled
        isRecursive = recursion != nil
        self.engine = recursion == nil || engine == .interpreter ? engine : .compiledOnly
        overridden = sources.overridden
        directory = sources.directory
        fingerprint = sources.fingerprint
    }

    /// "line 3, column 7: a section is closed with another name than it was opened with …",
    /// counting lines of the file as written (the content type pragma in front of it is not counted).
    static func describe(_ error: any Error) -> String {
        guard let parse = error as? MustacheTemplate.ParserError else { return "\(error)" }
        let problem = "\(parse.error)"
        return "line \(parse.context.lineNumber - 1), column \(parse.context.columnNumber): \(parserProblems[problem] ?? problem)"
    }

    /// swift-mustache's parser errors, by the name of their case, in words.
    static let parserProblems: [String: String] = [
        "overflow": "the file ends inside a tag: a {{ is never closed",
        "unfinishedName": "a tag is not finished: check its name and its closing }}",
        "sectionCloseNameIncorrect": "a section is closed with another name than the one it was opened with ({{#a}} … {{/b}})",
        "expectedSectionEnd": "a section is never closed: add its {{/name}}",
        "invalidSetDelimiter": "a delimiter change such as {{=<% %>=}} is badly written",
        "transformAppliedToInheritanceSection": "a transform such as uppercased(…) cannot apply to a template that is extended",
        "illegalTokenInsideInheritSection": "only {{$block}} sections may stand between {{<parent}} and {{/parent}}",
        "textInsideInheritSection": "text stands between {{<parent}} and {{/parent}} outside any {{$block}} section",
        "invalidConfigVariableSyntax": "a {{% … }} pragma is badly written",
        "unrecognisedConfigVariable": "a {{% … }} pragma names a setting mustache does not know",
    ]

    /// Whether every template compiled, so that pages render without mustache's interpreter.
    var isCompiled: Bool { compiled != nil }

    /// Renders the template `name` with `context`.
    public func render(_ name: String, _ context: [String: Any]) throws -> String {
        if let bytes = try compiledRender(name, context) { return String(decoding: bytes, as: UTF8.self) }
        return try interpreted(name, context)
    }

    /// Renders the template `name` with `context`, as the bytes of a file.
    func renderData(_ name: String, _ context: [String: Any]) throws -> Data {
        if let bytes = try compiledRender(name, context) { return Data(bytes) }
        return Data(try interpreted(name, context).utf8)
    }

    /// The page rendered from the compiled templates; nil when they are not, or when the context
    /// holds a value only mustache's interpreter renders. Templates that nest without end are
    /// an error here, where the interpreter would crash the process.
    func compiledRender(_ name: String, _ context: [String: Any]) throws -> [UInt8]? {
        guard let compiled, let template = compiled[name] else { return nil }
        var rendering = CompiledRendering(templates: compiled, context: context)
        do {
            try rendering.render(template, named: "template \(name)")
        } catch is CompiledRendering.Unsupported {
            return nil
        } catch let tooDeep as CompiledRendering.TooDeep {
            throw TemplateError(file: TemplateSources.file(of: name, overridden: overridden, in: directory), message: """
                nests partials, blocks and sections more than \(CompiledRendering.depthLimit) deep (the last: \(tooDeep.at)): \
                a block filled with a partial that expands the same block, or partials that include one another for as \
                long as the data lets them. mustache would follow them until the process crashed. A tree ends only where \
                its leaves have the key that ends it, such as children: [] (without it, mustache finds the parent's again)
                """)
        }
        return rendering.output
    }

    /// The page rendered by mustache's interpreter.
    func interpreted(_ name: String, _ context: [String: Any]) throws -> String {
        guard engine != .compiledOnly else {
            throw TemplateError(file: TemplateSources.file(of: name, overridden: overridden, in: directory), message: isRecursive ? """
                cannot be rendered: its templates include themselves inside a section, which only their compiled form \
                renders safely, and this page's data holds a value the compiled form does not read
                """ : "cannot be rendered from its compiled form with this context")
        }
        guard let html = library.render(MustacheNode(context), withTemplate: name) else {
            throw TemplateError(file: name, message: "is missing from the theme")
        }
        return html
    }
}

/// The escaping of `{{value}}`: the same five characters as mustache's own HTML escaping (`&`,
/// `<`, `>`, `"`, `'`), done on bytes instead of through a dictionary lookup per Character, which
/// was a tenth of a build's time. It also escapes a `<` that a combining mark follows, which the
/// Character-based escaper leaves raw because `<` plus the mark is one Character.
struct SiteHTMLContentType: MustacheContentType {
    static let name = "SITE_HTML"
    /// Put in front of every template, on a line of its own (a standalone tag renders nothing).
    static let pragma = "{{% CONTENT_TYPE: \(name) }}\n"
    /// Adds the content type to mustache's registry, once per process.
    static let registerOnce: Void = MustacheContentTypes.register(SiteHTMLContentType(), named: name)

    func escapeText(_ text: String) -> String { HTML.escapeAttribute(text) }
}

/// A template that cannot be read or compiled.
public struct TemplateError: Error, LocalizedError, CustomStringConvertible, Sendable {
    public var file: String
    public var message: String
    /// What to do, after the message.
    public var fix = "Fix or remove the file to use the default theme."
    /// A template file as content files are named in errors, by its folder and name
    /// (`templates/page.mustache`); anything else (the theme's folder) by its whole path.
    var shownFile: String {
        guard file.hasSuffix(".mustache"), file.hasPrefix("/") else { return file }
        let url = URL(fileURLWithPath: file)
        return url.deletingLastPathComponent().lastPathComponent + "/" + url.lastPathComponent
    }
    public var description: String { "template \(shownFile) \(message). \(fix)" }
    public var errorDescription: String? { description }
}
