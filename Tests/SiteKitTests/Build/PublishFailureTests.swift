import Foundation
import Testing
@testable import SiteKit

@Suite("Publishing that fails")
struct PublishFailureTests {
    private static func chattr(_ flag: String, _ path: String) { SystemTool.chattr(flag, path) }

    @Test("an output folder below a file (--output afile/sub) fails the step that prepares the output, saying to move the file, and that nothing was published")
    func anOutputBelowAFileSaysSo() async throws {
        var harness = try BuildHarness(source: .demo, users: 3)
        defer { harness.remove() }
        try Data("x".utf8).write(to: harness.folder.url.appendingPathComponent("afile"))
        harness.settings.output = "afile/sub"
        let error = await #expect(throws: BuildError.self) { try await harness.build() }
        let text = try #require(error?.description)
        #expect(text.hasPrefix("Preparing the output folder failed: could not "), "\(text)")
        #expect(text.contains(": a file of that name is in the way. Move that file away, or choose another output folder."), "\(text)")
        #expect(text.hasSuffix(" Nothing was published: the output folder is as it was."), "\(text)")
    }

    @Test("a disk that fills up while pictures are written fails the Images step, which says nothing was published",
          .enabled(if: getuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/bin/mount"), "needs root to mount a small file system"))
    func aFullDiskDuringPicturesNamesTheStep() async throws {
        var harness = try BuildHarness(source: .demo, users: 40)
        defer { harness.remove() }
        let disk = harness.folder.url.appendingPathComponent("disk")
        try FileManager.default.createDirectory(at: disk, withIntermediateDirectories: true)
        SystemTool.mountSmallDisk(disk, options: "size=48k")
        defer { SystemTool.unmount(disk) }
        harness.settings.output = "disk/public"
        let error = await #expect(throws: BuildError.self) { try await harness.build() }
        let text = error?.description ?? ""
        #expect(text.hasPrefix("Getting the pictures failed: could not write ") && text.contains("/thumbs/"), "\(text)")
        #expect(text.contains("no space left on device") && text.hasSuffix("Nothing was published: the output folder is as it was."), "\(text)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: disk.path).isEmpty, "no staging folder is left")
    }

    @Test("a leftover beside the output that cannot be removed (an earlier site with a folder made immutable) is warned about on every build until it goes",
          .enabled(if: getuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/bin/chattr"), "needs root and chattr"))
    func leftoversThatStayAreWarnedAbout() async throws {
        let harness = try BuildHarness(source: .demo, users: 3)
        defer { harness.remove() }
        let leftover = harness.folder.url.appendingPathComponent(".\(harness.settings.output).staging-999999-01d5173e")
        let stuck = leftover.appendingPathComponent("users")
        try FileManager.default.createDirectory(at: stuck, withIntermediateDirectories: true)
        try Data("old".utf8).write(to: stuck.appendingPathComponent("a.html"))
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -3600)], ofItemAtPath: leftover.path)
        Self.chattr("+i", stuck.path)
        defer { Self.chattr("-i", stuck.path) }
        for _ in 0..<2 {
            _ = try await harness.build()
            #expect(harness.text.contains("warning: 1 folder beside \(harness.output.path), left by earlier builds, could not be removed (the first, \(leftover.path): "), "\(harness.text)")
        }
        #expect(harness.text.components(separatedBy: "left by earlier builds").count == 3, "said by each build")
        Self.chattr("-i", stuck.path)
        let before = harness.text.count
        _ = try await harness.build()
        #expect(!harness.text.dropFirst(before).contains("left by earlier builds"))
        #expect(!FileManager.default.fileExists(atPath: leftover.path))
    }

    @Test("the seed a live build records for --offline is that of the site published: a failed swap puts the earlier one back",
          .enabled(if: getuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/bin/chattr"), "needs root and chattr"))
    func aFailedSwapKeepsTheSeedRecord() async throws {
        try await DemoAPIServer.with { server in
            var harness = try BuildHarness(source: .live, users: 3)
            defer { harness.remove() }
            harness.use(server)
            let cache = harness.folder.url.appendingPathComponent(".cache")
            harness.settings.seed = "first"
            _ = try await harness.build()
            #expect(LastSeed.load(cacheDirectory: cache, destination: harness.output) == "first")
            Self.chattr("+i", harness.output.path)
            defer { Self.chattr("-i", harness.output.path) }
            harness.settings.seed = "second"
            _ = await #expect(throws: BuildError.self) { try await harness.build() }
            #expect(LastSeed.load(cacheDirectory: cache, destination: harness.output) == "first")
            Self.chattr("-i", harness.output.path)
            _ = try await harness.build()
            #expect(LastSeed.load(cacheDirectory: cache, destination: harness.output) == "second")
        }
    }

    @Test("an output folder that cannot be swapped (made immutable) fails the Publish step, which says nothing was published and the output is as it was, with the previous site intact",
          .enabled(if: getuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/bin/chattr"), "needs root and chattr"))
    func aFailedSwapSaysNothingWasPublished() async throws {
        var harness = try BuildHarness(source: .demo, users: 6, perPage: 4)
        defer { harness.remove() }
        _ = try await harness.build()
        let before = try harness.site.files()
        Self.chattr("+i", harness.output.path)
        // Whatever happens, the folder can be removed again.
        defer { Self.chattr("-i", harness.output.path) }
        harness.settings.title = "A new title"
        let error = await #expect(throws: BuildError.self) { try await harness.build() }
        let text = try #require(error?.description)
        #expect(text.hasPrefix("Publishing failed: could not move the new site into place \(harness.output.path): "), "\(text)")
        #expect(text.hasSuffix(" Nothing was published: the output folder is as it was."), "\(text)")
        #expect(try harness.site.files() == before)
        let left = try FileManager.default.contentsOfDirectory(atPath: harness.folder.url.path).filter { $0.contains("staging") }
        #expect(left.isEmpty, "\(left)")
    }
}
