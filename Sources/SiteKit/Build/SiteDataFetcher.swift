import Foundation

/// Fetches people and posts for one build: randomuser pages a few at a time and JSONPlaceholder's
/// three lists concurrently, the first failure cancelling the rest.
struct SiteDataFetcher: Sendable {
    var client: any HTTPFetching
    var randomUserURL: URL
    var jsonPlaceholderURL: URL
    var users: Int
    var seed: String
    var nationalities: [String]
    /// How long the other requests may take to fail after one host could not be reached: a
    /// moment, and the longest their retries' backoffs add up to when unreachable hosts are
    /// retried (`--live`), which spread the failures over seconds, so that a different request
    /// was named by each run.
    var unreachableGrace = Self.unreachableGrace

    private enum Part: Sendable {
        case people(page: Int, RandomUserPage, URL)
        case posts(LenientArray<Post>)
        case authors(LenientArray<Author>)
        case comments(LenientArray<Comment>)
    }

    /// One part of the data, with what of its text had to be replaced to be read.
    private struct Received: Sendable {
        var part: Part
        var replaced: ReplacedText?
    }

    /// `endpoint` loaded from `base` as `part` makes it a `Part`.
    private func receive<Response>(_ endpoint: Endpoint<Response>, from base: URL,
                                    _ part: (Response) -> Part) async throws -> Received {
        let (value, result) = try await client.load(endpoint, from: base)
        return Received(part: part(value), replaced: result.textProblem.map {
            ReplacedText(url: endpoint.request(baseURL: base).url, problem: $0)
        })
    }

    /// How many randomuser pages are fetched at the same time.
    static let pagesAtOnce = 3

    /// The grace without retries of unreachable hosts (see `unreachableGrace`).
    static let unreachableGrace = Duration.milliseconds(500)

    /// The grace for requests made with `retry`.
    static func unreachableGrace(for retry: RetryPolicy) -> Duration {
        retry.retriesUnreachable && retry.maxAttempts > 1 ? unreachableGrace + .milliseconds(Int(retry.longestBackoff * 1000)) : unreachableGrace
    }

    func fetch() async throws -> SiteData {
        var pages = RandomUserAPI.pages(for: users).makeIterator()
        let parts = try await withThrowingTaskGroup(of: Received?.self, returning: [Received].self) { group in
            var running = 0
            func add(_ work: @escaping @Sendable () async throws -> Received) {
                running += 1
                group.addTask { try await work() }
            }
            // At most `pagesAtOnce` people pages in flight: each is megabytes of JSON, held while
            // it arrives, is stored and is decoded, and 50,000 people are ten such pages.
            func addNextPage() {
                guard let (page, size) = pages.next() else { return }
                add {
                    let endpoint = RandomUserAPI.people(results: size, seed: seed, page: page, nationalities: nationalities)
                    return try await receive(endpoint, from: randomUserURL) { .people(page: page, $0, endpoint.request(baseURL: randomUserURL).url) }
                }
            }
            for _ in 0..<Self.pagesAtOnce { addNextPage() }
            add { try await receive(JSONPlaceholderAPI.posts, from: jsonPlaceholderURL) { .posts($0) } }
            add { try await receive(JSONPlaceholderAPI.authors, from: jsonPlaceholderURL) { .authors($0) } }
            add { try await receive(JSONPlaceholderAPI.comments, from: jsonPlaceholderURL) { .comments($0) } }
            var parts: [Received] = []
            var unreachable: [FetchError] = []
            while running > 0, let result = await group.nextResult() {
                switch result {
                case .success(nil):
                    // The moment given to the other requests is over.
                    group.cancelAll()
                    running = 0
                case .success(let part?):
                    running -= 1
                    if case .people = part.part {
                        // The page's JSON, decoded, is garbage now; freed on another thread than the
                        // next page's, glibc would keep it resident in that thread's arena (`FreedMemory`).
                        FreedMemory.release()
                        if unreachable.isEmpty { addNextPage() }
                    }
                    parts.append(part)
                case .failure(let error):
                    running -= 1
                    guard let failure = error as? FetchError, failure.isUnreachable else {
                        // After a host could not be reached, that is the news (and the reason to
                        // fall back on demo data), whatever else goes wrong meanwhile.
                        if unreachable.isEmpty { throw error }
                        continue
                    }
                    if unreachable.isEmpty {
                        // With no network every host fails at once, and which fails first is a race:
                        // the others get a moment to fail too, so that the same host is named each time.
                        group.addTask {
                            try? await Task.sleep(for: unreachableGrace)
                            return nil
                        }
                    }
                    unreachable.append(failure)
                }
            }
            group.cancelAll()
            // The people's API before the posts', then by URL: one order whatever came first.
            func order(_ failure: FetchError) -> (Int, String) {
                (failure.url.host == randomUserURL.host && failure.url.port == randomUserURL.port ? 0 : 1, failure.url.absoluteString)
            }
            if let first = unreachable.min(by: { order($0) < order($1) }) {
                throw first
            }
            return parts
        }
        var peoplePages: [Int: (page: RandomUserPage, url: URL)] = [:]
        var posts: [Post] = [], authors: [Author] = [], comments: [Comment] = []
        var skipped: [SkippedEntries] = []
        func note<Element>(_ list: LenientArray<Element>, _ name: String, from endpoint: Endpoint<LenientArray<Element>>) -> [Element] {
            skipped.append(SkippedEntries(list: name, url: endpoint.request(baseURL: jsonPlaceholderURL).url,
                                          count: list.skipped, firstProblem: list.firstProblem))
            return list.elements
        }
        for part in parts.map(\.part) {
            switch part {
            case .people(let number, let page, let url): peoplePages[number] = (page, url)
            case .posts(let list): posts = note(list, "posts", from: JSONPlaceholderAPI.posts)
            case .authors(let list): authors = note(list, "authors", from: JSONPlaceholderAPI.authors)
            case .comments(let list): comments = note(list, "comments", from: JSONPlaceholderAPI.comments)
            }
        }
        let received = peoplePages.keys.sorted().compactMap { peoplePages[$0] }
        for (page, url) in received.reversed() where page.skipped > 0 {
            skipped.insert(SkippedEntries(list: "people", url: url, count: page.skipped, firstProblem: page.firstProblem), at: 0)
        }
        let people = received.flatMap { $0.page.results }
        var data = SiteData(people: people, posts: posts, authors: authors, comments: comments, skipped: skipped)
        // In a fixed order, whichever answer came first: people pages by number, then the rest.
        data.replacedText = parts.compactMap(\.replaced).sorted { $0.url.absoluteString < $1.url.absoluteString }
        if data.people.count > users { data.people.removeLast(data.people.count - users) }
        var pictureURLs: [String: URL?] = [:]
        for index in data.people.indices { data.people[index].picture?.checkURLs(interning: &pictureURLs) }
        return data
    }
}
