extension Collection<String> {
    /// The first `limit` names joined by ", ", then ", …" when there are more: how messages name
    /// files and entries without printing thousands of them.
    func shortList(_ limit: Int = 5) -> String {
        prefix(limit).joined(separator: ", ") + (count > limit ? ", …" : "")
    }
}
