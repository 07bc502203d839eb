import Foundation

/// Everything the APIs returned for one build, cleaned up: people deduplicated, in API order.
public struct SiteData: Sendable {
    public var people: [Person]
    public var posts: [Post]
    public var authors: [Author]
    public var comments: [Comment]
    /// Entries the APIs sent that could not be read at all, skipped with a warning.
    public var skipped: Int

    public init(people: [Person], posts: [Post], authors: [Author], comments: [Comment], skipped: Int = 0) {
        self.people = SiteData.unique(people)
        self.posts = posts
        self.authors = authors
        self.comments = comments
        self.skipped = skipped
    }

    /// The first occurrence of each person (same `login.uuid` means the same person).
    static func unique(_ people: [Person]) -> [Person] {
        var seen = Set<String>()
        return people.filter { seen.insert($0.identity).inserted }
    }
}

/// Where a build's data came from, for the summary and the pages.
public struct DataSource: Sendable, Hashable {
    /// True when the embedded demo API supplied the data.
    public var isDemo: Bool
    /// Hosts the data came from, or the host that could not be reached (demo fallback).
    public var detail: String

    /// `live (randomuser.me, jsonplaceholder.typicode.com)` or `demo (embedded API; randomuser.me unreachable)`.
    public var summary: String {
        isDemo ? "demo (\(detail))" : "live (\(detail))"
    }
}
