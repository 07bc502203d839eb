/// How much work mustache's parser would do on a template, checked before it parses one.
///
/// swift-mustache's parser counts the characters left in the whole template each time it reads a
/// tag (`Parser.read(count:)` measures the rest with `String.distance`), so its time grows with
/// the number of tags times the template's length: 136 KB with 4,000 tags took 1 s, 544 KB with
/// 16,000 took 14 s, and 13.6 MB ran for more than ten minutes. The parse is one call that neither
/// Ctrl-C nor SIGTERM can stop, so such a template is refused before it is given to the parser.
/// A long template with few tags costs little, and a set of partials costs each its own.
struct TemplateParseCost {
    /// The most parsing steps a template may take, each a UTF-8 byte left after a tag: about a
    /// second of parsing on a typical machine, far beyond any theme (the default's largest
    /// template takes under 0.1 million).
    static let limit = 300_000_000

    /// Its tags, as `TemplateTags` reads them (`{{{name}}}` is one).
    let tags: Int
    /// For each tag, the bytes after its opening delimiter.
    let steps: Int

    init(_ source: String) {
        let read = TemplateTags(source).tags
        let bytes = source.utf8.count
        tags = read.count
        steps = read.reduce(0) { $0 + bytes - $1.textOffset }
    }

    /// Why `source` is not parsed, for its `TemplateError`; nil when its parse is within `limit`.
    static func problem(in source: String) -> String? {
        let cost = TemplateParseCost(source)
        guard cost.steps > limit else { return nil }
        let bytes = source.utf8.count
        let size = bytes >= 1 << 20 ? "\(Double(bytes * 10 / (1 << 20)) / 10) MB" : "\(bytes / 1024) KB"
        let times = Double((cost.steps * 10 + limit - 1) / limit) / 10  // rounded up: never "1.0 times"
        return "is too much for the Mustache parser to read: its time grows with the number of tags times the text after each, "
            + "and \(BuildSummary.count(cost.tags, "tag", "tags")) in \(size) would take it \(times) times the most a template may "
            + "(about a second), with nothing to stop it but killing the build"
    }

    static let fix = "Split it into partials (files of their own in templates/, included with {{> name}}, each read on its own), "
        + "or move long fixed text into content/*.md pages."
}
