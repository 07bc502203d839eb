/// Draws horizontal bars: labels right-aligned on the left, bars from a common axis, each value
/// printed just past the end of its bar. Long labels are cut with "…"; the full label and value
/// are in each row's `<title>`, which browsers show as a tooltip.
struct BarLayout {
    var series: [ChartSeries]
    /// How the values are written (`Words.number`).
    var words = Words.english

    static let width = 640.0
    static let padding = 8.0
    static let labelColumn = 160.0
    static let labelLimit = 22
    static let rowHeight = 28.0
    static let barHeight = 18.0

    func draw() -> SVGBody {
        let values = series.map { words.number($0.value) }
        let valueRoom = ChartFormat.textWidth(characters: values.map(\.count).max() ?? 1) + 12
        let barSpace = Self.width - Self.labelColumn - valueRoom
        let scale = Scale(values: series.map(\.value), length: barSpace)
        let height = Self.padding * 2 + Double(series.count) * Self.rowHeight
        var elements: [String] = []
        for (index, item) in series.enumerated() {
            let middle = Self.padding + (Double(index) + 0.5) * Self.rowHeight
            let length = scale.length(of: item.value)
            let label = MarkupText.text(ChartFormat.truncated(item.label, to: Self.labelLimit))
            elements += [
                "<g class=\"row\">",
                "<title>\(MarkupText.text(words(.chartEntry, ["label": item.label, "value": values[index]])))</title>",
                "<text class=\"label\" x=\"\(f(Self.labelColumn - 8))\" y=\"\(f(middle))\" dy=\"0.35em\""
                    + " text-anchor=\"end\" fill=\"currentColor\">\(label)</text>",
                "<rect class=\"bar\" x=\"\(f(Self.labelColumn))\" y=\"\(f(middle - Self.barHeight / 2))\""
                    + " width=\"\(f(length))\" height=\"\(f(Self.barHeight))\" fill=\"currentColor\"/>",
                "<text class=\"value\" x=\"\(f(Self.labelColumn + length + 6))\" y=\"\(f(middle))\" dy=\"0.35em\""
                    + " fill=\"currentColor\">\(values[index])</text>",
                "</g>",
            ]
        }
        elements.append("<line class=\"axis\" x1=\"\(f(Self.labelColumn))\" y1=\"\(f(Self.padding))\""
            + " x2=\"\(f(Self.labelColumn))\" y2=\"\(f(height - Self.padding))\" stroke=\"currentColor\"/>")
        return SVGBody(width: Self.width, height: height, elements: elements)
    }

    private func f(_ value: Double) -> String {
        ChartFormat.coordinate(value)
    }
}

/// Maps values onto lengths so the largest value fills `length`. Zero and negative values get no
/// length; any positive value gets at least one unit so it stays visible next to a huge one.
struct Scale {
    var maximum: Int
    var length: Double

    init(values: [Int], length: Double) {
        maximum = max(values.max() ?? 0, 0)
        self.length = length
    }

    func length(of value: Int) -> Double {
        guard value > 0, maximum > 0 else { return 0 }
        return max(1, Double(value) / Double(maximum) * length)
    }
}
