import Foundation

extension URL {
    /// The URL as messages show it: a password in it (`https://user:secret@host/`) and the value of
    /// a query parameter named as secrets are (`?api_key=…`, `token`, `sig`: `isSecretParameter`)
    /// are replaced by `***`, so that logs and CI output never carry them, and one longer than 300 characters is cut
    /// after 240, saying how much is left out: a picture URL of 100,000 characters from the data
    /// made every warning naming it a line of 100 KB. Everything else is as written.
    var shown: String {
        let whole = shownWhole
        guard whole.count > 300 else { return whole }
        return whole.prefix(240) + "… (\(whole.count - 240) more characters)"
    }

    /// The host as messages name it: with its port when the URL gives one, since hosts are told
    /// apart by it (`127.0.0.1:8081` and `127.0.0.1:8082` are two servers), and an IPv6 address
    /// in brackets (`[::1]:8080`). The whole URL when it has no host.
    var shownHost: String {
        guard let host else { return shown }
        let named = host.contains(":") ? "[\(host)]" : host
        return port.map { "\(named):\($0)" } ?? named
    }

    /// As `shown`, but never cut: for output a program reads (`site fetch --json`).
    var shownWhole: String {
        let query = self.query(percentEncoded: true) ?? ""
        guard password != nil || !query.isEmpty, var parts = URLComponents(url: self, resolvingAgainstBaseURL: true) else { return absoluteString }
        var changed = false
        if password != nil {
            parts.percentEncodedPassword = "***"
            changed = true
        }
        if let items = parts.percentEncodedQueryItems, items.contains(where: { $0.value != nil && Self.isSecretParameter($0.name) }) {
            parts.percentEncodedQueryItems = items.map { item in
                item.value != nil && Self.isSecretParameter(item.name) ? URLQueryItem(name: item.name, value: "***") : item
            }
            changed = true
        }
        return changed ? parts.string ?? absoluteString : absoluteString
    }

    /// Whether a query parameter's name says it holds a secret: `key`, `api_key`, `apiKey`,
    /// `access_token`, `client_secret`, `password`, `sig`, `X-Amz-Signature`, `X-Amz-Credential`…
    /// (case, `-` and `_` aside).
    static func isSecretParameter(_ name: String) -> Bool {
        let folded = String(name.lowercased().filter { $0 != "-" && $0 != "_" })
        if ["key", "sig", "auth", "pass", "pwd", "code", "session", "sessionid", "accesskey"].contains(folded) { return true }
        return ["token", "secret", "password", "passwd", "signature", "credential", "apikey"].contains { folded.contains($0) }
    }
}
