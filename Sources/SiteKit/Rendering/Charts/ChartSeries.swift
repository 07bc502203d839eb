/// One labelled number in a chart: a category and its count, or a bin and how many values fell in it.
public struct ChartSeries: Sendable, Hashable {
    /// What the number counts, shown next to the bar and in the table's first column.
    /// Comes from data, so it is escaped wherever it is written.
    public var label: String
    /// The number itself. Negative values are printed as they are but drawn as zero.
    public var value: Int

    /// Creates one labelled number.
    public init(label: String, value: Int) {
        self.label = label
        self.value = value
    }
}

/// How a chart draws its series.
public enum ChartKind: Sendable, Hashable {
    /// Horizontal bars, one per category, in the order given (categories such as nationality).
    case bars
    /// Vertical columns side by side, for ordered bins (ages, years, comments per post).
    case columns

    /// The words that open the chart's description for screen readers.
    func name(_ words: Words) -> String {
        switch self {
        case .bars: words(.barChart)
        case .columns: words(.columnChart)
        }
    }
}
