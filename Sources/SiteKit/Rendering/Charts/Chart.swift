/// A chart drawn at build time: an inline SVG picture plus the HTML table of the numbers behind it.
///
/// Pure and deterministic: the same chart always renders to the same bytes. Every label and the
/// title are escaped, so they may come straight from API data. Colours come from CSS classes
/// (`bar`, `axis`, `label`, `value`, `empty`) over `currentColor` defaults, so a chart is
/// readable without the stylesheet and follows dark mode with it.
///
/// ```swift
/// let chart = Chart(id: "nationalities", title: "People by nationality", kind: .bars,
///                   series: Histogram.countsByKey(people.map(\.nationality)),
///                   labelHeading: "Nationality", valueHeading: "People")
/// let html = chart.html()   // <div class="chart" id="nationalities"><svg …>…</svg><table …>…</table></div>
/// ```
public struct Chart: Sendable {
    /// The chart's HTML id, made safe from the id the caller gave. The SVG's `<title>`, `<desc>`
    /// and the table use it with `-title`, `-desc` and `-table` appended, so ids must differ
    /// between charts on one page.
    public var id: String
    /// What the chart shows, e.g. "People by nationality": the SVG title and the table caption.
    public var title: String
    /// Bars or columns.
    public var kind: ChartKind
    /// The numbers, drawn in the order given.
    public var series: [ChartSeries]
    /// The table's heading over the labels, e.g. "Nationality".
    public var labelHeading: String
    /// The table's heading over the numbers, e.g. "People".
    public var valueHeading: String
    /// The rows of the table when the picture groups some of them (``Histogram/top(_:count:otherLabel:)``):
    /// the table then still lists every value. Nil: the table lists `series`.
    public var tableSeries: [ChartSeries]?
    /// The words of the description, the table's total row and "No data", and how numbers are
    /// grouped: English unless the site speaks another language.
    public var words = Words.english

    /// Creates a chart; `id` is reduced to ASCII letters, digits, `-` and `_` (see ``id``).
    public init(id: String, title: String, kind: ChartKind, series: [ChartSeries],
                labelHeading: String = "Category", valueHeading: String = "Count", tableSeries: [ChartSeries]? = nil) {
        self.id = ChartID.make(id)
        self.title = title
        self.kind = kind
        self.series = series
        self.labelHeading = labelHeading
        self.valueHeading = valueHeading
        self.tableSeries = tableSeries
    }

    /// The picture as an inline `<svg>` element for an HTML5 page, labelled for screen readers by
    /// its `<title>` and `<desc>`. An empty series draws "No data". Its layout is left to right
    /// (`direction="ltr"`) whatever the page's: in a right-to-left page, inherited `direction: rtl`
    /// turned every `text-anchor` round, and the labels ran under the bars.
    public func svg() -> String {
        let body: SVGBody
        if series.isEmpty {
            body = SVGBody.noData(words(.noData))
        } else {
            switch kind {
            case .bars: body = BarLayout(series: series, words: words).draw()
            case .columns: body = ColumnLayout(series: series, words: words).draw()
            }
        }
        let viewBox = "0 0 \(ChartFormat.coordinate(body.width)) \(ChartFormat.coordinate(body.height))"
        var lines = [
            "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"chart-svg\" viewBox=\"\(viewBox)\""
                + " role=\"img\" aria-labelledby=\"\(id)-title \(id)-desc\" font-size=\"12\" direction=\"ltr\">",
            "<title id=\"\(id)-title\">\(MarkupText.text(title))</title>",
            "<desc id=\"\(id)-desc\">\(MarkupText.text(ChartSummary(chart: self).text))</desc>",
        ]
        lines += body.elements
        lines.append("</svg>")
        return lines.joined(separator: "\n")
    }

    /// The SVG followed by the table, wrapped in `<div class="chart" id="…">`.
    public func html() -> String {
        "<div class=\"chart\" id=\"\(id)\">\n\(svg())\n\(table())\n</div>"
    }
}

/// The drawn part of an SVG chart: its size in user units and its elements, one per line.
struct SVGBody {
    var width: Double
    var height: Double
    var elements: [String]

    static func noData(_ text: String) -> SVGBody {
        SVGBody(width: 640, height: 80, elements: [
            "<text class=\"empty\" x=\"320\" y=\"40\" dy=\"0.35em\" text-anchor=\"middle\" fill=\"currentColor\">\(MarkupText.text(text))</text>",
        ])
    }
}
