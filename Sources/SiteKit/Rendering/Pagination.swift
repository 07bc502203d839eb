import Foundation

/// Splits a list into pages and names their URLs: `<section>/`, then `<section>/page/2.html`, and so on.
public struct Pagination: Sendable, Equatable {
    public let totalItems: Int
    public let perPage: Int

    public init(totalItems: Int, perPage: Int) {
        self.totalItems = max(0, totalItems)
        self.perPage = max(1, perPage)
    }

    /// At least one page, even for an empty list.
    public var pageCount: Int { max(1, (totalItems + perPage - 1) / perPage) }

    /// The item indexes on page `number` (1-based).
    public func range(ofPage number: Int) -> Range<Int> {
        let start = min(totalItems, (number - 1) * perPage)
        return start..<min(totalItems, start + perPage)
    }

    /// Output path of page `number` inside the section folder: "index.html", "page/2.html".
    public static func path(ofPage number: Int) -> String {
        number == 1 ? "index.html" : "page/\(number).html"
    }

    /// Relative link from page `from` to page `to`, both inside the same section; the first page
    /// is its folder ("./", "../") or, with `links: files`, its file ("index.html", "../index.html").
    public static func link(from: Int, to: Int, links: LinkStyle = .folders) -> String {
        switch (from == 1, to == 1) {
        case (true, true): return links == .files ? "index.html" : "./"
        case (true, false): return "page/\(to).html"
        case (false, true): return "../" + links.index
        case (false, false): return "\(to).html"
        }
    }

    /// The page numbers to show around `current`: first, last and a window of neighbours. A gap
    /// of a single page is filled with that page, since an ellipsis would take the same room.
    public func visiblePages(around current: Int, window: Int = 2) -> [Int] {
        let count = pageCount
        var pages = Set([1, count])
        for page in max(1, current - window)...min(count, current + window) { pages.insert(page) }
        let sorted = pages.sorted()
        for (previous, next) in zip(sorted, sorted.dropFirst()) where next - previous == 2 { pages.insert(previous + 1) }
        return pages.sorted()
    }
}
