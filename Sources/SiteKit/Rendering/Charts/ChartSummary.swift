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
            let categories = chart.tableSeries?.count ?? series.count
            let noun = categories == 1 ? "category" : "categories"
            sentences.append("\(ChartFormat.number(categories)) \(noun), total \(total).")
            if categories > series.count {
                sentences.append("The last bar, \(last.label), sums the \(ChartFormat.number(categories - series.count + 1)) smallest.")
            }
            if series.count > 1, largest.value == smallest.value {
                sentences.append("Each has \(ChartFormat.number(largest.value)).")
            } else {
                sentences.append("Largest: \(describe(largest, among: chart.tableSeries ?? series)).")
                if series.count > 1 { sentences.append("Smallest: \(describe(smallest, among: chart.tableSeries ?? series)).") }
            }
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
        let entries = chart.tableSeries ?? chart.series
        return entries.reduce(entries[0]) { best, item in item.value > best.value ? item : best }
    }

    /// The first entry with the lowest value, among every category when the bars group some.
    private var smallest: ChartSeries {
        let entries = chart.tableSeries ?? chart.series
        return entries.reduce(entries[0]) { best, item in item.value < best.value ? item : best }
    }

    private func describe(_ item: ChartSeries) -> String {
        "\(item.label), \(ChartFormat.number(item.value))"
    }

    /// `item`, or its value and how many share it when it is not the only one with that value:
    /// "Ireland, 1" would single out one of four countries with one person.
    private func describe(_ item: ChartSeries, among entries: [ChartSeries]) -> String {
        let sharing = entries.count { $0.value == item.value }
        return sharing > 1 ? "\(ChartFormat.number(item.value)), shared by \(ChartFormat.number(sharing))" : describe(item)
    }
}
