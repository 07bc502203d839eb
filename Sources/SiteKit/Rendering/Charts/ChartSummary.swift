/// The text a screen reader reads for a chart: its kind and title, how many entries, the total,
/// and the largest (and, for bars, the smallest) entry. The table carries every number.
struct ChartSummary {
    var chart: Chart

    var text: String {
        let words = chart.words
        let opening = words(.summaryOpening, ["kind": chart.kind.name(words), "title": chart.title])
        let series = chart.series
        guard let first = series.first, let last = series.last else { return opening + " " + words(.noData) + "." }
        let total = words.number(chart.total)
        var sentences = [opening]
        switch chart.kind {
        case .bars:
            let categories = chart.tableSeries?.count ?? series.count
            sentences.append(words.count(.summaryCategories, categories, ["total": total]))
            if categories > series.count {
                sentences.append(words.count(.summaryGrouped, categories - series.count + 1, ["label": last.label]))
            }
            if series.count > 1, largest.value == smallest.value {
                sentences.append(words(.summaryEach, ["value": words.number(largest.value)]))
            } else {
                sentences.append(words(.summaryLargest, ["entry": describe(largest, among: chart.tableSeries ?? series)]))
                if series.count > 1 { sentences.append(words(.summarySmallest, ["entry": describe(smallest, among: chart.tableSeries ?? series)])) }
            }
        case .columns:
            sentences.append(words.count(.summaryBins, series.count, ["first": first.label, "last": last.label, "total": total]))
            sentences.append(words(.summaryMostCommon, ["entry": describe(largest)]))
        }
        sentences.append(words(.summaryTable))
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
        item.label + chart.words(.comma) + chart.words.number(item.value)
    }

    /// `item`, or its value and how many share it when it is not the only one with that value:
    /// "Ireland, 1" would single out one of four countries with one person.
    private func describe(_ item: ChartSeries, among entries: [ChartSeries]) -> String {
        let sharing = entries.count { $0.value == item.value }
        return sharing > 1 ? chart.words.count(.summaryShared, sharing, ["value": chart.words.number(item.value)]) : describe(item)
    }
}
