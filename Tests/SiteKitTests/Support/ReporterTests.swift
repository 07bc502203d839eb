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

    @Test("site serve's reporter prints a warning whole once and cut short when a rebuild says it again (the demo fallback's paragraph came back at every save); every warning is still counted, and --verbose prints them whole")
    func repeatedWarningsAreCutShort() {
        let long = "randomuser.me could not be reached (the name does not resolve), and the cache holds no copy of "
            + "https://randomuser.me/api/?results=50. This site was built from the embedded demo API instead."
        let printed = PrintLog()
        let reporter = Reporter(shortensRepeats: true, sink: printed.append)
        reporter.warning(long)
        reporter.settingsWarning("base_url is a placeholder")
        reporter.warning("news")
        reporter.warning(long)
        reporter.settingsWarning("base_url is a placeholder")
        #expect(printed.text == "warning: \(long)\nwarning: base_url is a placeholder\nwarning: news\n"
            + "warning: as before: \(long.prefix(100))…\nwarning: as before: base_url is a placeholder\n", "\(printed.text)")
        #expect(reporter.warnings == [long, "news", long])
        // A failed rebuild's error, which says what is wrong at its end, is whole every time.
        let failure = "the rebuild failed; still serving the last good site. " + long
        reporter.warning(failure, whole: true)
        reporter.warning(failure, whole: true)
        #expect(printed.text.hasSuffix("warning: \(failure)\nwarning: \(failure)\n"))

        let verbose = PrintLog()
        let whole = Reporter(verbosity: .verbose, shortensRepeats: true, sink: verbose.append)
        whole.warning(long)
        whole.warning(long)
        #expect(verbose.text == "warning: \(long)\nwarning: \(long)\n")
        // A build's own reporter prints every warning whole.
        let plain = PrintLog()
        let build = Reporter(sink: plain.append)
        build.warning(long)
        build.warning(long)
        #expect(plain.text == "warning: \(long)\nwarning: \(long)\n")
    }
}
