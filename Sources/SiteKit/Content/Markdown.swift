import Ccmark
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Rendering switches for `Markdown.html(from:options:)`, each backed by a libcmark option.
public struct MarkdownOptions: OptionSet, Sendable, Hashable {
    /// The raw option bits, laid out by this type (not by libcmark).
    public let rawValue: Int

    /// Creates options from raw bits.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// Curly quotes, en/em dashes and ellipses from straight ASCII punctuation.
    public static let smart = MarkdownOptions(rawValue: 1 << 0)
    /// Keep raw HTML and dangerous link schemes. Only for content the site owner wrote.
    public static let unsafe = MarkdownOptions(rawValue: 1 << 1)
    /// Render every soft line break as `<br />`.
    public static let hardBreaks = MarkdownOptions(rawValue: 1 << 2)
    /// Add `data-sourcepos` attributes that point back into the Markdown source.
    public static let sourcePositions = MarkdownOptions(rawValue: 1 << 3)
    /// A relative link to a folder (`../users/`) links to its `index.html`, as the site's own
    /// links do with `links: files`: a browser shows a folder opened from disk as a listing.
    /// Not a libcmark option: applied to the document's links before rendering.
    public static let folderLinksToIndex = MarkdownOptions(rawValue: 1 << 4)
    /// A level-1 heading that opens the text (`# Opening hours`, or one underlined with `===`) is
    /// the page's title: left out of the HTML and given as `Rendered.title`, in plain text. For a
    /// page whose front matter has no title, as the theme gives every page its title as `<h1>`.
    /// Not a libcmark option.
    public static let openingHeadingIsTitle = MarkdownOptions(rawValue: 1 << 5)

    /// What the generator uses unless told otherwise: safe output with smart punctuation.
    public static let `default`: MarkdownOptions = [.smart]

    /// The libcmark option bits for this set.
    var cmarkOptions: Int32 {
        // The cmark 0.30 headers define the flags as plain integer macros.
        var bits = Int32(CMARK_OPT_DEFAULT)
        // Safe is already libcmark's default; the flag is kept to state the intent.
        bits |= contains(.unsafe) ? Int32(CMARK_OPT_UNSAFE) : Int32(CMARK_OPT_SAFE)
        // Content files can come from anywhere; never hand invalid UTF-8 to the HTML.
        bits |= Int32(CMARK_OPT_VALIDATE_UTF8)
        if contains(.smart) { bits |= Int32(CMARK_OPT_SMART) }
        if contains(.hardBreaks) { bits |= Int32(CMARK_OPT_HARDBREAKS) }
        if contains(.sourcePositions) { bits |= Int32(CMARK_OPT_SOURCEPOS) }
        return bits
    }
}

/// A link or picture of a page's Markdown: its address as cmark reads it (percent-encoded where
/// it was not), and the line of the block it is in.
public struct MarkdownLink: Sendable, Equatable {
    public var url: String
    public var line: Int
    public var isPicture: Bool
}

/// CommonMark to HTML, via libcmark.
public enum Markdown {
    /// Renders CommonMark `markdown` to an HTML fragment.
    ///
    /// Without `.unsafe`, raw HTML becomes `<!-- raw HTML omitted -->`, and a link or image whose
    /// URL is `javascript:`, `vbscript:`, `file:` or a non-image `data:` is dropped: a link
    /// becomes its text, an image its description. (cmark itself would keep them with an empty
    /// address: a link to the page itself, and an `<img src="">` that HTML does not allow.)
    /// Headings get an `id` from their text (`HeadingAnchors`), other than `takenIDs`, those the
    /// templates give elements of the page. Code points HTML never allows
    /// (controls, noncharacters) are left out.
    public static func html(from markdown: String, options: MarkdownOptions = [.smart],
                            takenIDs: Set<String> = HeadingAnchors.reserved) -> String {
        rendered(from: markdown, options: options, takenIDs: takenIDs).html
    }

