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

    private enum Part: Sendable {
        case people(page: Int, [Person])
        case posts(LenientArray<Post>)
        case authors(LenientArray<Author>)
        case comments(LenientArray<Comment>)
    }

    /// How many randomuser pages are fetched at the same time.
    static let pagesAtOnce = 3

    func fetch() async throws -> SiteData {
        var pages = RandomUserAPI.pages(for: users).makeIterator()
        let parts = try await withThrowingTaskGroup(of: Part.self, returning: [Part].self) { group in
            // At most `pagesAtOnce` people pages in flight: each is megabytes of JSON, held while
            // it arrives, is stored and is decoded, and 50,000 people are ten such pages.
            func addNextPage() {
                guard let (page, size) = pages.next() else { return }
                group.addTask {
                    let endpoint = RandomUserAPI.people(results: size, seed: seed, page: page, nationalities: nationalities)
                    return .people(page: page, try await client.load(endpoint, from: randomUserURL).0.results)
                }
            }
            for _ in 0..<Self.pagesAtOnce { addNextPage() }
            group.addTask { .posts(try await client.load(JSONPlaceholderAPI.posts, from: jsonPlaceholderURL).0) }
            group.addTask { .authors(try await client.load(JSONPlaceholderAPI.authors, from: jsonPlaceholderURL).0) }
            group.addTask { .comments(try await client.load(JSONPlaceholderAPI.comments, from: jsonPlaceholderURL).0) }
            var parts: [Part] = []
            for try await part in group {
                if case .people = part { addNextPage() }
                parts.append(part)
            }
            return parts
        }
        var peoplePages: [Int: [Person]] = [:]
        var posts: [Post] = [], authors: [Author] = [], comments: [Comment] = []
        var skipped = 0
        for part in parts {
            switch part {
            case .people(let page, let people): peoplePages[page] = people
            case .posts(let list): posts = list.elements; skipped += list.skipped
            case .authors(let list): authors = list.elements; skipped += list.skipped
            case .comments(let list): comments = list.elements; skipped += list.skipped
            }
        }
        let people = peoplePages.keys.sorted().flatMap { peoplePages[$0] ?? [] }
        var data = SiteData(people: people, posts: posts, authors: authors, comments: comments, skipped: skipped)
        if data.people.count > users { data.people.removeLast(data.people.count - users) }
        var pictureURLs: [String: URL?] = [:]
        for index in data.people.indices { data.people[index].picture?.checkURLs(interning: &pictureURLs) }
        return data
    }
}
