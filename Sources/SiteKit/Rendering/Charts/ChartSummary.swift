/// The text a screen reader reads for a chart: its kind and title, how many entries, the total,
/// and the largest (and, for bars, the smallest) entry. The table carries every number.
struct ChartSummary {
    var chart: Chart

    var text: String {
        let opening = "\(chart.kind.name): \(chart.title)."
        let series = chart.series
        guard let first = series.first, let last = series.last else { return opening + " No data." }
        let total = ChartFormat.number(chart.total)
        var sentences = [opening]
        switch chart.kind {
        case .bars:
            let noun = series.count == 1 ? "category" : "categories"
            sentences.append("\(series.count) \(noun), total \(total).")
            sentences.append("Largest: \(describe(largest)).")
            if series.count > 1 { sentences.append("Smallest: \(describe(smallest)).") }
        case .columns:
            let range = series.count == 1 ? "1 bin, \(first.label)" : "\(series.count) bins from \(first.label) to \(last.label)"
            sentences.append("\(range), total \(total).")
            sentences.append("Most common: \(describe(largest)).")
        }
        sentences.append("The table with this chart lists every value.")
        return sentences.joined(separator: " ")
    }

    /// The first entry with the highest value.
    private var largest: ChartSeries {
        chart.series.reduce(chart.series[0]) { best, item in item.value > best.value ? item : best }
    }

    /// The first entry with the lowest value.
    private var smallest: ChartSeries {
        chart.series.reduce(chart.series[0]) { best, item in item.value < best.value ? item : best }
    }

    private func describe(_ item: ChartSeries) -> String {
        "\(item.label), \(ChartFormat.number(item.value))"
    }
}
