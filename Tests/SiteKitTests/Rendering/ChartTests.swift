import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
@testable import SiteKit

@Suite("Histogram binning and ordering")
struct ChartHistogramTests {
    @Test func valuesOnABinBoundaryGoToTheBinThatStartsThere() {
        let bins = Histogram.bins(values: [18, 24, 25, 34, 35], width: 10, start: 15)
        #expect(bins == [.init(label: "15–24", value: 2), .init(label: "25–34", value: 2), .init(label: "35–44", value: 1)])
    }

    @Test func emptyInputGivesNoBinsAndASingleValueGivesOne() {
        #expect(Histogram.bins(values: [], width: 10).isEmpty)
        #expect(Histogram.bins(values: [], edges: [18, 25]).isEmpty)
        #expect(Histogram.bins(values: [7], width: 5) == [.init(label: "5–9", value: 1)])
        #expect(Histogram.bins(values: [7], width: 1) == [.init(label: "7", value: 1)])
    }

    @Test func gapsBetweenValuesAreKeptAsZeroBins() {
        let spread = Histogram.bins(values: [0, 0, 3], width: 1)
        #expect(spread.map(\.label) == ["0", "1", "2", "3"])
        #expect(spread.map(\.value) == [2, 0, 0, 1])
    }

    @Test func defaultStartIsAlignedDownAndValuesBelowAGivenStartAreDropped() {
        #expect(Histogram.bins(values: [-3, 4], width: 5).map(\.label) == ["-5–-1", "0–4"])
        #expect(Histogram.bins(values: [10, 17, 21], width: 10, start: 20) == [.init(label: "20–29", value: 1)])
        #expect(Histogram.bins(values: [1, 2], width: 10, start: 20).isEmpty)
    }

    @Test func oneAbsurdValueEndsUpInAnOpenLastBinInsteadOfMillionsOfBins() {
        let bins = Histogram.bins(values: [1, 1_000_000_000_000], width: 10, start: 0, maxBins: 5)
        #expect(bins.count == 5)
        #expect(bins.first == .init(label: "0–9", value: 1))
        #expect(bins.last == .init(label: "40+", value: 1))
        #expect(Histogram.bins(values: [Int.min, Int.max], width: Int.max).count <= 100)
        #expect(Histogram.bins(values: [Int.min, 0, Int.max], width: 1).reduce(0) { $0 + $1.value } == 3)
    }

    @Test func edgesMakeAgeBinsWithAnOpenTop() {
        let bins = Histogram.bins(values: [17, 18, 24, 25, 64, 65, 90], edges: [35, 18, 25, 65, 25])
        #expect(bins == [.init(label: "18–24", value: 2), .init(label: "25–34", value: 1),
                         .init(label: "35–64", value: 1), .init(label: "65+", value: 2)])
    }

    @Test func categoriesSortByCountDescendingThenLabel() {
        let series = Histogram.countsByKey(["b", "a", "c", "a", "b", "d", "Z"])
        #expect(series.map(\.label) == ["a", "b", "Z", "c", "d"])
        #expect(series.map(\.value) == [2, 2, 1, 1, 1])
        #expect(Histogram.countsByKey(["d", "b", "a", "Z", "c", "b", "a"]) == series)
    }

    @Test func yearsSortByYearAscending() {
        #expect(Histogram.countsByKey([2021, 2019, 2021, 2004]) == [
            .init(label: "2004", value: 1), .init(label: "2019", value: 1), .init(label: "2021", value: 2),
        ])
    }

    @Test func topFoldsTheTailIntoOther() {
        let series = (1...5).map { ChartSeries(label: "c\($0)", value: 10 - $0) }
        #expect(Histogram.top(series, count: 3) == [.init(label: "c1", value: 9), .init(label: "c2", value: 8), .init(label: "Other", value: 18)])
        #expect(Histogram.top(series, count: 5) == series)
    }

    @Test("the Other bar sums three or more and never splits equal values: \"Other (2 countries)\" hid a country of 9 while three of 9 were shown")
    func topKeepsTiesTogetherAndGroupsOnlyWhereItSavesRoom() {
        let label = { (grouped: Int) in "Other (\(grouped))" }
        // 21 entries for 20 bars: one bar saved, two names hidden; all are drawn.
        let one = (1...21).map { ChartSeries(label: "c\($0)", value: 30 - $0) }
        #expect(Histogram.top(one, count: 20, otherLabel: label) == one)
        // Values 9 9 9 9 8 7 7 7 …: the cut for 5 bars fell inside the 9s; it moves before them only
        // if half the bars are left, else it stays.
        let ties = [9, 9, 9, 9, 8, 7, 7, 7, 1, 1].enumerated().map { ChartSeries(label: "c\($0.offset)", value: $0.element) }
        let six = Histogram.top(ties, count: 7, otherLabel: label)
        #expect(six.map(\.label) == ["c0", "c1", "c2", "c3", "c4", "Other (5)"] && six.last?.value == 23)
        let four = Histogram.top(ties, count: 4, otherLabel: label)
        #expect(four.map(\.label) == ["c0", "c1", "c2", "Other (7)"], "the 9s run past half of 4 bars: cut where it falls")
        #expect(ties.reduce(0) { $0 + $1.value } == six.reduce(0) { $0 + $1.value })
    }
}

