import Foundation
import Testing
@testable import SiteKit

/// The report's charts from `Fixtures/Build/namesakes`: people aged 0, 9, 10 and 34, and authors
/// who share a name, as written or composed and decomposed.
@Suite("The report's charts")
struct ReportChartTests {
    @Test("the ages chart starts at the youngest person's decade: everyone under 10 was left out, and its total was short")
    func agesUnderTen() async throws {
        let harness = try await HostileDataTests.fixtureBuild("namesakes", users: 4)
        defer { harness.remove() }
        let report = try harness.site.html("report/index.html")
        for (label, count) in [("0–9", 2), ("10–19", 1), ("20–29", 0), ("30–39", 1)] {
            #expect(report.contains("<tr><th scope=\"row\">\(label)</th><td class=\"num\">\(count)</td></tr>"), "\(label)")
        }
        #expect(report.contains("total 4"))
    }

    @Test("authors who share a name are bars of their own, told apart by username or else id (two John Smiths made one bar of both their posts)")
    func namesakesAreTwoBars() async throws {
        let harness = try await HostileDataTests.fixtureBuild("namesakes", users: 4)
        defer { harness.remove() }
        let report = try harness.site.html("report/index.html")
        let decomposed = "Ümit Özdağ".decomposedStringWithCanonicalMapping
        for (label, count) in [("John Smith (js1)", 2), ("John Smith (js2)", 1), ("Ümit Özdağ (#3)", 1), (decomposed + " (#4)", 3), ("Solo", 1)] {
            #expect(report.contains("<tr><th scope=\"row\">\(label)</th><td class=\"num\">\(count)</td></tr>"), "\(label)")
        }
    }

    @Test("chart labels: a unique name is itself, as pages show it (a blank one 'Author 7', white space as HTML shows it); names that read alike are told apart; a repeated id is the first")
    func labels() {
        let labels = SiteRenderer.chartLabels(of: [Author(id: 1, name: "Ann"), Author(id: 2, name: "  "), Author(id: 1, name: "Other"),
                                                   Author(id: 3, name: "Bo", username: "b"), Author(id: 4, name: "Bo", username: "b"),
                                                   Author(id: 5, name: "Ann Lee ", username: "al"), Author(id: 6, name: "Ann  Lee", username: "lee"),
                                                   Author(id: 7, name: ""), Author(id: 8, name: "Author 7", username: "seven")])
        #expect(labels == [1: "Ann", 2: "Author 2", 3: "Bo (#3)", 4: "Bo (#4)", 5: "Ann Lee (al)", 6: "Ann Lee (lee)",
                           7: "Author 7 (#7)", 8: "Author 7 (seven)"])
    }
}
