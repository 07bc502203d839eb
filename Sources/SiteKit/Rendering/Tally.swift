/// The counts a page shows in words (`tally` to templates): for each, the number with a comma
/// every three places, as the report's tables give it, and the noun that agrees with it, so
/// that a site of one person says "1 person", not "1 people"; `before` and `after` the number,
/// the words around it, the noun after a space in English (see `Words.counted`), and `text`, all of it.
///
/// ```mustache
/// <strong>{{tally.people.number}}</strong> {{tally.people.noun}}   →  <strong>1,200</strong> people
/// ```
enum Tally {
    /// `[key: ["number": "1,200", "noun": "people"]]` for each `(key, count, phrase)`, the noun the
    /// counted `phrase` in `words`.
    static func context(_ counts: [(key: String, count: Int, phrase: Phrase)], words: Words) -> [String: Any] {
        var tally: [String: Any] = [:]
        for entry in counts {
            let counted = words.counted(entry.phrase, entry.count)
            tally[entry.key] = ["number": counted.number, "noun": words.count(entry.phrase, entry.count),
                                "before": counted.before, "after": counted.after, "text": counted.text] as [String: Any]
        }
        return tally
    }
}
