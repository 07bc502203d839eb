import Foundation
import Testing
@testable import SiteKit

@Suite("How a site process ends: exit statuses, usage errors")
struct ProcessEndTests {
    @Test("a build that fails while TLS handshakes are under way (both APIs given as https:// on a plain-HTTP port) exits with 1 every time: OpenSSL's exit handler, run while a handshake still loaded certificates, crashed it with SIGSEGV about 4 runs in 10",
          .enabled(if: FetchProcessTests.executable != nil, "the site executable is not built next to the tests; run swift build first"))
    func failedTLSBuildsExitWithOne() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try await TestOrigin.run({ _ in .text("plain HTTP") }) { origin in
            let base = origin.url("/").absoluteString.replacingOccurrences(of: "http://", with: "https://")
            for round in 1...6 {
                let run = try await Process.runSiteCapturing(
                    ["build", "--live", "--randomuser-url", base + "api/", "--jsonplaceholder-url", base, "--users", "5"], in: folder.url)
                #expect(run.status == 1, "round \(round) ended with \(run.status): \(run.errors)")
                #expect(run.errors.contains("did not speak TLS"), "round \(round): \(run.errors)")
            }
        }
    }

    @Test("a mistyped command (site bild) is a usage error that suggests the command meant; one nothing like a command suggests none",
          .enabled(if: FetchProcessTests.executable != nil, "the site executable is not built next to the tests; run swift build first"))
    func mistypedCommandsAreSuggested() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let typo = try await Process.runSiteCapturing(["bild"], in: folder.url)
        #expect(typo.status == 64 && typo.errors.contains("Unexpected argument 'bild'") && typo.errors.hasSuffix("Did you mean 'site build'?\n"), "\(typo.errors)")
        let other = try await Process.runSiteCapturing(["qwerty"], in: folder.url)
        #expect(other.status == 64 && !other.errors.contains("Did you mean"), "\(other.errors)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path).isEmpty, "nothing written")
    }

    @Test("a mistyped --help (--hepl, --hlep) is told it meant --help, where the parser suggested --seed; other mistyped options keep the parser's suggestion",
          .enabled(if: FetchProcessTests.executable != nil, "the site executable is not built next to the tests; run swift build first"))
    func mistypedHelpIsSuggested() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        for typed in ["--hepl", "--hlep", "--hel"] {
            let run = try await Process.runSiteCapturing(["build", typed], in: folder.url)
            #expect(run.status == 64 && run.errors.hasPrefix("Error: Unknown option '\(typed)'. Did you mean '--help'?\n"), "\(typed): \(run.errors)")
            #expect(!run.errors.contains("--seed"), "\(run.errors)")
        }
        let output = try await Process.runSiteCapturing(["build", "--ouput", "x"], in: folder.url)
        #expect(output.status == 64 && output.errors.contains("Unknown option '--ouput'. Did you mean '--output'?"), "\(output.errors)")
        let far = try await Process.runSiteCapturing(["build", "--qwertyuiop"], in: folder.url)
        #expect(far.status == 64 && far.errors.contains("Unknown option '--qwertyuiop'") && !far.errors.contains("--help'?"), "\(far.errors)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path).isEmpty, "nothing written")
    }

    @Test("help for a command that does not exist (site help bild, site bild --help, site help build extra) says so and suggests the one meant, where it printed the general help and succeeded; help for one that does still works",
          .enabled(if: FetchProcessTests.executable != nil, "the site executable is not built next to the tests; run swift build first"))
    func helpForAMistypedCommand() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let typo = try await Process.runSiteCapturing(["help", "bild"], in: folder.url)
        #expect(typo.status == 64 && typo.output.isEmpty, "\(typo.status): \(typo.output)")
        #expect(typo.errors.contains("site has no command 'bild'. Did you mean 'site help build'?") && typo.errors.contains("build, serve, init"), "\(typo.errors)")
        let other = try await Process.runSiteCapturing(["help", "qwerty"], in: folder.url)
        #expect(other.status == 64 && other.errors.contains("no command 'qwerty'") && !other.errors.contains("Did you mean"), "\(other.errors)")
        let flag = try await Process.runSiteCapturing(["bild", "--help"], in: folder.url)
        #expect(flag.status == 64 && flag.errors.contains("site has no command 'bild'. Did you mean 'site build --help'?"), "\(flag.errors)")
        let known = try await Process.runSiteCapturing(["help", "build"], in: folder.url)
        #expect(known.status == 0 && known.output.contains("USAGE: site build"), "\(known.errors)")
        // A topic under a command that has none: the help of `build` was printed, status 0.
        let deeper = try await Process.runSiteCapturing(["help", "build", "extra"], in: folder.url)
        #expect(deeper.status == 64 && deeper.output.isEmpty, "\(deeper.status): \(deeper.output)")
        #expect(deeper.errors.contains("'site build' has no command 'extra': 'site help build' shows what it takes."), "\(deeper.errors)")
    }

    @Test("an empty --host is a usage error saying so, where serve and api failed later on a name that does not resolve",
          .enabled(if: FetchProcessTests.executable != nil, "the site executable is not built next to the tests; run swift build first"),
          arguments: ["serve", "api"])
    func anEmptyHostIsAUsageError(command: String) async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let run = try await Process.runSiteCapturing([command, "--host", ""], in: folder.url)
        #expect(run.status == 64 && run.errors.contains("--host must name an address to listen on") && run.errors.contains("is empty"), "\(run.errors)")
    }
}
