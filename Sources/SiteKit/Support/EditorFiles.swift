import Foundation

/// Files beside a project's sources that no build reads: hidden entries, and the backups and
/// locks editors leave while a file is open or saved. Templates skip them, `content/`'s note of
/// unread files leaves them out, and `site serve` does not watch them, so that one rule decides
/// for all three.
enum EditorFiles {
    /// Backup and lock files editors leave beside a file (`page.mustache~`, `#page.mustache#`,
    /// `page.mustache.bak`, `.orig`, `.swp`).
    static func isLeftover(_ name: String) -> Bool {
        name.hasSuffix("~") || (name.hasPrefix("#") && name.hasSuffix("#"))
            || ["bak", "orig", "swp", "swo", "tmp", "rej"].contains((name as NSString).pathExtension.lowercased())
    }

    /// A hidden entry (`.index.md.swp`, `.git`) or an editor's leftover (`isLeftover`).
    static func isUnread(_ name: String) -> Bool {
        name.hasPrefix(".") || isLeftover(name)
    }
}
