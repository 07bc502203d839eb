/// The `pagination` value templates see for page `current` of a paginated section.
extension Pagination {
    /// `label`: "page 2 of 7" in `words`, for the title and heading of a later page.
    func context(current: Int, links: LinkStyle = .folders, words: Words = .english) -> [String: Any] {
        let visible = visiblePages(around: current)
        var context: [String: Any] = [
            "current": current,
            "total": pageCount,
            "hasPages": pageCount > 1,
            "isFirst": current == 1,
            "isLater": current > 1,
            "label": words(.pageOf, ["current": String(current), "total": String(pageCount)]),
            "pages": zip([0] + visible, visible).map { previous, number -> [String: Any] in
                ["number": number, "label": words(.pageNumber, ["number": String(number)]),
                 "href": Pagination.link(from: current, to: number, links: links), "current": number == current,
                 "gapBefore": number - previous > 1]
            },
        ]
        if current > 1 { context["prev"] = ["href": Pagination.link(from: current, to: current - 1, links: links)] as [String: Any] }
        if current < pageCount { context["next"] = ["href": Pagination.link(from: current, to: current + 1, links: links)] as [String: Any] }
        return context
    }
}
