/// The `pagination` value templates see for page `current` of a paginated section.
extension Pagination {
    func context(current: Int, links: LinkStyle = .folders) -> [String: Any] {
        let visible = visiblePages(around: current)
        var context: [String: Any] = [
            "current": current,
            "total": pageCount,
            "hasPages": pageCount > 1,
            "isFirst": current == 1,
            "isLater": current > 1,
            "pages": zip([0] + visible, visible).map { previous, number -> [String: Any] in
                ["number": number, "href": Pagination.link(from: current, to: number, links: links), "current": number == current,
                 "gapBefore": number - previous > 1]
            },
        ]
        if current > 1 { context["prev"] = ["href": Pagination.link(from: current, to: current - 1, links: links)] as [String: Any] }
        if current < pageCount { context["next"] = ["href": Pagination.link(from: current, to: current + 1, links: links)] as [String: Any] }
        return context
    }
}
