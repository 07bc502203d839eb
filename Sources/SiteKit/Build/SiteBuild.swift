import Foundation
import Synchronization

/// One run of `site build`: load content → gather data (live, or the embedded demo API) →
/// images → render → publish. Every step is named in the error that stops it, and nothing is
/// published unless all of them succeed.
public struct SiteBuild: Sendable {
    /// Makes the HTTP client for a data source: a disk cache folder (nil for none) and options.
    public typealias ClientFactory = @Sendable (_ cacheDirectory: URL?, _ options: HTTPClientOptions, _ jobs: Int) -> any HTTPFetching

    public var settings: SiteSettings
    public var options: BuildOptions
    public var reporter: Reporter
    public var makeClient: ClientFactory

    public init(settings: SiteSettings, options: BuildOptions, reporter: Reporter, makeClient: @escaping ClientFactory) {
        self.settings = settings
        self.options = options
        self.reporter = reporter
        self.makeClient = makeClient
    }

    /// Runs the build and returns its summary; throws `BuildError` (or a file error) otherwise.
    public func run() async throws -> BuildSummary {
        let started = Date()
        // The reporter may have said the warnings of earlier builds (site serve keeps one for all
        // its rebuilds): only this build's keep the next from being up to date.
        let warningsBefore = reporter.warnings.count
        // Templates first: the ids they give elements are ids the content's headings avoid.
        let words = settings.themeWords
        let sources = try await step("Reading the templates") { try TemplateSources(overridesIn: options.templatesDirectory, words: words) }
        let loader = ContentLoader(directory: options.contentDirectory,
                                   markdownOptions: Self.markdownOptions(settings),
                                   takenIDs: sources.elementIDs, words: words)
        let (content, drafts) = try await step("Reading content/") { try loader.loadAllWithDrafts(reserving: SiteRenderer.builtInFolders) }
        // A page of its own with no text at all (an editor's new file, saved empty) is published
        // as a title and a menu entry: said, as a draft is.
        let blank = content.values.filter { $0.isOwnPage && $0.bodyMarkdown.allSatisfy(\.isWhitespace) }
            .map { $0.sourceFile.deletingLastPathComponent().lastPathComponent + "/" + $0.sourceFile.lastPathComponent }.sorted()
        if let first = blank.first {
            let list = blank.count == 1 ? "\(first) has" : blank.joined(separator: ", ") + " have"
            reporter.info("note: \(list) no text below the front matter, so \(blank.count == 1 ? "its page shows" : "their pages show") "
                + "a title and nothing else; write the text, or add draft: true to keep \(blank.count == 1 ? "it" : "them") unpublished.")
        }
        if !drafts.isEmpty {
            let list = drafts.count == 1 ? "\(drafts[0]) is a draft" : drafts.joined(separator: ", ") + " are drafts"
            reporter.info("note: \(list), marked so by draft in the front matter, and not published; remove that line to publish \(drafts.count == 1 ? "it" : "them").")
        }
        warnOfContentNotes(content)
        try noteMissingContentFolder(destination: options.outputFolder(settings.output))
        noteUnusedTemplates(sources.unused)
        // Said by every build with these templates, up to date or not: a warning about the
        // settings, which does not keep the next build from being up to date.
        for warning in sources.unescapedData { reporter.settingsWarning(warning) }
        for note in sources.ignored { reporter.info("note: \(note).") }
        noteUnreadContent(loader.unreadEntries())
        noteLongMenu(ContentPage.ownPages(in: content).filter(\.inMenu).count)
        let cacheDirectory = options.resolve(settings.cacheDirectory)
        let destination = options.outputFolder(settings.output)
        try await step("Checking the output and cache folders") {
            let places = ProtectedPlaces(project: options.projectDirectory, cache: cacheDirectory)
            try places.refuse(cacheDirectory, role: .cache)
            if options.namesOutputThroughLink(settings.output) {
                try OutputOwnership.checkLink(options.resolve(settings.output), leadsTo: destination)
            }
            try OutputOwnership(places: places).check(destination)
        }
        let seed = chooseSeed(cacheDirectory: cacheDirectory, destination: destination)
        let fingerprint = BuildFingerprint.make(settings: settings, options: options, content: content, templates: sources)
        if let (summary, files) = try await upToDate(fingerprint: fingerprint, destination: destination, cacheDirectory: cacheDirectory, started: started) {
            // Only live builds are ever up to date: say what a live build says of base_url.
            if let warning = settings.placeholderBaseURLWarning { reporter.settingsWarning(warning) }
            // The content is that of the last build, but not the files put into the output by
            // hand, which its links may lead to.
            warnOfBrokenContentLinks(content, drafts: drafts, written: files, destination: destination)
            return summary
        }
        // Compiled only now: an up-to-date build renders nothing, and its templates compiled last time.
        let templates = try await step("Reading the templates") { try TemplateSet(sources) }
        let store = OutputStore(cacheDirectory: cacheDirectory)
        // The stores' subfolders are made while the data is fetched (see `SubfolderPrefill`).
        let prefill = SubfolderPrefill()
        if let store { prefill.start(store.folder) }
        let output = try await step("Preparing the output folder") { try StagedOutput(destination: destination, store: store) }
        if let created = output.createdParent {
            let parent = destination.deletingLastPathComponent().standardizedFileURL.path
            let made = created == parent ? "made \(parent)" : "made \(created) and the folders in it down to \(parent)"
            reporter.info("note: \(made) to hold the output folder; if the output folder is mistyped, remove \(created).")
        }
        let memo = store.flatMap { RenderMemo(cacheDirectory: cacheDirectory, store: $0, templates: templates, reusing: !options.force) }
        do {
            let gatherStarted = ContinuousClock.now
            // Reused pages are counted as they are written: a page rendered in advance and then
            // dropped (the image phase ended first) is rendered, or reused, a second time.
            let reused = Atomic<Int>(0)
            let emit: @Sendable (RenderedFile) throws -> Void = { file in
                try output.write(file.bytes, to: file.path, digest: file.digest)
                if file.reused { reused.add(1, ordering: .relaxed) }
            }
            // Pages that show no picture, and person pages as their pictures arrive, are rendered while
            // the pictures download.
            var (gathered, early) = try await DataGathering(settings: settings, options: options, seed: seed, reporter: reporter,
                                                            makeClient: makeClient, prefill: prefill).run(into: output) { data, source, arrivals in
                let renderer = makeRenderer(source: source, seed: seed, templates: templates, content: content, words: words, memo: memo)
                let index = SiteIndex(data, rightToLeft: renderer.frame.isRightToLeft)
                let done = try await step("Rendering the pages") { try await renderer.renderInAdvance(data, index: index, arrivals: arrivals) }
                return EarlyPages(renderer: renderer, index: index, done: done)
            }
            // A live build says so through its HTTP cache; the demo API's builds use no HTTP cache,
            // and went on without the output store in silence.
            if store == nil, gathered.source.isDemo {
                let reason = HTTPCache.unusable(cacheDirectory, error: CocoaError(.fileWriteUnknown))
                reporter.warning("the cache folder \(cacheDirectory.standardizedFileURL.path) cannot be used (\(reason)): this build "
                    + "keeps no copies of its pages there, so one whose output was removed writes every page again")
            }
            if gathered.source.isDemo, sources.layoutOmitsDemo {
                reporter.warning("templates/layout.mustache does not use demo, so the pages of this demo build do not ask search engines "
                    + "to leave them out (the theme's layout adds <meta name=\"robots\" content=\"noindex\"> with {{#demo}}…{{/demo}}); "
                    + "robots.txt still does. Copy that line from site init --with-templates into your layout before publishing demo data.")
            }
            if options.strict, let first = gathered.images.failures.first {
                throw BuildError(step: "Getting the pictures", message: "--strict is set and \(gathered.images.failures.count) image(s) failed, the first \(first.url.shown), which \(first.reason). Fix the image or build without --strict to publish placeholders.")
            }
            if let limit = settings.imageFailureLimit, let error = gathered.images.exceeding(limit) { throw error }
            let renderer = early.renderer
            let renderStarted = ContinuousClock.now
            // Pages go to the staging folder as they are rendered, on every core: thousands of
            // small files, and memory that stays flat however many people there are.
            let paths = try await step("Rendering the pages") {
                let held = early.done.files
                early.done.files = []
                _ = try ParallelMap.map(held.count) { try emit(held[$0]) }
                return try renderer.render(gathered.data, index: early.index, images: gathered.images.images, done: early.done, emit: emit)
            }
            warnOfBrokenContentLinks(content, drafts: drafts, written: output.writtenPaths, destination: destination)
            let renderAndWrite = ContinuousClock.now - renderStarted
            let render = RenderTiming(pages: paths.count(where: { $0.hasSuffix(".html") }),
                                      duration: renderer.clock.perCore, reused: reused.load(ordering: .relaxed))
            let writeStarted = ContinuousClock.now
            await prefill.finished()
            // A build cancelled (Ctrl-C) after its last step publishes nothing, like one cancelled before.
            try Task.checkCancellation()
            // The seed is recorded before the swap, and put back if it fails: a build killed just
            // after the swap leaves the record of the people it published. One killed just before
            // leaves a record that names the paths it wrote, which are not those of the output, so
            // that the seed before it is read (see `LastSeed`).
            let earlierSeed = gathered.source.isDemo ? nil : LastSeed.snapshot(cacheDirectory: cacheDirectory, destination: destination)
            if !gathered.source.isDemo {
                LastSeed.save(seed, paths: output.writtenPaths, cacheDirectory: cacheDirectory, destination: destination)
            }
            do {
                try await publish(output, to: destination)
            } catch {
                if !gathered.source.isDemo { LastSeed.restore(earlierSeed, cacheDirectory: cacheDirectory, destination: destination) }
                throw error
            }
            if let (before, now) = output.lostReadPermission {
                let octal = { (mode: mode_t) in "0" + String(mode, radix: 8) }
                reporter.warning("this build's files have mode \(octal(now)) (umask \(String(format: "%03o", FileCreationMode.umaskValue))), where the "
                    + "previous output's had \(octal(before)): a web server reading them as another user now answers 403 for every page, "
                    + "though the folders kept their permissions. If that is not meant, build again under the usual umask (umask 022).")
            }
            if let (left, reason) = output.previousSiteLeft {
                reporter.warning("the previous site, swapped out of \(destination.path), could not be removed from \(left) (\(reason)); "
                    + "it stays there, and the next build or site clean tries again. Make the folders in it writable, or remove it yourself.")
            }
            if let first = output.leftoversKept.first {
                let count = output.leftoversKept.count
                reporter.warning("\(BuildSummary.count(count, "folder", "folders")) beside \(destination.path), left by earlier builds, could "
                    + "not be removed (the first, \(first.path): \(first.reason)); \(count == 1 ? "it holds" : "each may hold") a whole site's worth of "
                    + "disk, and every build tries again. Make the folders in \(count == 1 ? "it" : "them") writable, or remove \(count == 1 ? "it" : "them") yourself.")
            }
            if !output.carried.isEmpty {
                let shown = output.carried.shortList()
                reporter.detail("kept \(BuildSummary.count(output.carried.count, "file", "files")) of your own in \(destination.path) (no build wrote them): \(shown)")
            }
            memo?.save()
            record(gathered, written: output, fingerprint: store == nil ? nil : fingerprint, pages: render.pages, destination: destination,
                   cacheDirectory: cacheDirectory, warned: reporter.warnings.count > warningsBefore)
            reporter.detail("timing: data and images \(Self.seconds(renderStarted - gatherStarted)) (pages without pictures, \(early.done.listPages.count) people list and \(early.done.personPages.count) person pages rendered meanwhile), render and write \(Self.seconds(renderAndWrite)), publish \(Self.seconds(ContinuousClock.now - writeStarted))")
            let counts = output.counts
            return BuildSummary(source: gathered.source, seed: seed, people: gathered.data.people.count,
                                posts: gathered.data.posts.count, pagesWritten: counts.written, filesUnchanged: counts.unchanged,
                                images: gathered.images.counts, imageFailures: gathered.images.failures.count, imageSeconds: gathered.images.seconds, render: render,
                                seconds: Date().timeIntervalSince(started))
        } catch let error as FetchError {
            output.discard()
            await prefill.finished()
            throw BuildError(step: "Fetching the data", message: Self.sentence(error.description))
        } catch let error as OutputError {
            // The other steps name themselves: what is left wrote pictures as they downloaded.
            output.discard()
            await prefill.finished()
            throw BuildError(step: "Getting the pictures", message: Self.sentence(error.description))
        } catch {
            output.discard()
            await prefill.finished()
            throw error
        }
    }

