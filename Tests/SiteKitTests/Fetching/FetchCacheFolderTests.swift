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
