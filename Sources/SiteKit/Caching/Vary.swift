import Crypto
import Foundation

/// One selecting header of a stored response: a name from its `Vary` and a digest of the value
/// the original request had for it (nil when that request did not send it).
struct VaryField: Sendable, Hashable, Codable {
    var name: String
    var value: String?
}

/// Secondary cache keys (RFC 9111 §4.1).
enum Vary {
    /// The lower-cased field names of every `Vary` line; nil when there is none. `*` is kept as a name.
    static func names(in headers: HTTPHeaders) -> [String]? {
        let lines = headers.values(for: "Vary")
        guard !lines.isEmpty else { return nil }
        var names: [String] = []
        for line in lines {
            for part in line.split(separator: ",") {
                let name = part.trimmingCharacters(in: .whitespaces).lowercased()
                if !name.isEmpty, !names.contains(name) { names.append(name) }
            }
        }
        return names
    }

    /// True when the response can never be selected (`Vary: *` anywhere in the list).
    static func isUnmatchable(_ headers: HTTPHeaders) -> Bool {
        names(in: headers)?.contains("*") ?? false
    }

    /// The selecting fields a stored response keeps for the request that produced it.
    ///
    /// Values are kept as SHA-256 digests: selecting headers are often secrets (`Authorization`,
    /// `Cookie`, an API key), and matching needs only to know whether two values are the same,
    /// so no secret reaches the cache's files.
    static func fields(for response: HTTPHeaders, request: HTTPRequest) -> [VaryField] {
        let sent = selectingHeaders(of: request)
        return (names(in: response) ?? []).sorted().map { VaryField(name: $0, value: selectingValue(of: $0, in: sent)) }
    }

    /// The request's fields as the origin received them, for matching: credentials in the URL
    /// (`https://alice:secret@host/`) are sent as `Authorization: Basic …` (RFC 9110 §11.6.2),
    /// so a response that varies on `Authorization` is selected by them too. Without this, the
    /// answer to alice's request was served to anyone, with another password or none.
    static func selectingHeaders(of request: HTTPRequest) -> HTTPHeaders {
        guard !request.headers.contains("Authorization"), let user = request.url.user else { return request.headers }
        var headers = request.headers
        let credentials = Data("\(user):\(request.url.password ?? "")".utf8).base64EncodedString()
        headers.add("Authorization", "Basic \(credentials)")
        return headers
    }

    /// The digest of `name`'s normalized value in `headers`, or nil when it is absent.
    static func selectingValue(of name: String, in headers: HTTPHeaders) -> String? {
        normalizedValue(of: name, in: headers).map { "sha256:" + Hex.string(SHA256.hash(data: Data($0.utf8))) }
    }

    /// All lines of `name`, combined and with the whitespace around list separators removed, so
    /// that `Foo: 1,2`, `Foo:  1, 2 ` and two lines `Foo: 1` / `Foo: 2` select the same response.
    static func normalizedValue(of name: String, in headers: HTTPHeaders) -> String? {
        let lines = headers.values(for: name)
        guard !lines.isEmpty else { return nil }
        return lines.flatMap { $0.split(separator: ",", omittingEmptySubsequences: false) }
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .joined(separator: ",")
    }

    /// Why none of `stored` (the entries of one URL) answered a request they did not match, in
    /// words for an error ("the copies there were stored for other values of accept-language,
    /// on which the response varies (Vary)"), or nil when there are none.
    static func otherVariants(_ stored: [CacheEntry]) -> String? {
        guard !stored.isEmpty else { return nil }
        var names: [String] = []
        for entry in stored { for field in entry.metadata.vary where !names.contains(field.name) { names.append(field.name) } }
        let copies = stored.count == 1 ? "the copy there was" : "the \(stored.count) copies there were"
        return "\(copies) stored for other values of \(names.isEmpty ? "the request's headers" : names.joined(separator: ", ")), "
            + "on which the response varies (Vary)"
    }

    /// Whether a stored response with `fields` (and these response headers) may answer `request`.
    /// (Entries stored before values were digests never match, and are fetched and stored anew.)
    static func matches(_ fields: [VaryField], responseHeaders: HTTPHeaders, request: HTTPRequest) -> Bool {
        if isUnmatchable(responseHeaders) { return false }
        if fields.isEmpty { return true }
        let sent = selectingHeaders(of: request)
        return fields.allSatisfy { selectingValue(of: $0.name, in: sent) == $0.value }
    }
}
