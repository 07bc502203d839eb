/// How pages link to a folder's page: a section's first page, the home page, a page of one's own
/// (`site.yml`'s `links`).
///
/// - `folders` (the default) links to the folder, `users/`, as every static host serves its
///   `index.html`: the addresses people see and share have no `index.html` in them.
/// - `files` links to the file itself, `users/index.html`, so that the site also works when it is
///   opened from disk (`file://`), where a browser shows a folder as a listing. Detail pages are
///   files in either style (`users/<slug>.html`).
///
/// Only the links of pages change; the sitemap and the feed are for the web and always name
/// folders.
public enum LinkStyle: String, Sendable, Hashable, CaseIterable {
    case folders
    case files

    /// The link to the page at `path`, relative to the same place `path` is: "users/index.html"
    /// is "users/" or "users/index.html", "index.html" is "" or "index.html", and any other page
    /// keeps its file name.
    func href(_ path: String) -> String {
        self == .files ? path : SiteIndex.folder(path)
    }

    /// What follows a folder's path in a link to its page: "" or "index.html". Templates see it
    /// as `index`: `<a href="{{root}}users/{{index}}">`.
    var index: String {
        self == .files ? "index.html" : ""
    }
}
