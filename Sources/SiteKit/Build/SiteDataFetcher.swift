import Foundation

/// Fetches people and posts for one build: every randomuser page and JSONPlaceholder's three
/// lists concurrently, the first failure cancelling the rest.
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

    func fetch() async throws -> SiteData {
        let pages = RandomUserAPI.pages(for: users)
        let parts = try await withThrowingTaskGroup(of: Part.self, returning: [Part].self) { group in
            for (page, size) in pages {
                group.addTask {
                    let endpoint = RandomUserAPI.people(results: size, seed: seed, page: page, nationalities: nationalities)
                    return .people(page: page, try await client.load(endpoint, from: randomUserURL).0.results)
                }
            }
            group.addTask { .posts(try await client.load(JSONPlaceholderAPI.posts, from: jsonPlaceholderURL).0) }
            group.addTask { .authors(try await client.load(JSONPlaceholderAPI.authors, from: jsonPlaceholderURL).0) }
            group.addTask { .comments(try await client.load(JSONPlaceholderAPI.comments, from: jsonPlaceholderURL).0) }
            var parts: [Part] = []
            for try await part in group { parts.append(part) }
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
        return data
    }
}