    /// What rendering a page's Markdown gives: its HTML, and what the writer should know of it
    /// (`MarkdownNote`: raw HTML left out, a table CommonMark does not have), by line of `markdown`.
    public static func rendered(from markdown: String, options: MarkdownOptions = [.smart],
                                takenIDs: Set<String> = HeadingAnchors.reserved) -> Rendered {
        // What cmark gives for no text, without a call per generated page (every person page).
        guard !markdown.isEmpty else { return Rendered(html: "", notes: [], links: [], title: nil) }
        let utf8 = Array(markdown.utf8)
        let document = utf8.withUnsafeBufferPointer { buffer -> OpaquePointer? in
            guard let base = buffer.baseAddress else { return nil }
            return base.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
                cmark_parse_document($0, buffer.count, options.cmarkOptions)
            }
        }
        guard let document else { return Rendered(html: "", notes: [], links: [], title: nil) }
        defer { cmark_node_free(document) }
        var notes = MarkdownNote.tables(in: markdown, unsafe: options.contains(.unsafe))
        // Raw HTML is noted before the title is taken: a title is plain text, so that in it is lost too.
        if !options.contains(.unsafe) { notes += MarkdownNote.rawHTML(in: document) }
        let title = options.contains(.openingHeadingIsTitle) ? takeOpeningHeading(of: document) : nil
        notes += MarkdownNote.secondTitles(in: document)
        if !options.contains(.unsafe) { dropDangerousLinks(in: document) }
        let links = Self.links(in: document)
        if options.contains(.folderLinksToIndex) { linkFoldersToIndex(in: document) }
        guard let rendered = cmark_render_html(document, options.cmarkOptions) else {
            return Rendered(html: "", notes: notes, links: links, title: title)
        }
        defer { free(rendered) }
        // Controls and noncharacters (U+0001, U+007F, U+FFFE…) pass through cmark, as text or from
        // an entity such as `&#x7f;`, and HTML allows none of them: they go, as in every template value.
        let html = HeadingAnchors.add(to: HTML.removingForbidden(String(cString: rendered)), taken: takenIDs)
        return Rendered(html: html, notes: notes.sorted { $0.line < $1.line }, links: links, title: title)
    }

    /// What `rendered(from:)` gives.
    public struct Rendered: Sendable {
        public var html: String
        public var notes: [MarkdownNote]
        /// The links and pictures of the Markdown, in order (raw HTML's are not among them).
        public var links: [MarkdownLink]
        /// The opening level-1 heading's text, taken out of `html`, with `.openingHeadingIsTitle`;
        /// nil without it, or when the text opens otherwise.
        public var title: String?
    }

    /// Removes the level-1 heading `document` opens with and gives its text, or nil (and changes
    /// nothing) when it opens otherwise or the heading has no text.
    private static func takeOpeningHeading(of document: OpaquePointer) -> String? {
        guard let first = cmark_node_first_child(document), cmark_node_get_type(first) == CMARK_NODE_HEADING,
              cmark_node_get_heading_level(first) == 1 else { return nil }
        let title = plainText(of: first)
        guard !title.isEmpty else { return nil }
        cmark_node_unlink(first)
        cmark_node_free(first)
        return title
    }

    /// The text `node` shows, without its markup: its text and code, a picture's description, and
    /// a space for each line break, runs of white space made one space; raw HTML left out.
    static func plainText(of node: OpaquePointer) -> String {
        var text = ""
        forEachNode(in: node) { inner in
            switch cmark_node_get_type(inner) {
            case CMARK_NODE_TEXT, CMARK_NODE_CODE:
                if let literal = cmark_node_get_literal(inner) { text += String(cString: literal) }
            case CMARK_NODE_SOFTBREAK, CMARK_NODE_LINEBREAK:
                text += " "
            default:
                break
            }
        }
        return text.collapsedWhiteSpace
    }

    /// Every link and picture of `document`, with the line of the block it is in (cmark 0.30
    /// gives inline nodes no position of their own): the paragraph, heading or list item.
    private static func links(in document: OpaquePointer) -> [MarkdownLink] {
        var links: [MarkdownLink] = []
        forEachNode(in: document) { node in
            let type = cmark_node_get_type(node)
            guard type == CMARK_NODE_LINK || type == CMARK_NODE_IMAGE, let url = cmark_node_get_url(node) else { return }
            var line = 0
            var block: OpaquePointer? = node
            while let current = block, line == 0 {
                line = Int(cmark_node_get_start_line(current))
                block = cmark_node_parent(current)
            }
            links.append(MarkdownLink(url: String(cString: url), line: max(1, line), isPicture: type == CMARK_NODE_IMAGE))
        }
        return links
    }

    /// Replaces every link and image with a dangerous URL by what it contains (a link's text, an
    /// image's description).
    private static func dropDangerousLinks(in document: OpaquePointer) {
        var dangerous: [OpaquePointer] = []
        forEachNode(in: document) { node in
            let type = cmark_node_get_type(node)
            guard type == CMARK_NODE_LINK || type == CMARK_NODE_IMAGE,
                  let url = cmark_node_get_url(node), isDangerous(String(cString: url)) else { return }
            dangerous.append(node)
        }
        // Innermost first: a node is only taken apart once nothing inside it is still listed.
        for node in dangerous.reversed() {
            while let child = cmark_node_first_child(node) {
                cmark_node_insert_before(node, child)
            }
            cmark_node_unlink(node)
            cmark_node_free(node)
        }
    }

    /// Makes every relative link to a folder (`users/`, `../`, `./#top`) a link to its
    /// `index.html`, before its query or fragment. Pictures, links with a scheme or a host, and
    /// absolute paths (which lead to the disk's root from a file) are left as they are.
    private static func linkFoldersToIndex(in document: OpaquePointer) {
        var changes: [(OpaquePointer, String)] = []
        forEachNode(in: document) { node in
            guard cmark_node_get_type(node) == CMARK_NODE_LINK, let url = cmark_node_get_url(node),
                  let file = fileLink(String(cString: url)) else { return }
            changes.append((node, file))
        }
        for (node, url) in changes { cmark_node_set_url(node, url) }
    }

    /// `url` linking to its folder's `index.html` when it is a relative link to a folder; nil
    /// otherwise.
    static func fileLink(_ url: String) -> String? {
        let end = url.firstIndex { $0 == "?" || $0 == "#" } ?? url.endIndex
        let path = url[..<end]
        // A scheme (RFC 3986: a letter, then letters, digits, + - ., then a colon before any /).
        let beforeSlash = path.prefix { $0 != "/" }
        if let colon = beforeSlash.firstIndex(of: ":"), beforeSlash[..<colon].first?.isASCII == true,
           beforeSlash[..<colon].first?.isLetter == true,
           beforeSlash[..<colon].allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) }) {
            return nil
        }
        guard !path.hasPrefix("/") else { return nil }
        if path.hasSuffix("/") { return String(path) + "index.html" + url[end...] }
        // `.` and `..` (`../..`) name a folder without its slash.
        let last = path.split(separator: "/", omittingEmptySubsequences: false).last
        guard last == "." || last == ".." else { return nil }
        return String(path) + "/index.html" + url[end...]
    }

    /// Calls `body` with every node of `document`, in document order, each once (on entering it).
    /// The tree must not change meanwhile: collect the nodes to change, then change them.
    static func forEachNode(in document: OpaquePointer, _ body: (OpaquePointer) -> Void) {
        guard let iterator = cmark_iter_new(document) else { return }
        defer { cmark_iter_free(iterator) }
        while true {
            let event = cmark_iter_next(iterator)
            guard event != CMARK_EVENT_DONE else { break }
            if event == CMARK_EVENT_ENTER, let node = cmark_iter_get_node(iterator) { body(node) }
        }
    }

    /// The URLs cmark's safe mode blanks: `javascript:`, `vbscript:`, `file:`, and `data:` but
    /// for PNG, GIF, JPEG and WebP pictures; letter case aside.
    static func isDangerous(_ url: String) -> Bool {
        let lower = url.lowercased()
        if lower.hasPrefix("data:") {
            return !["png", "gif", "jpeg", "webp"].contains { lower.hasPrefix("data:image/\($0)") }
        }
        return lower.hasPrefix("javascript:") || lower.hasPrefix("vbscript:") || lower.hasPrefix("file:")
    }
}
