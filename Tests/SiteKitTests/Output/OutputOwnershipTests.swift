import Foundation
import Testing
@testable import SiteKit

/// A build replaces its output folder whole, so it must refuse any folder that is not its own
/// before it fetches or writes anything, and `site clean` must refuse the same folders.
@Suite struct OutputOwnershipTests {
    /// A harness whose project is `<temporary>/site`, so that `..` is still the test's own folder,
    /// with a file beside the project that no build may touch.
    private func harness() throws -> (BuildHarness, project: URL) {
        var harness = try BuildHarness(users: 6)
        let project = harness.folder.url.appendingPathComponent("site")
        try write("# Home\n", to: project.appendingPathComponent("content/index.md"))
        try write("keep me", to: harness.folder.url.appendingPathComponent("beside.txt"))
        harness.options = BuildOptions(projectDirectory: project)
        return (harness, project)
    }

    private func write(_ text: String, to url: URL) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    private func exists(_ url: URL) -> Bool { FileManager.default.fileExists(atPath: url.path) }

    /// Expects a build with `harness` to fail with an error whose text holds every one of `parts`.
    private func expectRefusal(_ harness: BuildHarness, saying parts: String...,
                               sourceLocation: SourceLocation = #_sourceLocation) async {
        await #expect(sourceLocation: sourceLocation) {
            _ = try await harness.build()
        } throws: { error in
            parts.allSatisfy { "\(error)".contains($0) }
        }
    }

    @Test("a build refuses an output that holds the project or the cache, or lies in the cache, content/ or templates/",
          arguments: [(".", "it holds the project itself"), ("..", "it holds the project itself"),
                      ("content", "it is inside content/"), ("content/site", "it is inside content/"),
                      ("templates/out", "it is inside templates/"), (".cache", "it is also the cache folder"),
                      (".cache/public", "it is inside the cache folder")])
    func refusesPlacesThatAreNotItsOwn(output: String, reason: String) async throws {
        var (harness, project) = try harness()
        defer { harness.remove() }
        try write("<main>{{$content}}{{/content}}</main>", to: project.appendingPathComponent("templates/layout.mustache"))
        try write("cached", to: project.appendingPathComponent(".cache/http-v3/keep"))
        harness.settings.output = output
        await expectRefusal(harness, saying: "will not write its output to", reason, "--output")
        #expect(exists(project.appendingPathComponent("content/index.md")))
        #expect(exists(project.appendingPathComponent("templates/layout.mustache")))
        #expect(exists(project.appendingPathComponent(".cache/http-v3/keep")))
        #expect(exists(harness.folder.url.appendingPathComponent("beside.txt")))
        // Refused before anything was fetched or written: no staging folder, no cache, nothing new.
        #expect(try FileManager.default.contentsOfDirectory(atPath: project.path).sorted() == [".cache", "content", "templates"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: harness.folder.url.path).sorted() == ["beside.txt", "site"])
    }

    @Test("a build refuses a cache folder that holds the project or lies in content/ or templates/",
          arguments: [(".", "it holds the project itself"), ("content/.cache", "it is inside content/"),
                      ("templates/cache", "it is inside templates/")])
    func refusesCachePlaces(cache: String, reason: String) async throws {
        var (harness, project) = try harness()
        defer { harness.remove() }
        harness.settings.cacheDirectory = cache
        await expectRefusal(harness, saying: "site will not use", reason, "the cache's own")
        #expect(try FileManager.default.contentsOfDirectory(atPath: project.path).sorted() == ["content"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: project.appendingPathComponent("content").path) == ["index.md"])
    }

    @Test("a build refuses an output whose cache folder is inside it, and a link to the project")
    func refusesTheCacheInsideAndALinkToTheProject() async throws {
        var (harness, project) = try harness()
        defer { harness.remove() }
        harness.settings.output = "public"
        harness.settings.cacheDirectory = "public/.cache"
        await #expect(throws: BuildError.self) { _ = try await harness.build() }

        harness.settings.cacheDirectory = ".cache"
        try FileManager.default.createSymbolicLink(at: project.appendingPathComponent("link"), withDestinationURL: project)
        harness.settings.output = "link"
        await expectRefusal(harness, saying: "it holds the project itself")
        #expect(exists(project.appendingPathComponent("content/index.md")))
    }

    @Test("a build refuses a folder holding files no build wrote, names them, and leaves everything as it was")
    func refusesForeignFiles() async throws {
        var (harness, project) = try harness()
        defer { harness.remove() }
        let www = harness.folder.url.appendingPathComponent("www")
        for path in ["notes.txt", "photos/a.jpg", "index.html", ".htaccess"] {
            try write(path, to: www.appendingPathComponent(path))
        }
        harness.settings.output = www.path
        await expectRefusal(harness, saying: www.path, "\"index.html\", \"notes.txt\", \"photos\": 3 entries",
                            "did not write", "hidden .site-output file")
        let left = try FileManager.default.contentsOfDirectory(atPath: www.path).sorted()
        #expect(left == [".htaccess", "index.html", "notes.txt", "photos"])
        #expect(try Data(contentsOf: www.appendingPathComponent("notes.txt")) == Data("notes.txt".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: harness.folder.url.path).sorted() == ["beside.txt", "site", "www"])
        #expect(!exists(project.appendingPathComponent(".cache")))
    }

    @Test("an output of a version before the mark is known by its layout and replaced; a hand-made site is not")
    func takesAnUnmarkedBuildByItsLayout() async throws {
        var (harness, project) = try harness()
        defer { harness.remove() }
        harness.settings.output = "public"
        let output = project.appendingPathComponent("public")
        _ = try await harness.build()
        try FileManager.default.removeItem(at: output.appendingPathComponent(OutputOwnership.markName))
        try write("stale", to: output.appendingPathComponent("users/gone.html"))
        harness.settings.users = 7
        _ = try await harness.build()
        #expect(SiteInspector(root: output).markIsInPlace)
        #expect(!exists(output.appendingPathComponent("users/gone.html")))

        let handMade = harness.folder.url.appendingPathComponent("www")
        for path in ["index.html", "assets/site.css", "sitemap.xml", "robots.txt", "404.html"] {
            try write(path, to: handMade.appendingPathComponent(path))
        }
        harness.settings.output = handMade.path
        await #expect(throws: BuildError.self) { _ = try await harness.build() }
        #expect(try FileManager.default.contentsOfDirectory(atPath: handMade.path).count == 5)
    }

    @Test("an output that is a symbolic link is built into its target, and the link stays; a dangling one gets its target made in the folder that holds it")
    func buildsThroughALink() async throws {
        var (harness, project) = try harness()
        defer { harness.remove() }
        let webRoot = harness.folder.url.appendingPathComponent("www/site")
        try FileManager.default.createDirectory(at: webRoot, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: project.appendingPathComponent("public").path, withDestinationPath: "../www/site")
        harness.settings.output = "public"
        _ = try await harness.build()
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: project.appendingPathComponent("public").path) == "../www/site")
        #expect(exists(webRoot.appendingPathComponent("index.html")))
        #expect(SiteInspector(root: webRoot).markIsInPlace)

        try FileManager.default.createSymbolicLink(atPath: project.appendingPathComponent("later").path,
                                                   withDestinationPath: harness.folder.url.appendingPathComponent("www/later").path)
        harness.settings.output = "later"
        _ = try await harness.build()
        #expect(exists(harness.folder.url.appendingPathComponent("www/later/index.html")))
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: project.appendingPathComponent("later").path).hasSuffix("www/later"))
    }

    @Test("an output linked to a folder in a folder that does not exist either (a volume not mounted) is refused before anything is fetched, and nothing is made there, where the build made both")
    func aLinkToNowhereIsRefused() async throws {
        var (harness, project) = try harness()
        defer { harness.remove() }
        let nowhere = harness.folder.url.appendingPathComponent("unmounted/volume/site")
        try FileManager.default.createSymbolicLink(atPath: project.appendingPathComponent("public").path, withDestinationPath: nowhere.path)
        harness.settings.output = "public"
        await expectRefusal(harness, saying: "is a symbolic link to \(nowhere.path), and neither that folder nor \(nowhere.deletingLastPathComponent().path) exists",
                            "a volume not mounted", "point the link at a folder that exists")
        #expect(!exists(harness.folder.url.appendingPathComponent("unmounted")), "nothing made where the link points")
        #expect(!exists(project.appendingPathComponent(".cache")), "refused before anything was fetched")
    }

    @Test("an output named through symbolic links in a loop is refused before anything is fetched, as a loop (it failed at publishing, 'a file of that name is in the way')")
    func aLinkLoopIsRefused() async throws {
        var (harness, project) = try harness()
        defer { harness.remove() }
        let fileManager = FileManager.default
        try fileManager.createSymbolicLink(atPath: project.appendingPathComponent("loop1").path, withDestinationPath: "loop2")
        try fileManager.createSymbolicLink(atPath: project.appendingPathComponent("loop2").path, withDestinationPath: "loop1")
        harness.settings.output = "loop1"
        await expectRefusal(harness, saying: "is a symbolic link that leads back to itself through other links", "Point the link at a folder")
        #expect(!exists(project.appendingPathComponent(".cache")), "refused before anything was fetched")
    }

    @Test("a build refuses a file (or a device) named as the output, and leaves it as it was")
    func refusesAFile() async throws {
        var (harness, project) = try harness()
        defer { harness.remove() }
        try write("notes", to: project.appendingPathComponent("notes.md"))
        harness.settings.output = "notes.md"
        await expectRefusal(harness, saying: "is a file, not a folder")
        #expect(try Data(contentsOf: project.appendingPathComponent("notes.md")) == Data("notes".utf8))
        // A device is named as one, where /dev/null "is a file, not a folder".
        harness.settings.output = "/dev/null"
        await expectRefusal(harness, saying: "the output /dev/null is a device, not a folder")
        #expect(FileKind.noun(at: "/dev/null") == "a device" && FileKind.noun(at: project.appendingPathComponent("notes.md").path) == "a file")
    }

    @Test("a mount point is refused as the output before anything is fetched, with a folder inside it suggested")
    func refusesAMountPoint() throws {
        // /proc is a mount point on every Linux system; nothing is written to it.
        let proc = URL(fileURLWithPath: "/proc")
        #expect(OutputOwnership.isMountPoint(proc))
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        #expect(!OutputOwnership.isMountPoint(folder.url))
        // A bind mount of a folder of the same file system has its parent's device: the mount table tells.
        let realFolder = ProtectedPlaces.realPath(folder.url)
        let table = "36 25 0:32 / /proc rw - proc proc rw\n97 29 8:1 /src \(realFolder.replacingOccurrences(of: " ", with: "\\040")) rw - ext4 /dev/sda1 rw\n"
        #expect(OutputOwnership.isMountPoint(folder.url, mountTable: table))
        #expect(!OutputOwnership.isMountPoint(folder.url, mountTable: "36 25 0:32 / /proc rw - proc proc rw\n"))
        #expect(OutputOwnership.mountPoints(in: "1 2 0:1 / /srv/web\\040root rw - ext4 x rw\n") == ["/srv/web root"])
        let places = ProtectedPlaces(project: folder.url, cache: folder.url.appendingPathComponent(".cache"))
        do {
            try OutputOwnership(places: places).check(proc)
            Issue.record("a mount point was accepted as the output")
        } catch let error as OutputError {
            #expect(error.description.contains("is a mount point"))
            #expect(error.description.contains("--output /proc/site"))
        }
    }

    @Test("an output that is a file is refused, and the advice names another folder only when the file is not public itself (it suggested \"such as public\" for a file called public)")
    func outputThatIsAFile() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let places = ProtectedPlaces(project: folder.url, cache: folder.url.appendingPathComponent(".cache"))
        for name in ["public", "site"] {
            let file = folder.url.appendingPathComponent(name)
            try Data("notes".utf8).write(to: file)
            #expect {
                try OutputOwnership(places: places).check(file)
            } throws: { error in
                let text = "\(error)"
                return text.contains("the output \(file.path) is a file, not a folder, and a build would replace it. Move it away, or name a folder of its own with --output (or output: in site.yml)")
                    && text.contains("such as public") == (name != "public")
            }
            #expect(try String(contentsOf: file, encoding: .utf8) == "notes")
        }
    }

    @Test("a folder holding only hidden entries is taken, they are kept, and the output it becomes carries the mark")
    func takesAFolderOfHiddenFilesAndMarksIt() async throws {
        var (harness, project) = try harness()
        defer { harness.remove() }
        try write("", to: project.appendingPathComponent("public/.gitkeep"))
        harness.settings.output = "public"
        let summary = try await harness.build()
        let site = SiteInspector(root: project.appendingPathComponent("public"))
        #expect(site.markIsInPlace)
        #expect(try site.files()[".gitkeep"] == Data())
        #expect(try site.files().count == summary.pagesWritten + summary.filesUnchanged + 1)  // and .gitkeep
        // A folder a build wrote is the build's: the next one replaces it, but a file put there
        // since, which its mark does not list, is the user's and is carried over.
        try write("stray", to: project.appendingPathComponent("public/stray.txt"))
        harness.settings.users = 7
        _ = try await harness.build()
        #expect(try Data(contentsOf: project.appendingPathComponent("public/stray.txt")) == Data("stray".utf8))
        #expect(site.markIsInPlace)
    }

    @Test("the root and the home folder are refused, and so is anything holding them; a folder beside them is not")
    func refusesTheRootAndTheHomeFolder() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let home = folder.url.appendingPathComponent("home/someone")
        let project = home.appendingPathComponent("site")
        try FileManager.default.createDirectory(at: project, withIntermediateDirectories: true)
        let places = ProtectedPlaces(project: project, cache: project.appendingPathComponent(".cache"), home: home)
        for (target, reason) in [("/", "the root of the file system"), (home.path, "your home folder"),
                                 (home.deletingLastPathComponent().path, "your home folder"), (home.path + "/../someone/.", "your home folder")] {
            #expect {
                try places.refuse(URL(fileURLWithPath: target), role: .output)
            } throws: { "\($0)".contains(reason) }
        }
        try places.refuse(home.appendingPathComponent("public"), role: .output)
        try places.refuse(home.appendingPathComponent("site-public/deep/er"), role: .output)
        try places.refuse(project.appendingPathComponent(".cache"), role: .cache)
        #expect(throws: OutputError.self) { try places.refuse(home, role: .cache) }
    }

    @Test("$HOME is refused like the account's home folder when it names another folder, even one holding only dotfiles (--output ~ with HOME set elsewhere replaced it)")
    func refusesTheEnvironmentsHome() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let account = folder.url.appendingPathComponent("account")
        let home = folder.url.appendingPathComponent("elsewhere/h")
        try FileManager.default.createDirectory(at: home.appendingPathComponent(".ssh"), withIntermediateDirectories: true)
        try Data("key".utf8).write(to: home.appendingPathComponent(".ssh/id_ed25519"))
        let project = folder.url.appendingPathComponent("site")
        let places = ProtectedPlaces(project: project, cache: project.appendingPathComponent(".cache"), home: account,
                                     environmentHome: home.path)
        for target in [home, home.deletingLastPathComponent(), account] {
            #expect {
                try OutputOwnership(places: places).check(target)
            } throws: { "\($0)".contains("it holds your home folder") }
        }
        try places.refuse(home.appendingPathComponent("public"), role: .output)
        // Relative or empty values name no folder.
        for value in ["", "relative/home", "/"] {
            try ProtectedPlaces(project: project, cache: project, home: account, environmentHome: value)
                .refuse(folder.url.appendingPathComponent("public"), role: .output)
        }
    }

    @Test("a .site-output that is empty, garbage or a folder is no mark: the build and site clean refuse the folder and remove nothing (they took it for one and deleted everything beside it)",
          arguments: ["", "\u{1}\u{2}garbage", "folder"])
    func aBogusMarkProvesNothing(mark: String) async throws {
        var (harness, _) = try harness()
        defer { harness.remove() }
        let mine = harness.folder.url.appendingPathComponent("mydocs")
        try write("important", to: mine.appendingPathComponent("notes.txt"))
        try write("pdf", to: mine.appendingPathComponent("downloads/r.pdf"))
        let markFile = mine.appendingPathComponent(OutputOwnership.markName)
        if mark == "folder" {
            try FileManager.default.createDirectory(at: markFile, withIntermediateDirectories: true)
        } else {
            try write(mark, to: markFile)
        }
        harness.settings.output = mine.path
        await expectRefusal(harness, saying: "already holds files that site did not write", "Its .site-output is not one a build wrote")
        #expect(throws: OutputError.self) {
            try SiteCleaner(output: mine, cache: harness.folder.url.appendingPathComponent("site/.cache"),
                            project: harness.folder.url.appendingPathComponent("site")).clean()
        }
        #expect(try Data(contentsOf: mine.appendingPathComponent("notes.txt")) == Data("important".utf8))
        #expect(exists(mine.appendingPathComponent("downloads/r.pdf")))
    }

    @Test("a build's real mark, a version's before the listing included, still makes the folder the build's")
    func aRealMarkIsTheBuilds() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        for mark in [OutputOwnership.markBytes(listing: ["index.html"]),
                     Data("This folder is the output of `site build`, which replaces all of it on every build\n".utf8)] {
            try mark.write(to: folder.url.appendingPathComponent(OutputOwnership.markName))
            #expect(OutputOwnership.hasMark(folder.url))
        }
    }

    @Test("site clean refuses an output folder holding files no build wrote, and removes nothing")
    func cleanRefusesForeignFiles() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let output = folder.url.appendingPathComponent("public")
        let cache = folder.url.appendingPathComponent(".cache")
        try write("mine", to: output.appendingPathComponent("thesis.tex"))
        try write("x", to: cache.appendingPathComponent("http-v3/x"))
        #expect(throws: OutputError.self) {
            try SiteCleaner(output: output, cache: cache, project: folder.url).clean()
        }
        #expect(exists(output.appendingPathComponent("thesis.tex")))
        #expect(exists(cache.appendingPathComponent("http-v3/x")))
    }
}
