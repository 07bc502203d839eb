import Crypto
import Foundation

/// The origin's validators and conditional-request rules (RFC 9110 §13).
enum DemoCaching {
    /// Every resource claims the same modification date.
    static let lastModified = "Mon, 01 Jan 2024 00:00:00 GMT"
    static let lastModifiedDate = Date(timeIntervalSince1970: 1_704_067_200)
    /// Portraits may be cached for a day; JSON routes send no `Cache-Control`.
    static let imageCacheControl = "public, max-age=86400"

    /// A strong ETag: the quoted SHA-256 of the body.
    static func etag(for body: [UInt8]) -> String {
        "\"" + RandomPerson.hex(SHA256.hash(data: body)) + "\""
    }

    /// Whether a GET or HEAD with these request headers is answered 304, given the response's
    /// validators. `If-None-Match` (weak comparison, lists, `*`) takes precedence; only without it
    /// is `If-Modified-Since` compared with `Last-Modified`.
    static func isNotModified(request: HTTPHeaders, etag: String?, lastModified: String?) -> Bool {
        if let ifNoneMatch = request["If-None-Match"] {
            guard let etag else { return false }
            let candidates = ifNoneMatch.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            return candidates.contains { $0 == "*" || opaque($0) == opaque(etag) }
        }
        guard let since = request["If-Modified-Since"].flatMap(HTTPDate.parse),
              let modified = lastModified.flatMap(HTTPDate.parse) else { return false }
        return modified <= since
    }

    /// The tag without its weakness marker, for weak comparison.
    private static func opaque(_ tag: String) -> String {
        tag.hasPrefix("W/") ? String(tag.dropFirst(2)) : tag
    }
}
