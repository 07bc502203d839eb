import Foundation
import Testing
@testable import SiteKit

/// What the cache writes is the owner's alone, and never holds a password from a URL.
@Suite struct CachePrivacyTests {
    @Test("an entry for a URL with user and password stores the URL without them, in a file only its owner can read")
    func credentialsAreNotStoredAndFilesArePrivate() async throws {
        let harness = try CacheHarness()
        defer { harness.remove() }
        try await TestOrigin.run({ _ in .text("members", headers: ["Cache-Control": "public, max-age=600"]) }) { origin in
            let url = try #require(URL(string: "http://user:s3cret-pw@127.0.0.1:\(origin.port)/private"))
            _ = try await harness.get(url)
            let files = harness.entryFiles()
            #expect(files.count == 1)
            for file in files {
                let bytes = try Data(contentsOf: file)
                #expect(bytes.range(of: Data("s3cret-pw".utf8)) == nil && bytes.range(of: Data("user@".utf8)) == nil)
                let mode = try #require(try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int)
                #expect(mode & 0o077 == 0, "mode \(String(mode, radix: 8))")
            }
            let root = harness.folder.url.appendingPathComponent("http-v3").path
            let folderMode = try #require(try FileManager.default.attributesOfItem(atPath: root)[.posixPermissions] as? Int)
            #expect(folderMode & 0o077 == 0, "mode \(String(folderMode, radix: 8))")
            #expect(try await harness.get(url).outcome == .hit)
        }
    }
}

/// A cache that cannot store what it is given says so a few times, then only with --verbose.
@Suite struct CacheStoreProblemTests {
    @Test("responses a cache cannot store (every folder of it a file) are warned about three times, then the build goes on quietly")
    func storeFailuresAreCapped() async throws {
        let harness = try CacheHarness()
        defer { harness.remove() }
        let entries = harness.folder.url.appendingPathComponent("http-v3/entries")
        let fileManager = FileManager.default
        for byte in 0..<256 {
            let shard = entries.appendingPathComponent(String(format: "%02x", byte))
            try? fileManager.removeItem(at: shard)
            try Data().write(to: shard)
        }
        let client = harness.client()  // one client, as one build has
        try await TestOrigin.run({ _ in .text("ok", headers: ["Cache-Control": "max-age=600"]) }) { origin in
            for number in 1...6 {
                let url = try #require(URL(string: "http://127.0.0.1:\(origin.port)/item/\(number)"))
                let result = try await client.fetch(HTTPRequest(url: url), limits: .json)
                #expect(result.response.status == 200 && result.response.body == Data("ok".utf8))
            }
        }
        let warnings = harness.reporter.warnings
        #expect(warnings.count == 3, "\(warnings)")
        #expect(warnings.allSatisfy { $0.hasPrefix("could not store http://127.0.0.1:") && $0.contains("in the HTTP cache, in \(entries.path)/") && $0.contains(": not a directory") }, "\(warnings)")
        #expect(warnings.last?.contains("Further responses the cache cannot store are not listed one by one (--verbose lists them)") == true)
    }
}

/// A cache folder that cannot be opened: the warning names the path in the way, normalised.
@Suite struct CacheFolderProblemTests {
    @Test("a file where a folder of the cache must be is named as such", arguments: ["cfile/sub", "proj/../c3"])
    func aFileInTheWay(relative: String) throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let fileManager = FileManager.default
        try Data().write(to: folder.url.appendingPathComponent("cfile"))
        try fileManager.createDirectory(at: folder.url.appendingPathComponent("proj"), withIntermediateDirectories: true)
        try fileManager.createDirectory(at: folder.url.appendingPathComponent("c3/http-v3"), withIntermediateDirectories: true)
        try Data().write(to: folder.url.appendingPathComponent("c3/http-v3/entries"))
        let directory = folder.url.appendingPathComponent(relative)
        let error = #expect(throws: (any Error).self) { _ = try HTTPCache(directory: directory) }
        let warning = HTTPCache.openingProblem(directory, error: try #require(error))
        let culprit = relative.hasPrefix("cfile") ? "cfile" : "c3/http-v3/entries"
        #expect(warning.contains(folder.url.standardizedFileURL.appendingPathComponent(culprit).path + " is a file, not a folder"), "\(warning)")
        #expect(!warning.contains("..") && !warning.contains("error 512"))
    }
}
