/// The known name a mistyped one was most likely meant to be (`bild` → `build`, `hoem` →
/// `home`), for messages that suggest it.
public enum NearestName {
    /// The name of `known` closest to `typed` by edit distance (a letter added, dropped, changed,
    /// or two neighbours swapped), when at most `maxEdits` apart and not `typed` itself; of two
    /// as close, the first in `known`. Letter case aside: `Home` is `home` misspelt.
    public static func nearest(to typed: String, among known: [String], maxEdits: Int = 2) -> String? {
        let word = Array(typed.lowercased())
        var best: (name: String, edits: Int)?
        for name in known where name != typed {
            let edits = distance(word, Array(name.lowercased()))
            if edits <= maxEdits, edits < (best?.edits ?? .max) { best = (name, edits) }
        }
        return best?.name
    }

    /// The optimal string alignment distance between `a` and `b`.
    public static func distance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { table[i][0] = i }
        for j in 0...b.count { table[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
                }
            }
        }
        return table[a.count][b.count]
    }
}
