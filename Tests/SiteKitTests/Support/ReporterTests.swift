import Foundation
import Testing
@testable import SiteKit

@Suite("What a run prints")
struct ReporterTests {
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
