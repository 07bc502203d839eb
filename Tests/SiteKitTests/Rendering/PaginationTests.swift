import Testing
@testable import SiteKit

@Suite struct PaginationTests {
    @Test func pageCountAndRanges() {
        let pagination = Pagination(totalItems: 50, perPage: 24)
        #expect(pagination.pageCount == 3)
        #expect(pagination.range(ofPage: 1) == 0..<24)
        #expect(pagination.range(ofPage: 3) == 48..<50)
        #expect(Pagination(totalItems: 48, perPage: 24).pageCount == 2)
        #expect(Pagination(totalItems: 0, perPage: 24).pageCount == 1)
        #expect(Pagination(totalItems: 0, perPage: 24).range(ofPage: 1).isEmpty)
        #expect(Pagination(totalItems: 1, perPage: 1).pageCount == 1)
    }

    @Test func pathsAndRelativeLinks() {
        #expect(Pagination.path(ofPage: 1) == "index.html")
        #expect(Pagination.path(ofPage: 7) == "page/7.html")
        #expect(Pagination.link(from: 1, to: 2) == "page/2.html")
        #expect(Pagination.link(from: 2, to: 1) == "../")
        #expect(Pagination.link(from: 2, to: 3) == "3.html")
        #expect(Pagination.link(from: 1, to: 1) == "./")
        // links: files names the first page's file, which a browser opens from disk.
        #expect(Pagination.link(from: 2, to: 1, links: .files) == "../index.html")
        #expect(Pagination.link(from: 1, to: 1, links: .files) == "index.html")
        #expect(Pagination.link(from: 1, to: 2, links: .files) == "page/2.html")
        #expect(Pagination.link(from: 3, to: 2, links: .files) == "2.html")
    }

    @Test func visiblePagesKeepTheEndsAndAWindow() {
        let pagination = Pagination(totalItems: 1000, perPage: 10)
        #expect(pagination.visiblePages(around: 1) == [1, 2, 3, 100])
        #expect(pagination.visiblePages(around: 50) == [1, 48, 49, 50, 51, 52, 100])
        #expect(Pagination(totalItems: 120, perPage: 24).visiblePages(around: 1) == [1, 2, 3, 4, 5])
        #expect(pagination.visiblePages(around: 5) == [1, 2, 3, 4, 5, 6, 7, 100])
    }

    @Test("an ellipsis marks every gap in the page numbers, and only gaps")
    func gapsAreMarked() {
        let context = Pagination(totalItems: 1000, perPage: 10).context(current: 50)
        let pages = context["pages"] as? [[String: Any]] ?? []
        #expect(pages.compactMap { $0["number"] as? Int } == [1, 48, 49, 50, 51, 52, 100])
        #expect(pages.compactMap { $0["gapBefore"] as? Bool } == [false, true, false, false, false, false, true])
    }
}
