import Foundation

/// One post as the list template shows it: title, excerpt, author's name and comment count.
struct PostEntry {
    static func context(for post: Post, author: Author?, comments: Int, words: Words = .english) -> [String: Any] {
        [
            "title": post.shownTitle,
            "excerpt": excerpt(post.body),
            "author": author?.shownName ?? words(.unknownAuthor),
            "comments": comments,
            "commentsLabel": words.count(.commentsCount, comments),
            "commentsText": words.counted(.commentsCount, comments).text,
        ]
    }

    /// The body's first 160 characters on one line, cut at a word boundary.
    static func excerpt(_ body: String, limit: Int = 160) -> String {
        let flat = body.lines.joined(separator: " ")
        guard flat.count > limit else { return flat }
        let cut = flat.prefix(limit)
        let word = cut.lastIndex(of: " ").map { cut[..<$0] } ?? cut
        return word.trimmingCharacters(in: excerptEnds) + "…"
    }

    /// What an excerpt does not end with before its "…" (built once: a union is costly on Linux).
    private static let excerptEnds = CharacterSet.punctuationCharacters.union(.whitespaces)
}
