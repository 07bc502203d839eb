import Foundation

/// Everything the APIs returned for one build, cleaned up: people deduplicated, in API order.
public struct SiteData: Sendable {
    public var people: [Person]
    public var posts: [Post]
    public var authors: [Author]
    public var comments: [Comment]
    /// Entries the APIs sent that could not be read at all, skipped with a warning.
    public var skipped: [SkippedEntries]
    /// Answers whose text had to be replaced with U+FFFD to be read, each with a warning.
    public var replacedText: [ReplacedText] = []
    /// People left out as repeats of an earlier one (same `login.uuid` and name).
    public var repeats: Int
    /// Posts, and authors, left out because an earlier one had their id: comments find their
    /// post, and posts their author, by id alone.
    public var repeatedPosts = 0, repeatedAuthors = 0

    public init(people: [Person], posts: [Post], authors: [Author], comments: [Comment], skipped: [SkippedEntries] = []) {
        (self.people, repeats) = SiteData.unique(people)
        self.posts = SiteData.firstOfEachID(posts, \.id)
        self.authors = SiteData.firstOfEachID(authors, \.id)
        self.comments = comments
        repeatedPosts = posts.count - self.posts.count
        repeatedAuthors = authors.count - self.authors.count
        self.skipped = skipped.filter { $0.count > 0 }
    }

    /// The first entry of each id, in the order sent: two posts of one id showed the same
    /// comments, and two authors of one id the same posts, with nothing to tell them apart.
    static func firstOfEachID<Entry, ID: Hashable>(_ entries: [Entry], _ id: KeyPath<Entry, ID>) -> [Entry] {
        var seen = Set<ID>()
        return entries.filter { seen.insert($0[keyPath: id]).inserted }
    }

    /// The first occurrence of each person, and how many repeats were left out. The same
    /// `login.uuid` and the same name are the same person sent twice; people who share a
    /// `login.uuid` but not a name are different people with a broken id, and all are kept.
    static func unique(_ people: [Person]) -> (people: [Person], repeats: Int) {
        var seen = Set<String>()
        let kept = people.filter { seen.insert($0.identity + "|" + $0.name.full).inserted }
        return (kept, people.count - kept.count)
    }
}

/// Entries of one API list that could not be read, for the warning that names them.
public struct SkippedEntries: Sendable, Equatable {
    /// "people", "posts", "authors" or "comments".
    public var list: String
    public var url: URL
    public var count: Int
    /// Why the first could not be read, with its JSON path.
    public var firstProblem: String?

    /// "2 of the posts from https://…/posts could not be read and were skipped (the first at $[3].title: the field is missing)."
    var warning: String {
        let verb = count == 1 ? "was" : "were"
        return "\(count) of the \(list) from \(url.shown) could not be read and \(verb) skipped"
            + (firstProblem.map { " (the first \($0))" } ?? "") + "."
    }
}

/// An answer whose text had to be replaced to be read (see `JSONTextRepair`).
public struct ReplacedText: Sendable, Equatable {
    public var url: URL
    /// What was replaced, as a clause: "holds 2 bytes that are not UTF-8 (…), shown as �".
    public var problem: String

    var warning: String {
        "the answer of \(url.shown) \(problem). Tell whoever runs the API; the rest of it was read as sent."
    }
}

/// Where a build's data came from, for the summary and the pages.
public struct DataSource: Sendable, Hashable {
    /// True when the embedded demo API supplied the data.
    public var isDemo: Bool
    /// Hosts the data came from, or the host that could not be reached (demo fallback).
    public var detail: String
    /// True when `--offline` kept every request in the cache.
    public var offline = false
    /// What the pages name as the live data's sources (`{{source}}`, joined by the theme's "and"):
    /// randomuser.me and JSONPlaceholder, or "a randomuser-compatible API" for an address of the
    /// user's own (see `credit(randomUser:jsonPlaceholder:)`); nil where `detail` is all there is.
    public var credit: [String]?

    public init(isDemo: Bool, detail: String, offline: Bool = false, credit: [String]? = nil) {
        self.isDemo = isDemo
        self.detail = detail
        self.offline = offline
        self.credit = credit
    }

    /// The APIs by name, never by address: a mirror's or a test server's host and port (a CI
    /// service on a random port) made every page differ from one run to the next, and put an
    /// internal host name on public pages.
    static func credit(randomUser: URL, jsonPlaceholder: URL) -> [String] {
        let people = randomUser.host?.lowercased() == "randomuser.me" ? "randomuser.me" : "a randomuser-compatible API"
        let posts = jsonPlaceholder.host?.lowercased() == "jsonplaceholder.typicode.com" ? "JSONPlaceholder" : "a JSONPlaceholder-compatible API"
        return [people, posts]
    }

    /// `live (randomuser.me, jsonplaceholder.typicode.com)` or `demo (embedded API; randomuser.me unreachable)`.
    public var summary: String {
        isDemo ? "demo (\(detail))" : offline ? "live (\(detail), from the cache: --offline made no request)" : "live (\(detail))"
    }
}
