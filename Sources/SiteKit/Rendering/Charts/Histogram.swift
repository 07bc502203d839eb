/// Turns raw values into chart series: bins for numbers, counts for categories and years.
/// Every result is in a fixed order, so charts built from it are deterministic.
public enum Histogram {
    /// Counts `values` into bins `width` wide, starting at `start`, with no gaps: empty bins in
    /// between are kept with a count of 0.
    ///
    /// Labels are `"18–27"` (both ends included), or the single value when `width` is 1 (handy
    /// for "posts with 0, 1, 2… comments" or years). `start` defaults to the smallest value
    /// rounded down to a multiple of `width`; values below `start` are not counted. At most
    /// `maxBins` bins are made: if more would be needed the last one is open-ended (`"990+"`)
    /// and holds every larger value, so one absurd value cannot blow up the chart.
    /// Empty input gives an empty series.
    public static func bins(values: [Int], width: Int, start: Int? = nil, maxBins: Int = 100) -> [ChartSeries] {
        let width = max(1, width)
        guard let low = values.min(), let high = values.max() else { return [] }
        let first = start ?? alignedDown(low, to: width)
        guard high >= first else { return [] }
        let (span, spanOverflow) = high.subtractingReportingOverflow(first)
        let needed = spanOverflow ? Int.max : span / width + 1
        let count = min(needed, max(1, maxBins))
        var counts = Array(repeating: 0, count: count)
        for value in values where value >= first {
            let (offset, overflow) = value.subtractingReportingOverflow(first)
            counts[overflow ? count - 1 : min(offset / width, count - 1)] += 1
        }
        return counts.enumerated().map { index, total in
            let lower = Saturating.add(first, Saturating.multiply(index, width))
            let isOpen = index == count - 1 && needed > count
            let label = isOpen ? "\(lower)+" : range(lower, Saturating.add(lower, width - 1))
            return ChartSeries(label: label, value: total)
        }
    }

    /// Counts `values` into bins that start at each of `edges` (sorted and deduplicated first):
    /// `[18, 25, 35, 65]` gives `18–24`, `25–34`, `35–64` and `65+`. Values below the first edge
    /// are not counted. All bins are returned, even empty ones; empty input gives an empty series.
    public static func bins(values: [Int], edges: [Int]) -> [ChartSeries] {
        let edges = Array(Set(edges)).sorted()
        guard !values.isEmpty, !edges.isEmpty else { return [] }
        var counts = Array(repeating: 0, count: edges.count)
        for value in values {
            if let index = edges.lastIndex(where: { $0 <= value }) { counts[index] += 1 }
        }
        return edges.indices.map { index in
            let label = index + 1 < edges.count ? range(edges[index], edges[index + 1] - 1) : "\(edges[index])+"
            return ChartSeries(label: label, value: counts[index])
        }
    }

    /// How often each category occurs, most frequent first; ties in label order (by Unicode
    /// scalar values, independent of locale).
    public static func countsByKey(_ keys: [String]) -> [ChartSeries] {
        var counts: [String: Int] = [:]
        for key in keys { counts[key, default: 0] += 1 }
        return counts
            .map { ChartSeries(label: $0.key, value: $0.value) }
            .sorted { $0.value != $1.value ? $0.value > $1.value : $0.label.unicodeScalars.lexicographicallyPrecedes($1.label.unicodeScalars) }
    }

    /// How often each number (such as a registration year) occurs, smallest number first.
    /// Numbers that never occur are left out; use ``bins(values:width:start:maxBins:)`` with
    /// width 1 to keep them as zeros.
    public static func countsByKey(_ keys: [Int]) -> [ChartSeries] {
        var counts: [Int: Int] = [:]
        for key in keys { counts[key, default: 0] += 1 }
        return counts.keys.sorted().map { ChartSeries(label: String($0), value: counts[$0]!) }
    }

    /// The largest entries of `series` (sorted largest first) followed by one entry summing the
    /// rest, labelled `otherLabel(how many it sums)`, so that at most `count` bars are drawn. Keeps
    /// a bar chart readable when the data has thousands of categories. `series` is left whole
    /// when it has at most `count` entries, or when the sum would stand for fewer than
    /// `fewestGrouped` (a bar "Other (2 countries)" saved one line and hid two names). The cut
    /// never falls between equal values, a country shown and one as large hidden, unless moving
    /// it before them would leave fewer than half the bars.
    public static func top(_ series: [ChartSeries], count: Int, fewestGrouped: Int = 3,
                           otherLabel: (_ grouped: Int) -> String = { _ in "Other" }) -> [ChartSeries] {
        let count = max(1, count)
        guard series.count > count else { return series }
        var shown = count - 1
        while shown > count / 2, series[shown].value == series[shown - 1].value { shown -= 1 }
        if shown > 0, series[shown].value == series[shown - 1].value { shown = count - 1 }
        guard series.count - shown >= fewestGrouped else { return series }
        let rest = series[shown...].reduce(0) { Saturating.add($0, $1.value) }
        return Array(series.prefix(shown)) + [ChartSeries(label: otherLabel(series.count - shown), value: rest)]
    }

    private static func range(_ lower: Int, _ upper: Int) -> String {
        lower == upper ? "\(lower)" : "\(lower)–\(upper)"
    }

    /// The largest multiple of `width` not above `value` (rounding towards minus infinity).
    private static func alignedDown(_ value: Int, to width: Int) -> Int {
        let quotient = value / width - (value % width < 0 ? 1 : 0)
        let (aligned, overflow) = quotient.multipliedReportingOverflow(by: width)
        return overflow ? value : aligned
    }
}

/// Integer arithmetic that clamps to `Int.min`/`Int.max` instead of trapping on hostile input.
enum Saturating {
    static func add(_ a: Int, _ b: Int) -> Int {
        let (result, overflow) = a.addingReportingOverflow(b)
        return overflow ? (b > 0 ? Int.max : Int.min) : result
    }

    static func multiply(_ a: Int, _ b: Int) -> Int {
        let (result, overflow) = a.multipliedReportingOverflow(by: b)
        return overflow ? ((a < 0) != (b < 0) ? Int.min : Int.max) : result
    }
}
