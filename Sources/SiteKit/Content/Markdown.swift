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

/// CommonMark to HTML, via libcmark.
public enum Markdown {
    /// Renders CommonMark `markdown` to an HTML fragment.
    ///
    /// Without `.unsafe`, raw HTML becomes `<!-- raw HTML omitted -->` and links or images with
    /// `javascript:`, `vbscript:`, `file:` or non-image `data:` URLs get an empty address.
    public static func html(from markdown: String, options: MarkdownOptions = [.smart]) -> String {
        // What cmark gives for no text, without a call per generated page (every person page).
        guard !markdown.isEmpty else { return "" }
        let utf8 = Array(markdown.utf8)
        let rendered = utf8.withUnsafeBufferPointer { buffer -> UnsafeMutablePointer<CChar>? in
            guard let base = buffer.baseAddress else { return nil }
            return base.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
                cmark_markdown_to_html($0, buffer.count, options.cmarkOptions)
            }
        }
        guard let rendered else { return "" }
        defer { free(rendered) }
        return String(cString: rendered)
    }
}
