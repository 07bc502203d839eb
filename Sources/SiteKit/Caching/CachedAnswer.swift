import Foundation

/// Building the response a caller gets from a stored one (RFC 9111 §4, §4.3.2).
enum CachedAnswer {
    /// The stored response as the cache hands it: stored fields in order, a current `Age`, and no
    /// body for `HEAD`.
    static func response(for entry: CacheEntry, freshness: Freshness, method: String) -> HTTPResponse {
        var headers = entry.headers
        headers.set("Age", String(Int(max(0, freshness.currentAge))))
        // Stored bodies are decoded; an entry an earlier version stored may still name its coding.
        ContentCoding.describeDecoded(&headers, bodyLength: entry.body.count)
        let url = URL(string: entry.metadata.url) ?? URL(fileURLWithPath: "/")
        return HTTPResponse(url: url, status: entry.status, headers: headers, body: method == "HEAD" ? Data() : entry.body)
    }

    /// The caller's own conditional request evaluated against a usable stored response (§4.3.2):
    /// a 304 built from the stored fields when its validators match, else nil (serve the full copy).
    static func notModified(_ request: HTTPRequest, response: HTTPResponse, entry: CacheEntry) -> HTTPResponse? {
        guard entry.status == 200 else { return nil }
        if let condition = request.headers["If-None-Match"] {
            guard let tags = EntityTag.list(condition) else { return notModified(from: response) }
            guard let own = entry.entityTag, tags.contains(where: { $0.weakMatches(own) }) else { return nil }
            return notModified(from: response)
        }
        if let condition = request.headers["If-Modified-Since"], let since = HTTPDate.parse(condition) {
            let modified = entry.lastModified.flatMap(HTTPDate.parse)
                ?? Freshness.singleDate(entry.headers, "Date") ?? entry.metadata.responseTime
            return modified <= since ? notModified(from: response) : nil
        }
        return nil
    }

    private static func notModified(from response: HTTPResponse) -> HTTPResponse {
        var headers = response.headers
        for name in ["Content-Length", "Transfer-Encoding", "Content-Range"] { headers.remove(name) }
        return HTTPResponse(url: response.url, status: 304, headers: headers, body: Data())
    }

    /// The 504 a cache answers when `only-if-cached` finds nothing usable (§5.2.1.7).
    static func gatewayTimeout(for request: HTTPRequest) -> HTTPResponse {
        HTTPResponse(url: request.url, status: 504, headers: ["Content-Length": "0"], body: Data())
    }

    /// Whether the request carries validators of its own, so a 304 is a valid answer for it.
    static func isConditional(_ request: HTTPRequest) -> Bool {
        request.headers.contains("If-None-Match") || request.headers.contains("If-Modified-Since")
    }

    /// Preconditions we do not evaluate: such requests go straight to the origin. (A `Range` on
    /// HEAD is ignored, as servers ignore it; `If-Range` only ever qualifies a range.)
    static func bypassesCache(_ request: HTTPRequest) -> Bool {
        ["If-Range", "If-Match", "If-Unmodified-Since"].contains { request.headers.contains($0) }
    }

    /// Whether a GET asks for part of the response.
    static func asksForRange(_ request: HTTPRequest) -> Bool {
        request.method == "GET" && request.headers.contains("Range")
    }

    /// The 206 a stored complete response gives for the request's single byte range (RFC 9110
    /// §14.2, §15.3.7): the stored fields, a current `Age`, `Content-Range` and the slice's
    /// `Content-Length`. Nil when the range is not one this cache cuts (see `ByteRange`).
    static func partial(_ request: HTTPRequest, entry: CacheEntry, freshness: Freshness) -> HTTPResponse? {
        guard entry.status == 200, !entry.headers.contains("Content-Range"),
              let header = request.headers.values(for: "Range").first, request.headers.values(for: "Range").count == 1,
              let range = ByteRange.resolve(header, length: entry.body.count) else { return nil }
        var response = self.response(for: entry, freshness: freshness, method: "GET")
        response.status = 206
        response.headers.set("Content-Range", "bytes \(range.lowerBound)-\(range.upperBound)/\(entry.body.count)")
        response.headers.set("Content-Length", String(range.count))
        response.body = entry.body.subdata(in: (entry.body.startIndex + range.lowerBound)..<(entry.body.startIndex + range.upperBound + 1))
        return response
    }
}
