import Foundation
import Synchronization
import Testing
@testable import SiteKit

@Suite("site init and site clean")
struct SiteScaffoldTests {
    /// The repository's own `site.yml` and `content/`.
    private static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test("init writes site.yml and content/*.md identical to this project's, and the new site builds")
    func initWritesAStarterThatBuilds() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let site = folder.url.appendingPathComponent("my-site")
        let written = try SiteScaffold(directory: site).create()
        #expect(written == ["site.yml", "content/index.md", "content/users.md", "content/posts.md", "content/about.md"])
        for path in written {
            let made = try String(contentsOf: site.appendingPathComponent(path), encoding: .utf8)
            let shipped = try String(contentsOf: Self.repository.appendingPathComponent(path), encoding: .utf8)
            #expect(made == shipped, "\(path) differs from the project's own copy")
        }
        var (settings, _) = try SettingsFile.load(site.appendingPathComponent("site.yml"), shownAs: "site.yml", required: true)
        settings.source = .demo
        settings.users = 5
        let summary = try await SiteBuild(settings: settings, options: BuildOptions(projectDirectory: site), reporter: .silent()) { cache, http, jobs in
            HTTPClient.standard(cacheDirectory: cache, options: http, maxConnectionsPerHost: jobs, reporter: .silent())
        }.run()
        #expect(summary.people == 5)
        let home = try String(contentsOf: site.appendingPathComponent("public/index.html"), encoding: .utf8)
        #expect(home.contains("<strong>generated</strong>"))
        #expect(home.contains("<li><a href=\"about/\" dir=\"auto\">About</a></li>"))
        #expect(FileManager.default.fileExists(atPath: site.appendingPathComponent("public/about/index.html").path))
    }

    @Test("init --with-templates copies the default theme, and a site built with the copies is byte-identical")
    func templatesAreTheDefaultTheme() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try SiteScaffold(directory: folder.url, withTemplates: true).create()
        let templates = folder.url.appendingPathComponent("templates")
        let names = try FileManager.default.contentsOfDirectory(atPath: templates.path).sorted()
        #expect(names == DefaultTemplates.all.keys.sorted().map { $0 + ".mustache" })
        let copied = try TemplateSet(overridesIn: templates)
        let builtIn = try TemplateSet()
        #expect(copied.overridden.count == DefaultTemplates.all.count)
        let context: [String: Any] = ["site": ["title": "T", "language": "en"], "content": "<p>x</p>", "page": ["title": "P"]]
        #expect(try copied.render("layout", context) == builtIn.render("layout", context))
    }

    @Test("a whole site built with the copies of init --with-templates is byte-identical to one built with the theme (partials ended in a new line only in the copies)")
    func copiedThemeBuildsTheSameSite() async throws {
        var plain = try BuildHarness(source: .demo, users: 30)
        defer { plain.remove() }
        plain.settings.seed = "same"
        _ = try await plain.build()
        var copied = try BuildHarness(source: .demo, users: 30)
        defer { copied.remove() }
        copied.settings.seed = "same"
        try SiteScaffold(directory: copied.folder.url, withTemplates: true).create()
        for file in ["site.yml", "content"] { try FileManager.default.removeItem(at: copied.folder.url.appendingPathComponent(file)) }
        _ = try await copied.build()
        let (one, other) = (try plain.site.files(), try copied.site.files())
        #expect(one.keys.sorted() == other.keys.sorted())
        #expect(one.keys.sorted().filter { one[$0] != other[$0] } == [])
    }

    @Test("init refuses to overwrite: one existing file means nothing is written, and the message names it")
    func initNeverOverwrites() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let existing = folder.url.appendingPathComponent("content/users.md")
        try FileManager.default.createDirectory(at: existing.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("mine".utf8).write(to: existing)
        let error = #expect(throws: ScaffoldError.self) { try SiteScaffold(directory: folder.url).create() }
        #expect(error?.message.contains("content/users.md") == true)
        #expect(try String(contentsOf: existing, encoding: .utf8) == "mine")
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("site.yml").path))
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("content/index.md").path))
    }

    @Test("a file where content/ goes, or a link to nowhere at one of init's paths, is named before anything is written")
    func initChecksEveryPathFirst() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try Data("mine".utf8).write(to: folder.url.appendingPathComponent("content"))
        #expect {
            try SiteScaffold(directory: folder.url).create()
        } throws: { "\($0)" == "\(folder.url.appendingPathComponent("content").path) is not a folder, where site init puts one; nothing was written. Move it away and run site init again." }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path) == ["content"])

        try FileManager.default.removeItem(at: folder.url.appendingPathComponent("content"))
        try FileManager.default.createDirectory(at: folder.url.appendingPathComponent("content"), withIntermediateDirectories: true)
        let dangling = folder.url.appendingPathComponent("content/about.md")
        try FileManager.default.createSymbolicLink(atPath: dangling.path, withDestinationPath: "/nonexistent/about.md")
        #expect {
            try SiteScaffold(directory: folder.url).create()
        } throws: { "\($0)".contains("already has content/about.md;") && "\($0)".contains("nothing was written") }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path) == ["content"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.appendingPathComponent("content").path) == ["about.md"])
    }

    @Test("a file init cannot write (here, a path over the system's limit) takes back every file and folder it wrote before it")
    func initTakesBackAHalfMadeSite() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        // A folder path of 4,075 bytes: site.yml and content/*.md fit under PATH_MAX (4,096),
        // templates/404.mustache and the other templates do not.
        var site = folder.url
        while site.path.utf8.count < 4_075 - 201 { site.appendPathComponent(String(repeating: "d", count: 200)) }
        site.appendPathComponent(String(repeating: "s", count: 4_075 - site.path.utf8.count - 1))
        #expect(site.path.utf8.count == 4_075)
        try FileManager.default.createDirectory(at: site.deletingLastPathComponent(), withIntermediateDirectories: true)
        let error = #expect(throws: ScaffoldError.self) { try SiteScaffold(directory: site, withTemplates: true).create() }
        #expect(error?.message.hasPrefix("could not create \(site.path)/templates") == true, "\(String(describing: error))")
        #expect(error?.message.hasSuffix("Nothing was left behind: the files and folders site init had made were removed.") == true)
        #expect(!FileManager.default.fileExists(atPath: site.path), "the site's folder, which init made, is gone too")
        #expect(FileManager.default.fileExists(atPath: site.deletingLastPathComponent().path), "folders that were there stay")
        // Where nothing could be made at all, nothing is said to have been taken back.
        let proc = #expect(throws: ScaffoldError.self) { try SiteScaffold(directory: URL(fileURLWithPath: "/proc/site-init-test"), withTemplates: false).create() }
        #expect(proc?.message.hasSuffix(" Nothing was written.") == true, "\(String(describing: proc))")
    }

    @Test("init --with-templates in an existing site adds the theme's templates only, leaving its own files; later, only those missing (one removed by mistake comes back), and with all there nothing, without an error")
    func templatesAddedToAnExistingSite() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try SiteScaffold(directory: folder.url).create()
        let settings = folder.url.appendingPathComponent("site.yml")
        try Data("title: Mine\n".utf8).write(to: settings)
        let written = try SiteScaffold(directory: folder.url, withTemplates: true).create()
        #expect(!written.isEmpty && written.allSatisfy { $0.hasPrefix("templates/") })
        #expect(written.count == DefaultTemplates.all.count)
        #expect(try Data(contentsOf: settings) == Data("title: Mine\n".utf8))
        // All there: nothing to write, and no error (a script restoring templates on every run).
        #expect(try SiteScaffold(directory: folder.url, withTemplates: true).create() == [])
        // One edited, one removed: only the removed one comes back, and the edit stays.
        let post = folder.url.appendingPathComponent("templates/post.mustache")
        let page = folder.url.appendingPathComponent("templates/page.mustache")
        try Data("mine".utf8).write(to: page)
        try FileManager.default.removeItem(at: post)
        #expect(try SiteScaffold(directory: folder.url, withTemplates: true).create() == ["templates/post.mustache"])
        #expect(try String(contentsOf: post, encoding: .utf8) == DefaultTemplates.all["post"])
        #expect(try Data(contentsOf: page) == Data("mine".utf8))
    }

    @Test("init refuses the root of the file system and a file, and writes nothing")
    func initRefusesTheRootAndAFile() throws {
        // Checked without create(), so that a regression cannot write into the root.
        #expect(SiteScaffold.refusal(for: URL(fileURLWithPath: "/tmp/.."))?.contains("will not make the root of the file system a site") == true)
        #expect(SiteScaffold.refusal(for: URL(fileURLWithPath: "/tmp/new-site")) == nil)
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let file = folder.url.appendingPathComponent("notes")
        try Data("mine".utf8).write(to: file)
        #expect {
            try SiteScaffold(directory: file).create()
        } throws: { "\($0)".contains("is a file, not a folder") }
        #expect(try Data(contentsOf: file) == Data("mine".utf8))
        #expect {
            try SiteScaffold(directory: file.appendingPathComponent("deeper/site")).create()
        } throws: { "\($0)".contains("\(file.path) is a file, so no folder can be made inside it") && !"\($0)".contains("NSCocoaErrorDomain") }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path) == ["notes"])
    }

    @Test("file errors are told in words, not as Foundation's error domains and codes")
    func fileProblemsInWords() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let file = folder.url.appendingPathComponent("notes")
        try Data("mine".utf8).write(to: file)
        let underFile = #expect(throws: (any Error).self) {
            try FileManager.default.createDirectory(at: file.appendingPathComponent("sub"), withIntermediateDirectories: true)
        }
        let missing = #expect(throws: (any Error).self) { try Data(contentsOf: folder.url.appendingPathComponent("none")) }
        let inTheWay = #expect(throws: (any Error).self) { try FileManager.default.createDirectory(at: file, withIntermediateDirectories: false) }
        for error in [underFile, missing, inTheWay].compactMap({ $0 }) {
            let text = FileProblem.describe(error)
            #expect(!text.contains("NSCocoaErrorDomain") && !text.contains("could not be completed") && !text.hasSuffix("."), "\(text)")
            #expect(text.first?.isLowercase == true, "\(text)")
        }
        #expect(missing.map(FileProblem.describe) == "no such file or directory" || missing.map(FileProblem.describe) == "no such file or folder")
    }

    @Test("clean removes the output, the cache and leftovers of killed builds, and nothing else")
    func cleanRemovesOnlyOutputAndCache() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let fileManager = FileManager.default
        for path in ["public/index.html", "public/.site-output", ".cache/http-v3/entries/x", ".public.staging-999999-abc/index.html", "content/index.md",
                     "site.yml", "public-notes.txt", "templates/layout.mustache"] {
            let url = folder.url.appendingPathComponent(path)
            try fileManager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            // The mark as a build before the listing wrote it: the rest of the output is the build's.
            try (url.lastPathComponent == OutputOwnership.markName ? OutputOwnership.markBytes : Data("x".utf8)).write(to: url)
        }
        let removed = try SiteCleaner(output: folder.url.appendingPathComponent("public"), cache: folder.url.appendingPathComponent(".cache"),
                                      project: folder.url).clean()
        #expect(removed.removed.map { URL(fileURLWithPath: $0).lastPathComponent } == ["public", ".cache", ".public.staging-999999-abc"])
        #expect(removed.kept.isEmpty)
        let left = try fileManager.contentsOfDirectory(atPath: folder.url.path).sorted()
        #expect(left == ["content", "public-notes.txt", "site.yml", "templates"])
        let again = try SiteCleaner(output: folder.url.appendingPathComponent("public"), cache: folder.url.appendingPathComponent(".cache"),
                                    project: folder.url).clean()
        #expect(again == SiteCleaner.Result() && again.lines == ["nothing to remove"])
    }

    @Test("site build in a folder without site.yml says it uses the defaults and how to make a site, where it made public/ and .cache/ in silence; not with --quiet, and not in a site; --config site.yml must be there",
          .enabled(if: FetchProcessTests.executable != nil, "the site executable is not built next to the tests; run swift build first"))
    func noSettingsFileIsNoted() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let note = "note: there is no site.yml in \(folder.url.path), so the defaults are used. Run site init"
        let bare = try await Process.runSiteCapturing(["build", "--demo", "--users", "2"], in: folder.url)
        #expect(bare.status == 0 && bare.errors.hasPrefix(note), "\(bare.errors)")
        // Named on the command line, site.yml must be there, as any other file named there must.
        let named = try await Process.runSiteCapturing(["build", "--demo", "--users", "2", "--config", "site.yml"], in: folder.url)
        #expect(named.status == 1 && named.errors.contains("site.yml: the settings file does not exist."), "\(named.errors)")
        let quiet = try await Process.runSiteCapturing(["build", "--demo", "--users", "2", "--quiet"], in: folder.url)
        #expect(quiet.status == 0 && !quiet.errors.contains("no site.yml"), "\(quiet.errors)")
        try SiteScaffold(directory: folder.url.appendingPathComponent("made")).create()
        let made = try await Process.runSiteCapturing(["build", "--demo", "--users", "2"], in: folder.url.appendingPathComponent("made"))
        #expect(made.status == 0 && !made.errors.contains("no site.yml"), "\(made.errors)")
    }

    @Test("site clean that cannot remove a cache folder tells files that appeared in it during the removal (a build using the same cache) from files it may not remove, which were there before",
          .enabled(if: getuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/bin/chattr"), "needs root and chattr"))
    func cleanTellsNewFilesFromLockedOnes() throws {
        for (age, says) in [(-3_600.0, "Check its permissions"), (0, "files appeared in it while it was being removed")] {
            let folder = try TemporaryFolder()
            defer { folder.remove() }
            let locked = folder.url.appendingPathComponent(".cache/http-v3/entries/ab")
            try FileManager.default.createDirectory(at: locked, withIntermediateDirectories: true)
            try Data("x".utf8).write(to: locked.appendingPathComponent("entry"))
            // Locked (immutable), and as old as `age`: a file there before, or one just written.
            let when = Date().addingTimeInterval(age)
            for url in [locked, locked.deletingLastPathComponent()] {
                try FileManager.default.setAttributes([.modificationDate: when], ofItemAtPath: url.path)
            }
            SystemTool.chattr("+i", locked.appendingPathComponent("entry").path)
            defer { SystemTool.chattr("-i", locked.appendingPathComponent("entry").path) }
            let error = #expect(throws: ScaffoldError.self) {
                try SiteCleaner(output: folder.url.appendingPathComponent("public"), cache: folder.url.appendingPathComponent(".cache"),
                                project: folder.url).clean()
            }
            #expect(error?.message.contains(says) == true, "\(String(describing: error))")
        }
    }

    @Test("site clean of an output named through a symbolic link (public -> a web root) empties the folder it leads to and keeps it, so the link still leads somewhere",
          .enabled(if: FetchProcessTests.executable != nil, "the site executable is not built next to the tests; run swift build first"))
    func cleanKeepsALinkedOutputFolder() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let site = folder.url.appendingPathComponent("site"), web = folder.url.appendingPathComponent("web")
        try FileManager.default.createDirectory(at: web, withIntermediateDirectories: true)
        try SiteScaffold(directory: site).create()
        try FileManager.default.createSymbolicLink(atPath: site.appendingPathComponent("public").path, withDestinationPath: "../web")
        func run(_ arguments: [String]) async throws -> (status: Int32, output: String) {
            let run = try await Process.runSiteCapturing(arguments, in: site)
            return (run.status, run.output)
        }
        #expect(try await run(["build", "--demo", "--users", "3", "--quiet"]).status == 0)
        #expect(FileManager.default.fileExists(atPath: web.appendingPathComponent("index.html").path))
        let clean = try await run(["clean"])
        #expect(clean.status == 0)
        #expect(clean.output.contains("emptied \(ProtectedPlaces.realPath(web)), which stays: a symbolic link leads to it"), "\(clean.output)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: web.path) == [])
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: site.appendingPathComponent("public").path) == "../web")
    }

    @Test("a clean stopped between two removals (Ctrl-C) leaves an output builds and the next clean still know as theirs")
    func interruptedClean() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let fileManager = FileManager.default
        let output = folder.url.appendingPathComponent("public"), cache = folder.url.appendingPathComponent(".cache")
        let written = ["index.html", "users/a.html", "users/b.html", "posts/1.html", "assets/site.css"]
        for path in written {
            let url = output.appendingPathComponent(path)
            try fileManager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data("x".utf8).write(to: url)
        }
        try OutputOwnership.markBytes(listing: Set(written)).write(to: output.appendingPathComponent(OutputOwnership.markName))
        // Every number of removals before the stop, up to all of them: the mark goes last.
        for allowed in 0...9 {
            let removals = Atomic<Int>(0)
            let cleaner = SiteCleaner(output: output, cache: cache, project: folder.url, isStopped: {
                removals.add(1, ordering: .relaxed).newValue > allowed
            })
            do {
                _ = try cleaner.clean()
                break
            } catch is SiteCleaner.Interrupted {
                guard fileManager.fileExists(atPath: output.path) else { continue }
                #expect(fileManager.fileExists(atPath: output.appendingPathComponent(OutputOwnership.markName).path),
                        "stopped after \(allowed): still the build's folder")
                try OutputOwnership(places: ProtectedPlaces(project: folder.url, cache: cache)).check(output)
            }
        }
        let last = try SiteCleaner(output: output, cache: cache, project: folder.url).clean()
        #expect(!fileManager.fileExists(atPath: output.path), "\(last) \((try? fileManager.subpathsOfDirectory(atPath: output.path)) ?? [])")
    }

    @Test("clean keeps what builds keep: a deploy's .git and a .nojekyll in the output, and whatever in the cache folder is not a build's")
    func cleanKeepsTheUsersEntries() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let fileManager = FileManager.default
        for path in ["public/index.html", "public/users/a.html", "public/.site-output", "public/.git/HEAD", "public/.nojekyll",
                     "mine/thesis.tex", "mine/http-v3/entries/x", "mine/output-v1/ab/cd", "mine/render-v12/x", "mine/http-vx/notes",
                     "mine/builds-v1/y"] {
            let url = folder.url.appendingPathComponent(path)
            try fileManager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            // The mark as a build before the listing wrote it: the rest of the output is the build's.
            try (url.lastPathComponent == OutputOwnership.markName ? OutputOwnership.markBytes : Data("x".utf8)).write(to: url)
        }
        let output = folder.url.appendingPathComponent("public"), cache = folder.url.appendingPathComponent("mine")
        let result = try SiteCleaner(output: output, cache: cache, project: folder.url).clean()
        #expect(result.removed.isEmpty)
        #expect(result.kept.map(\.entries) == [[".git", ".nojekyll"], ["http-vx", "thesis.tex"]])
        #expect(result.lines.last == "emptied \(cache.path) but for what is not the build's, which stays: http-vx, thesis.tex")
        #expect(try fileManager.contentsOfDirectory(atPath: output.path).sorted() == [".git", ".nojekyll"])
        #expect(try Data(contentsOf: output.appendingPathComponent(".git/HEAD")) == Data("x".utf8))
        #expect(try fileManager.contentsOfDirectory(atPath: cache.path).sorted() == ["http-vx", "thesis.tex"])

        // What is left is an output a build accepts and carries the .git over into.
        var harness = try BuildHarness(users: 3)
        defer { harness.remove() }
        harness.settings.output = output.path
        _ = try await harness.build()
        #expect(try Data(contentsOf: output.appendingPathComponent(".git/HEAD")) == Data("x".utf8))
    }

    @Test("a file put in the output by hand (a CNAME, a download) survives rebuilds and clean, which removes only what the build listed")
    func usersFilesInTheOutputAreKept() async throws {
        var harness = try BuildHarness(users: 3)
        defer { harness.remove() }
        _ = try await harness.build()
        let built = try harness.site.files()
        try Data("www.example.org\n".utf8).write(to: harness.output.appendingPathComponent("CNAME"))
        try FileManager.default.createDirectory(at: harness.output.appendingPathComponent("downloads"), withIntermediateDirectories: true)
        try Data("%PDF".utf8).write(to: harness.output.appendingPathComponent("downloads/report.pdf"))
        harness.settings.users = 4
        _ = try await harness.build()
        let rebuilt = try harness.site.files()
        #expect(rebuilt["CNAME"] == Data("www.example.org\n".utf8) && rebuilt["downloads/report.pdf"] == Data("%PDF".utf8))
        #expect(rebuilt.count > built.count + 2, "the fourth person's pages are there too")

        let cache = harness.folder.url.appendingPathComponent(".cache")
        let result = try SiteCleaner(output: harness.output, cache: cache, project: harness.folder.url).clean()
        #expect(result.kept.map(\.entries) == [["CNAME", "downloads/report.pdf"]])
        #expect(try harness.site.files() == ["CNAME": Data("www.example.org\n".utf8), "downloads/report.pdf": Data("%PDF".utf8)])
        #expect(try FileManager.default.contentsOfDirectory(atPath: harness.output.path).sorted() == [".site-output", "CNAME", "downloads"])
        // The folder is still the build's (its mark lists nothing): the next build takes it and keeps the files.
        _ = try await harness.build()
        #expect(try harness.site.files()["CNAME"] == Data("www.example.org\n".utf8))
        #expect(try harness.site.files()["downloads/report.pdf"] == Data("%PDF".utf8))
    }

    @Test("clean never follows a folder of the output replaced by a symbolic link: the files it leads to stay")
    func cleanDoesNotFollowLinks() async throws {
        let harness = try BuildHarness(users: 3)
        defer { harness.remove() }
        _ = try await harness.build()
        let fileManager = FileManager.default
        let elsewhere = harness.folder.url.appendingPathComponent("elsewhere")
        let users = harness.output.appendingPathComponent("users")
        try fileManager.moveItem(at: users, to: elsewhere)
        try fileManager.createSymbolicLink(at: users, withDestinationURL: elsewhere)
        let before = try fileManager.contentsOfDirectory(atPath: elsewhere.path).sorted()
        let cache = harness.folder.url.appendingPathComponent(".cache")
        _ = try SiteCleaner(output: harness.output, cache: cache, project: harness.folder.url).clean()
        #expect(try fileManager.contentsOfDirectory(atPath: elsewhere.path).sorted() == before)
        #expect(!before.isEmpty)
    }

    @Test("clean refuses while a build is at work on the output, names it, and removes nothing")
    func cleanWaitsForARunningBuild() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let output = folder.url.appendingPathComponent("public")
        let running = try StagedOutput(destination: output)
        defer { running.discard() }
        let cleaner = SiteCleaner(output: output, cache: folder.url.appendingPathComponent(".cache"), project: folder.url)
        #expect {
            try cleaner.clean()
        } throws: { error in
            let message = (error as? ScaffoldError)?.message ?? ""
            return message.contains("a build (process \(getpid())) is writing \(running.staging.path)") && message.contains("run site clean again")
        }
        #expect(FileManager.default.fileExists(atPath: running.staging.path))
    }

    @Test("clean refuses an output or cache folder that holds the project itself", arguments: [".", "..", "/"])
    func cleanRefusesTheProject(output: String) throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let project = folder.url.appendingPathComponent("site")
        try FileManager.default.createDirectory(at: project.appendingPathComponent("content"), withIntermediateDirectories: true)
        let target = output == "/" ? URL(fileURLWithPath: "/") : project.appendingPathComponent(output)
        let error = #expect(throws: OutputError.self) {
            try SiteCleaner(output: project.appendingPathComponent("public"), cache: target, project: project).clean()
        }
        #expect(error?.description.hasPrefix("site clean removed nothing, as a build would refuse these folders: site will not ") == true,
                "\(String(describing: error))")
        #expect(FileManager.default.fileExists(atPath: project.appendingPathComponent("content").path))
    }
}
