import Foundation
import Testing
@testable import SiteKit

@Suite("site serve refuses what a build refuses")
struct ServeOutputTests {
    @Test("site serve of a home folder, or of a folder of someone else's files, exits 1 naming why, before serving anything (it served the home folder's files)",
          .enabled(if: FetchProcessTests.executable != nil, "the site executable is not built next to the tests; run swift build first"))
    func refusedOutputsAreNotServed() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let home = folder.url.appendingPathComponent("home")
        let foreign = folder.url.appendingPathComponent("notes")
        for place in [home, foreign] {
            try FileManager.default.createDirectory(at: place, withIntermediateDirectories: true)
            try Data("secret".utf8).write(to: place.appendingPathComponent("secret.txt"))
        }
        for (output, reason) in [(home, "it holds your home folder"), (foreign, "already holds files that site did not write")] {
            let serve = Process()
            serve.executableURL = FetchProcessTests.executable
            serve.arguments = ["serve", "--demo", "--port", "0", "--no-watch", "--output", output.path]
            serve.currentDirectoryURL = folder.url
            var environment = ProcessInfo.processInfo.environment
            environment["HOME"] = home.path
            serve.environment = environment
            let said = Pipe()
            serve.standardError = said
            serve.standardOutput = FileHandle.nullDevice
            let ended = try serve.start()
            let text = String(decoding: said.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            await ended.ended()
            #expect(serve.terminationStatus == 1, "\(text)")
            #expect(text.contains(reason) && !text.contains("serving "), "\(text)")
        }
    }
}
