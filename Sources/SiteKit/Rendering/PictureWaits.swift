import Foundation

/// Which pages can be rendered as pictures settle: each page waits for every picture it may show,
/// among those the build fetches, until each has been published or has failed.
struct PictureWaits: Sendable {
    /// Pages whose pictures have all settled (or that wait for none), not yet handed out.
    private var ready: [Int] = []
    private var waiters: [URL: [Int]] = [:]
    private var unsettled: [Int: Int] = [:]

    /// - Parameter pictures: for each page, by number from 0, the picture URLs it may show.
    init(pictures: some Sequence<Set<URL>>) {
        for (page, urls) in pictures.enumerated() {
            if urls.isEmpty {
                ready.append(page)
            } else {
                unsettled[page] = urls.count
                for url in urls { waiters[url, default: []].append(page) }
            }
        }
    }

    /// Person pages, by list position: each shows one picture of `SiteRenderer.pictureSizes`.
    /// - Parameters:
    ///   - people: the people in list order.
    ///   - requested: the picture URLs the build fetches; a page never waits for any other.
    init(people: some Sequence<Person>, requested: Set<URL>) {
        self.init(pictures: people.lazy.map { Self.pictures(of: $0, sizes: SiteRenderer.pictureSizes, requested: requested) })
    }

    /// People list pages, by page number less one: each shows every fetched size of its people's
    /// pictures (`src` and `srcset`).
    init(lists people: some RandomAccessCollection<Person>, perPage: Int, requested: Set<URL>) {
        let pagination = Pagination(totalItems: people.count, perPage: perPage)
        self.init(pictures: (1...pagination.pageCount).lazy.map { number in
            pagination.range(ofPage: number).reduce(into: Set<URL>()) { urls, position in
                let person = people[people.index(people.startIndex, offsetBy: position)]
                urls.formUnion(Self.pictures(of: person, sizes: ImageSize.allCases, requested: requested))
            }
        })
    }

    private static func pictures(of person: Person, sizes: [ImageSize], requested: Set<URL>) -> Set<URL> {
        Set(sizes.compactMap { size in person.picture?.url(size).flatMap { requested.contains($0) ? $0 : nil } })
    }

    /// Records that `url` settled; returns the pages that became ready, in order.
    mutating func settle(_ url: URL) -> [Int] {
        for position in waiters.removeValue(forKey: url) ?? [] {
            let left = (unsettled[position] ?? 1) - 1
            if left == 0 {
                unsettled[position] = nil
                ready.append(position)
            } else {
                unsettled[position] = left
            }
        }
        return takeReady()
    }

    /// The ready pages not handed out yet, in order.
    mutating func takeReady() -> [Int] {
        defer { ready.removeAll() }
        return ready.sorted()
    }

    /// Pages still waiting for a picture.
    var waitingCount: Int { unsettled.count }
}
