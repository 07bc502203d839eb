import Foundation
import Testing
@testable import SiteKit

@Suite("site fetch: which cache folder")
struct FetchCacheFolderTests {
    @Test("--cache-dir wins, from the current folder; else the cache_dir of the settings file, from that file's folder; else .cache")
    func theCacheFolderIsTheOneBuildsUse() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let here = folder.url
        #expect(try FetchCacheFolder.resolve(flag: nil, config: nil, in: here).folder.path == here.appendingPathComponent(".cache").path)
        #expect(try FetchCacheFolder.resolve(flag: "mine", config: nil, in: here).folder.path == here.appendingPathComponent("mine").path)
        try Data("cache_dir: build/http\n".utf8).write(to: here.appendingPathComponent("site.yml"))
        let fromSettings = try FetchCacheFolder.resolve(flag: nil, config: nil, in: here)
        #expect(fromSettings.folder.path == here.appendingPathComponent("build/http").path)
        #expect(fromSettings.origin == "cache_dir of site.yml")
        try FileManager.default.createDirectory(at: here.appendingPathComponent("blog"), withIntermediateDirectories: true)
        try Data("title: Blog\n".utf8).write(to: here.appendingPathComponent("blog/site.yml"))
        #expect(try FetchCacheFolder.resolve(flag: nil, config: "blog/site.yml", in: here).folder.path
            == here.appendingPathComponent("blog/.cache").path)
        #expect(try FetchCacheFolder.resolve(flag: "/tmp/x", config: "blog/site.yml", in: here).folder.path == "/tmp/x")
        #expect(try FetchCacheFolder.resolve(flag: nil, config: "blog/site.yml", in: here).origin == "the default, .cache beside blog/site.yml")
        #expect(try FetchCacheFolder.resolve(flag: "a/../b", config: nil, in: here).folder.path == here.appendingPathComponent("b").path)
    }

    @Test("settings site fetch does not use are not checked either: a build-only value out of range does not stop it; a broken cache_dir, or YAML that cannot be read, does")
    func onlyTheCacheFolderIsRead() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let here = folder.url
        try Data("cache_dir: cc\nusers: -5\nimages: {sizes: [huge]}\nbogus: 1\n".utf8).write(to: here.appendingPathComponent("site.yml"))
        #expect(try FetchCacheFolder.resolve(flag: nil, config: nil, in: here).folder.path == here.appendingPathComponent("cc").path)
        try Data("cache_dir: [a, b]\nusers: 5\n".utf8).write(to: here.appendingPathComponent("site.yml"))
        #expect(throws: SettingsError.self) { try FetchCacheFolder.resolve(flag: nil, config: nil, in: here) }
        try Data("cache_dir: cc\nusers: [\n".utf8).write(to: here.appendingPathComponent("site.yml"))
        #expect(throws: SettingsError.self) { try FetchCacheFolder.resolve(flag: nil, config: nil, in: here) }
    }

    @Test("a cache folder a build would refuse (the project itself, an empty name) is refused, from site.yml or --cache-dir, instead of filling the site's folder")
    func aFolderABuildRefusesIsRefused() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        for value in ["\"\"", "."] {
            try Data("cache_dir: \(value)\n".utf8).write(to: folder.url.appendingPathComponent("site.yml"))
            let error = #expect(throws: SettingsError.self, "\(value)") { try FetchCacheFolder.resolve(flag: nil, config: nil, in: folder.url) }
            #expect(error?.description.hasPrefix("site.yml: cache_dir: site will not use \(folder.url.standardizedFileURL.path): it holds the project itself") == true,
                    "\(String(describing: error))")
        }
        for flag in [".", ""] {
            #expect(throws: FetchToolError.self, "\(flag)") { try FetchCacheFolder.resolve(flag: flag, config: nil, in: folder.url) }
        }
        #expect(FileManager.default.subpaths(atPath: folder.url.path) == ["site.yml"])
    }

    @Test("a settings file named with --config must exist; one that cannot be read is its error, as for a build")
    func aSettingsFileThatCannotBeReadIsAnError() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let missing = #expect(throws: SettingsError.self) { try FetchCacheFolder.resolve(flag: nil, config: "nowhere.yml", in: folder.url) }
        #expect(missing?.description.hasPrefix("nowhere.yml: the settings file does not exist.") == true)
        try Data("cache_dir: [a\n".utf8).write(to: folder.url.appendingPathComponent("site.yml"))
        let broken = #expect(throws: SettingsError.self) { try FetchCacheFolder.resolve(flag: nil, config: nil, in: folder.url) }
        #expect(broken?.file == "site.yml" && broken?.line != nil)
    }
}
