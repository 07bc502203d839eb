import Foundation

/// The titles and names pages show for data that leaves them blank. Text of nothing but spaces
/// (or of characters HTML never shows) is as good as none, and gets the same words on the page,
/// in lists, in the previous and next links and in the feed.
extension Post {
    /// The title, or "Untitled post" when it is blank.
    var shownTitle: String { title.nonBlank ?? "Untitled post" }
}

extension Author {
    /// The name, or "Author <id>" when it is blank.
    var shownName: String { name.nonBlank ?? "Author \(id)" }
}

extension Comment {
    /// The comment's name (JSONPlaceholder's is a line of its own, not a person's), or
    /// "Anonymous" when it is blank.
    var shownName: String { name.nonBlank ?? "Anonymous" }
}