@Suite("Charts")
struct ChartTests {
    static let nationalities = [
        ChartSeries(label: "United States", value: 12), ChartSeries(label: "Iran", value: 7),
        ChartSeries(label: "The United Kingdom of Great Britain and Northern Ireland", value: 3),
    ]
    static let ages = Histogram.bins(values: [19, 23, 27, 31, 33, 45, 70], edges: [18, 25, 35, 45, 65])
    static let hostile = [
        ChartSeries(label: "<script>alert(\"x\")</script>", value: 2), ChartSeries(label: "Tom & 'Jerry'", value: 1),
    ]

    @Test func numbersAndCoordinatesAreFormattedWithoutLocale() {
        #expect(ChartFormat.number(50_000) == "50,000")
        #expect(ChartFormat.number(999) == "999")
        #expect(ChartFormat.number(-1234) == "-1,234")
        #expect(ChartFormat.number(0) == "0")
        #expect(ChartFormat.coordinate(12.25) == "12.3")
        #expect(ChartFormat.coordinate(40) == "40")
        #expect(ChartFormat.coordinate(-1.25) == "-1.3")
        #expect(ChartFormat.coordinate(-0.04) == "0")
        #expect(ChartFormat.coordinate(.nan) == "0")
    }

    @Test func idsAreMadeSafeForHTMLAndCSS() {
        #expect(Chart(id: "people-by-age", title: "", kind: .bars, series: []).id == "people-by-age")
        #expect(Chart(id: "\" onload=\"alert(1)", title: "", kind: .bars, series: []).id == "onload-alert-1")
        #expect(Chart(id: "2024 years", title: "", kind: .bars, series: []).id == "chart-2024-years")
        #expect(Chart(id: "سینا", title: "", kind: .bars, series: []).id == "chart")
    }

    @Test("bars that group the smallest categories into Other still give every value in the table, and the description says which bar sums what")
    func groupedBarsKeepEveryValueInTheTable() throws {
        let all = [("Ireland", 6), ("Iran", 5), ("Chile", 1), ("Ukraine", 1), ("United Kingdom", 1)].map { ChartSeries(label: $0.0, value: $0.1) }
        let chart = Chart(id: "nationality", title: "People by country", kind: .bars,
                          series: Histogram.top(all, count: 3) { "Other (\($0) countries)" },
                          labelHeading: "Country", valueHeading: "People", tableSeries: all)
        let table = chart.table()
        for entry in all { #expect(table.contains("<th scope=\"row\">\(entry.label)</th><td class=\"num\">\(entry.value)</td>"), "\(entry.label)") }
        #expect(!table.contains("Other") && table.contains("<th scope=\"row\">Total</th><td class=\"num\">14</td>"))
        #expect(chart.svg().contains("Other (3 countries)"))
        let description = try #require(chart.svg().firstMatch(of: /<desc[^>]*>([^<]*)<\/desc>/)).1
        #expect(description == "Bar chart: People by country. 5 categories, total 14. The last bar, Other (3 countries), sums the 3 smallest. "
            + "Largest: Ireland, 6. Smallest: 1, shared by 3. The table with this chart lists every value.")
    }

