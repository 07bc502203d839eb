/// Draws vertical columns side by side over a baseline, for ordered bins such as age ranges or
/// years. Values are printed above the columns when they fit; bin labels sit under the baseline,
/// thinned to every second, third… label when there are too many to fit. Each column's `<title>`
/// carries its full label and value.
struct ColumnLayout {
    var series: [ChartSeries]
    /// How the values are written (`Words.number`).
    var words = Words.english

    static let minimumWidth = 640.0
    static let padding = 8.0
    static let minimumSlot = 6.0
    static let top = 24.0
    static let plotHeight = 180.0
    static let labelLimit = 10

    func draw() -> SVGBody {
        let values = series.map { words.number($0.value) }
        let labels = series.map { ChartFormat.truncated($0.label, to: Self.labelLimit) }
        let widestValue = ChartFormat.textWidth(characters: values.map(\.count).max() ?? 1)
        let widestLabel = ChartFormat.textWidth(characters: labels.map(\.count).max() ?? 1) + 6
        // Centred labels wider than their column must not hang over the picture's edges.
        let side = max(Self.padding, max(widestLabel, widestValue) / 2)
        let count = Double(series.count)
        let width = max(Self.minimumWidth, side * 2 + count * Self.minimumSlot)
        let slot = (width - side * 2) / count
        let baseline = Self.top + Self.plotHeight
        let scale = Scale(values: series.map(\.value), length: Self.plotHeight)
        let showValues = slot >= widestValue + 4
        let labelEvery = max(1, Int((widestLabel / slot).rounded(.up)))

        var elements: [String] = []
        for (index, item) in series.enumerated() {
            let left = side + Double(index) * slot
            let center = left + slot / 2
            let height = scale.length(of: item.value)
            elements += [
                "<g class=\"column\">",
                "<title>\(MarkupText.text(words(.chartEntry, ["label": item.label, "value": values[index]])))</title>",
                "<rect class=\"bar\" x=\"\(f(left + slot * 0.1))\" y=\"\(f(baseline - height))\""
                    + " width=\"\(f(slot * 0.8))\" height=\"\(f(height))\" fill=\"currentColor\"/>",
            ]
            if showValues {
                elements.append("<text class=\"value\" x=\"\(f(center))\" y=\"\(f(baseline - height - 6))\""
                    + " text-anchor=\"middle\" fill=\"currentColor\">\(values[index])</text>")
            }
            if index % labelEvery == 0 {
                elements.append("<text class=\"label\" x=\"\(f(center))\" y=\"\(f(baseline + 18))\""
                    + " text-anchor=\"middle\" fill=\"currentColor\">\(MarkupText.text(labels[index]))</text>")
            }
            elements.append("</g>")
        }
        elements.append("<line class=\"axis\" x1=\"\(f(side))\" y1=\"\(f(baseline))\""
            + " x2=\"\(f(width - side))\" y2=\"\(f(baseline))\" stroke=\"currentColor\"/>")
        return SVGBody(width: width, height: baseline + 30, elements: elements)
    }

    private func f(_ value: Double) -> String {
        ChartFormat.coordinate(value)
    }
}
