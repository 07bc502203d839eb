import Foundation

/// Which person pages can be rendered as pictures settle: a page waits for every picture it may
/// show (`SiteRenderer.pictureSizes`) among those the build fetches, published or failed.
struct PictureWaits: Sendable {
    /// List positions whose pictures have all settled (or that wait for none), not yet handed out.
    private var ready: [Int] = []
    private var waiters: [URL: [Int]] = [:]
    private var unsettled: [Int: Int] = [:]

    /// - Parameters:
    ///   - people: the people in list order.
    ///   - requested: the picture URLs the build fetches; a page never waits for any other.
    init(people: some Sequence<Person>, requested: Set<URL>) {
        for (position, person) in people.enumerated() {
            var urls: Set<URL> = []
            for size in SiteRenderer.pictureSizes {
                if let url = SafeURL.http(size.url(in: person.picture)), requested.contains(url) { urls.insert(url) }
            }
            if urls.isEmpty {
                ready.append(position)
            } else {
                unsettled[position] = urls.count
                for url in urls { waiters[url, default: []].append(position) }
            }
        }
    }

    /// Records that `url` settled; returns the positions that became ready, in list order.
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

    /// The ready positions not handed out yet, in list order.
    mutating func takeReady() -> [Int] {
        defer { ready.removeAll() }
        return ready.sorted()
    }

    /// Positions still waiting for a picture.
    var waitingCount: Int { unsettled.count }
}