    @Test("equal bars are described as such, not as a largest and smallest that are the same entry")
    func equalBarsAreSaidOnce() throws {
        let chart = Chart(id: "gender", title: "Posts per author", kind: .bars,
                          series: [ChartSeries(label: "Ada", value: 10), ChartSeries(label: "Bo", value: 10)])
        let description = try #require(chart.svg().firstMatch(of: /<desc[^>]*>([^<]*)<\/desc>/)).1
        #expect(description == "Bar chart: Posts per author. 2 categories, total 20. Each has 10. The table with this chart lists every value.")
    }

    @Test func barChartMatchesGoldenFile() throws {
        let chart = Chart(id: "nationality", title: "People by nationality", kind: .bars, series: Self.nationalities,
                          labelHeading: "Nationality", valueHeading: "People")
        #expect(chart.svg() + "\n" == (try Self.fixture("bar-chart.svg")))
        #expect(chart.table() + "\n" == (try Self.fixture("bar-chart-table.html")))
    }

    @Test func columnChartMatchesGoldenFile() throws {
        let chart = Chart(id: "age", title: "People by age", kind: .columns, series: Self.ages, labelHeading: "Age")
        #expect(chart.svg() + "\n" == (try Self.fixture("column-chart.svg")))
    }

    @Test(arguments: [ChartKind.bars, .columns])
    func titleAndDescriptionArePresentAndReferenced(kind: ChartKind) throws {
        let chart = Chart(id: "nat", title: "People & places", kind: kind, series: Self.nationalities)
        let tree = try #require(MarkupTree.parse(chart.svg()))
        let svg = try #require(tree.first)
        #expect(svg.name == "svg" && svg.attributes["role"] == "img")
        #expect(svg.attributes["xmlns"] == "http://www.w3.org/2000/svg")
        let references = try #require(svg.attributes["aria-labelledby"]).split(separator: " ").map(String.init)
        #expect(references == ["nat-title", "nat-desc"])
        #expect(tree.first { $0.attributes["id"] == references[0] }?.name == "title")
        #expect(tree.first { $0.attributes["id"] == references[0] }?.text == "People & places")
        let description = try #require(tree.first { $0.attributes["id"] == references[1] })
        #expect(description.name == "desc")
        #expect(description.text.hasPrefix(kind == .bars ? "Bar chart: People & places." : "Column chart: People & places."))
        #expect(description.text.contains("United States, 12"))
    }

    @Test(arguments: [ChartKind.bars, .columns])
    func hostileLabelsAreEscapedInSVGAndTable(kind: ChartKind) throws {
        let chart = Chart(id: "x", title: "<b>Title</b> & co", kind: kind, series: Self.hostile,
                          labelHeading: "\"Name\"", valueHeading: "<n>")
        for markup in [chart.svg(), chart.table()] {
            #expect(!markup.contains("<script"))
            #expect(!markup.contains("<b>"))
            #expect(!markup.contains("Tom & "))
            #expect(markup.contains("&lt;script&gt;"))
            #expect(MarkupTree.parse(markup) != nil)
        }
        let labels = try #require(MarkupTree.parse(chart.svg())).filter { $0.name == "title" }.map(\.text)
        #expect(labels.contains("<script>alert(\"x\")</script>: 2"))
        #expect(labels.contains("Tom & 'Jerry': 1"))
        #expect(MarkupTree.parse(Chart(id: "x", title: "nul\u{0}bell\u{7}", kind: kind, series: []).svg()) != nil)
    }