    private func step<T>(_ name: String, _ body: () async throws -> T) async throws -> T {
        do {
            return try await body()
        } catch let error as BuildError {
            throw error
        } catch let error as CancellationError {
            throw error
        } catch {
            throw BuildError(step: name, message: Self.sentence((error as? LocalizedError)?.errorDescription ?? "\(error)"))
        }
    }

    /// Swaps the staged site in, with an error that says what became of the output folder: as it
    /// was, unless a system without an atomic swap could not put the previous output back after
    /// moving it aside, which the next build does.
    private func publish(_ output: StagedOutput, to destination: URL) async throws {
        let existed = FileManager.default.fileExists(atPath: destination.path)
        do {
            try await step("Publishing") { try output.commit() }
        } catch var error as BuildError where existed && !FileManager.default.fileExists(atPath: destination.path) {
            error.outcome = "Nothing was published; the previous output, moved aside to "
                + "\(StagedOutput.retiredName(for: destination).path), is put back in place by the next build."
            throw error
        }
    }

    /// Says that there is no `content/` folder: the pages use their built-in texts and the site
    /// has no pages of its own. A warning when the output holds pages of their own that this
    /// build will remove (a checkout or deploy script that lost the folder), a note otherwise.
    private func noteMissingContentFolder(destination: URL) throws {
        let folder = options.contentDirectory
        let shown = folder.lastPathComponent + "/"
        // Something that is no folder (a file, a link to nowhere or round in a loop, a pipe: a
        // volume not mounted, a broken deploy link) is no missing folder: the pages would go.
        if let what = FileKind.folderProblem(folder, expected: "the folder of the site's Markdown pages") {
            throw BuildError(step: "Reading content/", message: "\(folder.path): \(what)"
                + " Nothing of the site's own text could be read from it, so the build stops rather than publish without it.")
        }
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder), isFolder.boolValue { return }
        let published = (OutputOwnership.writtenPaths(in: destination) ?? []).compactMap { path -> String? in
            let parts = path.split(separator: "/")
            guard parts.count == 2, parts[1] == "index.html", !SiteRenderer.builtInFolders.contains(String(parts[0])) else { return nil }
            return parts[0] + "/"
        }.sorted()
        if published.isEmpty {
            // Said once: site serve builds again at every change.
            guard Self.missingContentNoted.compareExchange(expected: false, desired: true, ordering: .relaxed).exchanged else { return }
            reporter.info("note: there is no \(shown) folder in \(folder.deletingLastPathComponent().path), so the home, People, Posts and 404 "
                + "pages use their built-in texts and the site has no pages of its own (site init writes a \(shown) to start from).")
        } else {
            reporter.warning("there is no \(shown) folder in \(folder.deletingLastPathComponent().path), so the pages of their own that "
                + "the last build published from it (\(published.shortList())) are removed by this one, and the home, People, Posts and 404 "
                + "pages use their built-in texts. If the folder was lost (a checkout, a deploy script), put it back before publishing this site.")
        }
    }

    /// Says which links of the content's Markdown lead to no file of the site (see `ContentLinks`),
    /// at most five a file: a warning each, as the page is published with them.
    private func warnOfBrokenContentLinks(_ content: [String: ContentPage], drafts: [String], written: Set<String>, destination: URL) {
        // A draft's page is named as its file is (`ownPageName`): the file name as a slug.
        let draftNames = Set(drafts.map { Slug.make(String(($0 as NSString).lastPathComponent.dropLast(".md".count)), fallback: "") })
        // The output's own files count, those put there by hand, which the build carries over;
        // not those the last build wrote, which this one replaces (a page it no longer makes).
        let lastBuilds = OutputOwnership.writtenPaths(in: destination) ?? []
        let broken = ContentLinks.broken(in: Array(content.values), basePath: settings.basePath, fileLinks: settings.links == .files,
                                         drafts: draftNames) { path in
            written.contains(path)
                || (!lastBuilds.contains(path) && Self.isFile(destination.appendingPathComponent(path).path))
        }
        for (file, links) in Dictionary(grouping: broken, by: \.file).sorted(by: { $0.key < $1.key }) {
            for link in links.prefix(5) {
                reporter.warning("\(file)\(link.line.map { ":\($0)" } ?? ""): the \(link.isPicture ? "picture" : "link") \(link.link) \(link.verdict): \(link.reason).")
            }
            let more = links.count - 5
            if more > 0 { reporter.warning("\(file): \(more) more \(more == 1 ? "link or picture leads" : "links and pictures lead") nowhere (the first five are above).") }
        }
    }

    /// Whether a file (not a folder: the last build's `users/` is no file a link without its slash
    /// leads to) is at `path`.
    private static func isFile(_ path: String) -> Bool {
        var isFolder: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) && !isFolder.boolValue
    }

    /// Whether this process said that there is no content folder.
    private static let missingContentNoted = Atomic<Bool>(false)

    /// Says, by file and line, what of the content's Markdown does not show as written (see
    /// `MarkdownNote`): a warning, as the page is published without it.
    private func warnOfContentNotes(_ content: [String: ContentPage]) {
        for page in content.values.filter({ !$0.isBuiltIn }).sorted(by: { $0.sourceFile.path < $1.sourceFile.path }) {
            let shown = page.sourceFile.deletingLastPathComponent().lastPathComponent + "/" + page.sourceFile.lastPathComponent
            for note in page.notes { reporter.warning("\(shown):\(note.line): \(note.message).") }
        }
        // A standard page without its file shows the theme's intro, which the settings file's
        // words may give: said of that word, as of a file.
        let intros: [String: Phrase] = ["index": .homeIntro, "users": .peopleIntro, "posts": .postsIntro, "404": .notFoundIntro]
        for page in content.values.filter(\.isBuiltIn).sorted(by: { $0.name < $1.name }) {
            guard let phrase = intros[page.name], settings.words[phrase] != nil else { continue }
            for note in page.notes { reporter.warning("words.\(phrase.key) in the settings file: \(note.message).") }
        }
    }

    /// Names the files of `templates/` the build does not use, so that nobody waits for a change
    /// that will not come.
    private func noteUnusedTemplates(_ templates: [String]) {
        guard !templates.isEmpty else { return }
        let list = templates.count == 1 ? "\(templates[0]) is" : templates.joined(separator: ", ") + " are"
        // A misspelt name of the theme's (hoem.mustache) is said to be one.
        let meant = templates.compactMap { path -> String? in
            let file = path.split(separator: "/").last.map(String.init) ?? path
            let name = file.hasSuffix(".mustache") ? String(file.dropLast(".mustache".count)) : file
            return NearestName.nearest(to: name, among: DefaultTemplates.all.keys.sorted()).map { "\(file) looks like \($0).mustache misspelt" }
        }
        let guess = meant.isEmpty ? "" : " " + meant.joined(separator: "; ") + "."
        reporter.info("note: \(list) not used: no template includes \(templates.count == 1 ? "it" : "them") as a partial, "
            + "and only a file named after a template of the theme replaces it.\(guess)")
    }

    /// Names what `content/` holds that no page is made from (`Notes.MD`, a folder), so that a
    /// file put there is never dropped without a word.
    private func noteUnreadContent(_ entries: [String]) {
        guard !entries.isEmpty else { return }
        let list = entries.count == 1 ? "\(entries[0]) is" : entries.joined(separator: ", ") + " are"
        reporter.info("note: \(list) not read: pages are the files ending in .md directly in content/ (in lowercase; "
            + "folders and other files are not published).")
    }

    /// The most pages of their own the menu links to without a note.
    static let longMenu = 50

    /// Says what a menu of hundreds of pages costs: every page carries every link, so the site,
    /// and the time to build it, grow with the square of their number (2,000 pages made 239 MB).
    private func noteLongMenu(_ count: Int) {
        guard count > Self.longMenu else { return }
        reporter.info("note: the menu links to \(count) pages of their own, on every page of the site: each page carries all "
            + "\(count) links, so the site and its build time grow with the square of their number. "
            + "'menu: false' in a page's front matter publishes it without a link in the menu.")
    }

    /// The renderer of this build once its data source is known.
    private func makeRenderer(source: DataSource, seed: String, templates: TemplateSet, content: [String: ContentPage], words: Words,
                              memo: RenderMemo?) -> SiteRenderer {
        let menu = ContentPage.ownPages(in: content).filter(\.inMenu).map { MenuLink(name: $0.name, title: $0.title) }
        var frame = PageFrame(title: settings.title, description: settings.description, language: settings.language,
                              source: source, seed: seed, menu: menu,
                              sectionTitles: SectionTitles(users: content["users"]?.title ?? words(.people), posts: content["posts"]?.title ?? words(.posts)),
                              links: settings.links, canonicalBase: source.isDemo || settings.baseURLIsPlaceholder ? nil : settings.baseURL,
                              words: words)
        frame.sourceName = PageFrame.sourceName(of: source, words: words)
        var renderer = SiteRenderer(templates: templates, frame: frame, content: content, perPage: settings.perPage, baseURL: settings.baseURL)
        renderer.memo = memo
        return renderer
    }

    /// What was rendered while the pictures downloaded, and the renderer that goes on.
    private struct EarlyPages: Sendable {
        var renderer: SiteRenderer
        var index: SiteIndex
        var done: RenderedInAdvance
    }

    /// How the settings have content's Markdown rendered: raw HTML kept with `markdown.unsafe`,
    /// links to folders made links to their `index.html` with `links: files`.
    static func markdownOptions(_ settings: SiteSettings) -> MarkdownOptions {
        var options: MarkdownOptions = [.smart]
        if settings.markdownUnsafe { options.insert(.unsafe) }
        if settings.links == .files { options.insert(.folderLinksToIndex) }
        return options
    }

    static func seconds(_ duration: Duration) -> String {
        String(format: "%.3f s", Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18)
    }

    static func sentence(_ text: String) -> String {
        text.hasSuffix(".") ? text : text + "."
    }

    /// The seed of the settings; else, offline, the last live build's into `destination`, the
    /// only people the cache can hold (said, so that it is no surprise); else a new random one.
    private func chooseSeed(cacheDirectory: URL, destination: URL) -> String {
        if let seed = settings.seed { return seed }
        guard options.offline else { return Self.randomSeed() }
        switch LastSeed.read(cacheDirectory: cacheDirectory, destination: destination) {
        case .seed(let last):
            reporter.info("--offline without a seed: using \(last), the seed of the last live build into \(destination.path), whose people the cache holds (--seed picks others)")
            return last
        case .unreadable(let file):
            let seed = Self.randomSeed()
            reporter.warning("--offline without a seed, and the record of the last live build's seed, \(file), cannot be read (it is damaged or "
                + "not readable): this build picks \(seed), whose people the cache is unlikely to hold. Build with --seed and the seed the "
                + "last build printed, or online once, which writes the record anew.")
            return seed
        case .none:
            return Self.randomSeed()
        }
    }

    /// Eight hex digits, printed in the summary so the build can be repeated with `--seed`.
    static func randomSeed() -> String {
        String(UInt32.random(in: .min ... .max), radix: 16).leftPadded(to: 8)
    }
}

private extension String {
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
