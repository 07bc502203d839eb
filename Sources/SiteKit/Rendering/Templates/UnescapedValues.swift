/// Values a template prints as they are (`{{{name}}}`, `{{& name}}`) that come from the APIs.
///
/// Mustache escapes `{{name}}` and prints `{{{name}}}` unescaped, which is right only for the
/// values that are HTML already. A template of one's own that prints a post's title or a
/// person's name so publishes whatever markup and scripts the API sent (a QA pass published
/// `<script>alert(1)</script>` from a post title without a word), so a build warns.
enum UnescapedValues {
    /// The values that are HTML the build made and escaped: the page's Markdown as HTML, the
    /// header and footer, the picture placeholders and the report's charts.
    static let markup: Set<String> = ["intro", "header", "footer", "placeholder", "svg", "table"]
    /// Values of the site's own, from `site.yml` and the front matter of `content/*.md`: the
    /// author's to print as HTML if they mean to.
    static let own: Set<String> = ["page", "site"]

    /// The first value of `source` from the data printed unescaped, with its line, and how many
    /// there are; nil when there are none.
    static func find(in source: String) -> (tag: String, name: String, line: Int, count: Int)? {
        let found = TemplateTags(source).tags.filter { tag in
            guard tag.sigil == "{" || tag.sigil == "&", !tag.blankBeforeSigil else { return false }
            let path = tag.name.split(separator: ".")
            guard let first = path.first, let last = path.last else { return tag.name == "." }
            return !markup.contains(String(last)) && !own.contains(String(first))
        }
        guard let first = found.first else { return nil }
        let written = first.sigil == "&" ? "{{& \(first.name)}}" : "{{{\(first.name)}}}"
        return (written, first.name, first.line, found.count)
    }

    /// The warning for the template file `file` (as people know it, "templates/post.mustache").
    static func warning(_ file: String, _ found: (tag: String, name: String, line: Int, count: Int)) -> String {
        let others = found.count > 1 ? " (and \(BuildSummary.count(found.count - 1, "more value", "more values")))" : ""
        return "\(file) prints \(found.tag) on line \(found.line) unescaped\(others): whatever markup or script the APIs "
            + "send in it is published as it is. Write {{\(found.name)}}, which escapes it; triple braces are for values that are HTML "
            + "already (\(markup.sorted().joined(separator: ", "))) and for your own, in page and site."
    }
}