    @Test func rightToLeftLabelsAreKeptIntact() throws {
        let label = "سینا رضایی"
        let chart = Chart(id: "fa", title: "نام‌ها", kind: .bars, series: [ChartSeries(label: label, value: 3)])
        let tree = try #require(MarkupTree.parse(chart.svg()))
        #expect(tree.contains { $0.name == "text" && $0.text == label })
        #expect(chart.table().contains("<th scope=\"row\">\(label)</th>"))
    }

    @Test func longLabelsAreCutVisuallyButKeptWholeInTheTooltip() throws {
        let chart = Chart(id: "long", title: "Long", kind: .bars, series: Self.nationalities)
        let tree = try #require(MarkupTree.parse(chart.svg()))
        #expect(tree.contains { $0.attributes["class"] == "label" && $0.text == "The United Kingdom of…" })
        #expect(tree.contains { $0.name == "title" && $0.text == Self.nationalities[2].label + ": 3" })
    }

    @Test(arguments: [ChartKind.bars, .columns])
    func emptyZeroAndHugeSeriesDrawWithoutNaN(kind: ChartKind) throws {
        let empty = Chart(id: "e", title: "Nothing", kind: kind, series: [])
        #expect(empty.svg().contains(">No data</text>"))
        #expect(empty.table().contains("<td colspan=\"2\">No data</td>"))
        #expect(empty.svg().contains("<desc id=\"e-desc\">\(kind.name(.english)): Nothing. No data.</desc>"))
        let zeros = Chart(id: "z", title: "Zeros", kind: kind, series: [.init(label: "a", value: 0), .init(label: "b", value: 0)])
        let huge = Chart(id: "h", title: "Huge", kind: kind, series: [.init(label: "a", value: 50_000), .init(label: "b", value: 1)])
        let many = Chart(id: "m", title: "Many", kind: kind, series: (0..<500).map { ChartSeries(label: "\($0)", value: $0 * 100) })
        for chart in [empty, zeros, huge, many] {
            let svg = chart.svg()
            #expect(MarkupTree.parse(svg) != nil)
            #expect(!svg.lowercased().contains("nan") && !svg.contains("inf"))
        }
        #expect(huge.svg().contains(">50,000</text>"))
        #expect(huge.table().contains("<td class=\"num\">50,001</td>"))
    }

    @Test func renderingIsDeterministic() {
        let values = (0..<2000).map { ($0 * 7919) % 83 }
        let first = Chart(id: "d", title: "Spread", kind: .columns, series: Histogram.bins(values: values, width: 5))
        let second = Chart(id: "d", title: "Spread", kind: .columns, series: Histogram.bins(values: values.reversed(), width: 5))
        #expect(first.html() == second.html())
        let names = (0..<300).map { "Country \($0 % 17)" }
        #expect(Chart(id: "c", title: "C", kind: .bars, series: Histogram.countsByKey(names)).html()
            == Chart(id: "c", title: "C", kind: .bars, series: Histogram.countsByKey(names.shuffled())).html())
    }

    static func fixture(_ name: String) throws -> String {
        String(decoding: try Fixture.data("Rendering/" + name), as: UTF8.self)
    }
}

/// Parses markup as XML into a flat list of elements in document order; nil when not well-formed.
final class MarkupTree: NSObject, XMLParserDelegate {
    struct Element {
        var name: String
        var attributes: [String: String]
        var text = ""
    }

    private var elements: [Element] = []
    private var open: [Int] = []

    static func parse(_ markup: String) -> [Element]? {
        let tree = MarkupTree()
        let parser = XMLParser(data: Data(markup.utf8))
        parser.delegate = tree
        return parser.parse() ? tree.elements : nil
    }

    func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
                qualifiedName qName: String?, attributes attributeDict: [String: String] = [:]) {
        open.append(elements.count)
        elements.append(Element(name: elementName, attributes: attributeDict))
    }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName qName: String?) {
        open.removeLast()
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        for index in open { elements[index].text += string }
    }
}
