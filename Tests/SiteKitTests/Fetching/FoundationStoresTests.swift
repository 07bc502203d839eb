import Foundation
import Testing
@testable import SiteKit

/// The site process writes nothing in the home folder: Foundation's URL cache and cookie store,
/// which configuring a URLSession opens there, are kept out of it.
@Suite struct FoundationStoresTests {
    @Test("site build and site fetch create nothing in the home folder (Foundation made ~/.cache/org.swift.foundation.URLCache and ~/.local/share), and nothing beside the output and cache folders",
          .enabled(if: FetchProcessTests.executable != nil, "the site executable is not built next to the tests; run swift build first"))
    func nothingInHome() async throws {
        let home = try TemporaryFolder()
        defer { home.remove() }
        let work = try TemporaryFolder()
        defer { work.remove() }
        let runs = [
            ["build", "--demo", "--quiet", "--users", "2", "--seed", "home", "--output", "out", "--cache-dir", "cache"],
            // Refused at once (nothing listens on port 9), after the session was configured.
            ["fetch", "--cache-dir", "cache", "--timeout", "2", "http://127.0.0.1:9/users"],
        ]
        for arguments in runs {
            _ = try await Process.runSite(arguments, in: work.url,
                                          environment: ["HOME": home.url.path, "XDG_CACHE_HOME": nil, "XDG_DATA_HOME": nil])
            #expect(try FileManager.default.contentsOfDirectory(atPath: home.url.path).isEmpty, "\(arguments[0]) wrote in the home folder")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: work.url.path).sorted() == ["cache", "out"])
    }
}
