import Foundation
import Testing
@testable import SiteKit

@Suite("site serve refuses what a build refuses")
struct ServeOutputTests {
    @Test("site serve of a home folder, a folder of someone else's files, or a link to nowhere, exits 1 naming why, before serving anything (it served the home folder's files)",
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
        // A link to a folder under one that is missing too (a volume not mounted).
        let link = folder.url.appendingPathComponent("link")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: folder.url.appendingPathComponent("gone/site").path)
        for (output, reason) in [(home, "it holds your home folder"), (foreign, "already holds files that site did not write"),
                                 (link, "is a symbolic link to \(folder.url.path)/gone/site, and neither that folder nor")] {
            let serve = try await Process.runSiteCapturing(["serve", "--demo", "--port", "0", "--no-watch", "--output", output.path],
                                                           in: folder.url, environment: ["HOME": home.path])
            #expect(serve.status == 1, "\(serve.errors)")
            #expect(serve.errors.contains(reason) && !serve.errors.contains("serving "), "\(serve.errors)")
        }
    }
}
