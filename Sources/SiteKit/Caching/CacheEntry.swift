import Crypto
import Foundation

/// One stored response: what the cache keeps on disk for a URL and one set of selecting headers.
struct CacheEntry: Sendable, Equatable {
    /// Everything but the body, stored as JSON in front of it.
    struct Metadata: Sendable, Equatable, Codable {
        /// The primary key: the request method the response answers and the full URL, query included.
        var method: String
        var url: String
        var status: Int
        /// The stored header fields, in the order the response had them.
        var headers: HTTPHeaders
        /// The selecting headers of the request that produced the response (empty without `Vary`).
        var vary: [VaryField]
        /// When the request that produced (or last revalidated) the response was sent.
        var requestTime: Date
        /// When that response arrived.
        var responseTime: Date
    }

    var metadata: Metadata
    var body: Data
    /// The identity of the file the entry was read from or written to, when it came from disk.
    /// Not part of the entry's value: two entries with the same response are equal.
    var file: FileIdentity?

    static func == (lhs: CacheEntry, rhs: CacheEntry) -> Bool {
        lhs.metadata == rhs.metadata && lhs.body == rhs.body
    }

    var headers: HTTPHeaders { metadata.headers }
    var status: Int { metadata.status }

    /// The URL part of the primary key: the full URL, query included, without its fragment and
    /// without any user name and password, which are never written to the cache. Written as RFC
    /// 9110 (4.2.3) says equivalent URLs are one: scheme and host in lowercase, no port that is
    /// the scheme's own (`:80`, `:443`), and `/` for an empty path, so that `HTTP://Example.com:80`
    /// and `http://example.com/` are one cache entry, not two fetches.
    static func keyURL(_ url: URL) -> String {
        var text = url.absoluteString
        if let fragment = text.firstIndex(of: "#") { text = String(text[..<fragment]) }
        guard let separator = text.range(of: "://") else { return text }
        let scheme = text[..<separator.lowerBound].lowercased()
        let start = separator.upperBound
        let authorityEnd = text[start...].firstIndex { $0 == "/" || $0 == "?" } ?? text.endIndex
        var authority = text[start..<authorityEnd]
        if let at = authority.lastIndex(of: "@") { authority = authority[authority.index(after: at)...] }
        var host = authority
        var port: Substring?
        // The last colon outside an IPv6 literal's brackets begins the port.
        if let colon = authority.lastIndex(of: ":"), !authority[colon...].contains("]") {
            host = authority[..<colon]
            port = authority[authority.index(after: colon)...]
        }
        let defaultPort = scheme == "http" ? "80" : scheme == "https" ? "443" : nil
        if let written = port, written.isEmpty || String(written) == defaultPort { port = nil }
        let rest = text[authorityEnd...]
        return scheme + "://" + host.lowercased() + (port.map { ":" + $0 } ?? "") + (rest.first == "/" ? "" : "/") + rest
    }

    /// The primary cache key: method and key URL.
    static func primaryKey(method: String, url: URL) -> String {
        "\(method.uppercased()) \(keyURL(url))"
    }

    var primaryKey: String {
        "\(metadata.method) \(metadata.url)"
    }

    /// The variant's name on disk: a hash of the primary key and the selecting headers, so that the
    /// same request and `Vary` always land in the same file and a newer copy replaces it by rename.
    var variantName: String {
        var text = primaryKey
        for field in metadata.vary {
            text += "\n\(field.name): \(field.value ?? "\u{0}")"
        }
        return CacheEntry.hexDigest(Data(text.utf8))
    }

    var entityTag: EntityTag? {
        headers["ETag"].flatMap(EntityTag.init)
    }

    var lastModified: String? {
        headers.values(for: "Last-Modified").first
    }

    var hasValidator: Bool {
        entityTag != nil || lastModified != nil
    }

    static func hexDigest(_ data: Data) -> String {
        Hex.string(SHA256.hash(data: data))
    }
}
