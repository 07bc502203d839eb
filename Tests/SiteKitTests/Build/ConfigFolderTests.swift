import Foundation
import Testing
@testable import SiteKit

/// `site build --config DIR/site.yml`, as a process: the settings file's folder is the site's.
@Suite struct ConfigFolderTests {
    @Test("--config in another folder reads that folder's content and writes the output and cache site.yml names there; --output from the command line is from the current folder",
          .enabled(if: FetchProcessTests.executable != nil, "the site executable is not built next to the tests; run swift build first"))
    func configFolderIsTheSite() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let blog = folder.url.appendingPathComponent("blog")
        try FileManager.default.createDirectory(at: blog.appendingPathComponent("content"), withIntermediateDirectories: true)
        try Data("output: web\ncache_dir: cached\nusers: 3\nseed: folder\n".utf8).write(to: blog.appendingPathComponent("site.yml"))
        try Data("---\ntitle: About the blog\n---\nWritten beside the settings.\n".utf8)
            .write(to: blog.appendingPathComponent("content/about.md"))

        #expect(try await Self.build(["--config", "blog/site.yml"], in: folder.url) == 0)
        let about = try String(contentsOf: blog.appendingPathComponent("web/about/index.html"), encoding: .utf8)
        #expect(about.contains("Written beside the settings."))
        #expect(FileManager.default.fileExists(atPath: blog.appendingPathComponent("cached").path))
        let top = try FileManager.default.contentsOfDirectory(atPath: folder.url.path)
        #expect(top == ["blog"], "nothing written in the current folder")

        #expect(try await Self.build(["--config", "blog/site.yml", "--output", "elsewhere"], in: folder.url) == 0)
        #expect(FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("elsewhere/about/index.html").path))
    }

    @Test("a setting that cannot be used is an error naming the file and line, and says that nothing was built and the output is as it was, as a build's errors do",
          .enabled(if: FetchProcessTests.executable != nil, "the site executable is not built next to the tests; run swift build first"))
    func settingsErrorSaysWhatBecameOfTheOutput() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try Data("title: Mine\nusers: -1\n".utf8).write(to: folder.url.appendingPathComponent("site.yml"))
        let run = try await Process.runSiteCapturing(["build", "--demo", "--quiet"], in: folder.url)
        #expect(run.status == 1)
        #expect(run.errors == "error: site.yml:2: users must be between 0 and 1000000, not -1. Nothing was "
            + "built, and the output folder is as it was.\n", "\(run.errors)")
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("public").path))
    }

    /// Runs `site build --demo --quiet` with `arguments` in `folder`; returns its exit status.
    private static func build(_ arguments: [String], in folder: URL) async throws -> Int32 {
        try await Process.runSite(["build", "--demo", "--quiet"] + arguments, in: folder)
    }
}
