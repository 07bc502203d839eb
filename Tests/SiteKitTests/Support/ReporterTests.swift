import Foundation
import Testing
@testable import SiteKit

@Suite("What a run prints")
struct ReporterTests {
    @Test("on a terminal a build's progress line is rewritten in place, but on one that cannot move its cursor (TERM=dumb, as in Emacs's shell, or no TERM at all) it draws none, where the escapes showed",
          .enabled(if: FetchProcessTests.executable != nil && FileManager.default.isExecutableFile(atPath: "/usr/bin/script"),
                   "needs the site executable and script(1), which gives the build a terminal"))
    func dumbTerminalsGetNoCursorControl() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let site = try #require(FetchProcessTests.executable).path
        var shown: [String: String] = [:]
        for term in ["xterm", "dumb", ""] {
            let command = "'\(site)' build --demo --users 40 --output out-\(term.isEmpty ? "none" : term) --cache-dir cache-\(term.isEmpty ? "none" : term)"
            let result = try await Process.runCapturing("/usr/bin/script", ["-qec", command, "/dev/null"], in: folder.url, environment: ["TERM": term])
            #expect(result.status == 0, "\(result.output)")
            shown[term] = result.output
        }
        #expect(shown["xterm"]?.contains("\u{1B}[K") == true, "a terminal gets the progress line: \(shown["xterm"] ?? "")")
        for term in ["dumb", ""] {
            #expect(shown[term]?.contains("\u{1B}") == false && shown[term]?.contains("built 40 people") == true, "TERM=\(term): \(shown[term] ?? "")")
        }
    }

    @Test("control characters from data are printed as escapes, never sent to the terminal; line breaks and tabs stay")
    func controlCharactersAreShown() {
        let printed = PrintLog()
        let reporter = Reporter(sink: printed.append)
        reporter.warning("person \u{1B}[2J\u{1B}]0;pwned\u{07}Ann\rBob\u{9B}")
        reporter.info("a\tb")
        #expect(printed.text == "warning: person \\u{1B}[2J\\u{1B}]0;pwned\\u{7}Ann\\u{D}Bob\\u{9B}\na\tb\n")
        #expect(Reporter.printable("plain, accented é, Persian کریمی") == "plain, accented é, Persian کریمی")
    }
}
