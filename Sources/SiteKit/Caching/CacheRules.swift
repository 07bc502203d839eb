import Foundation

/// The storage rules of a private cache (RFC 9111 §3): what may be stored, and which fields.
enum CacheRules {
    /// Status codes this cache understands (RFC 9110 §15); `must-understand` limits storage to them.
    static let understoodStatuses: Set<Int> = [
        200, 201, 202, 203, 204, 205, 300, 301, 302, 303, 307, 308,
        400, 401, 402, 403, 404, 405, 406, 407, 408, 409, 410, 411, 412, 413, 414, 415, 416, 417, 421, 422, 426,
        500, 501, 502, 503, 504, 505,
    ]

    /// Fields that belong to one connection and are never stored (RFC 9110 §7.6.1).
    static let hopByHop: Set<String> = ["connection", "keep-alive", "proxy-connection", "te", "transfer-encoding", "upgrade", "trailer"]

    /// Fields a cache must not keep besides those (RFC 9111 §3.1): they belong to a proxy's
    /// authentication, not to the response.
    static let proxyAuthentication: Set<String> = ["proxy-authenticate", "proxy-authentication-info", "proxy-authorization"]

    /// Fields a 304 or HEAD response never overwrites in a stored response (§3.2): they describe
    /// the bytes we hold, which the new response did not send.
    static let keptOnUpdate: Set<String> = ["content-length", "content-encoding", "content-range", "transfer-encoding"]

    /// Whether a response to `request` may be stored (§3, §3.5).
    static func isStorable(request: HTTPRequest, response: HTTPResponse) -> Bool {
        guard request.method == "GET" else { return false }
        let status = response.status
        // A status outside 100–599 is invalid, handled as a 5xx (RFC 9110 §15): never stored.
        guard (200...599).contains(status), status != 206, status != 304 else { return false }
        let requestDirectives = RequestDirectives(request.headers)
        let directives = ResponseDirectives(response.headers)
        if requestDirectives.noStore { return false }
        if directives.mustUnderstand {
            guard understoodStatuses.contains(status) else { return false }
        } else if directives.noStore {
            return false
        }
        if Vary.isUnmatchable(response.headers) { return false }
        // Credentials in the URL are sent as Authorization too (§3.5).
        if request.headers.contains("Authorization") || request.url.user != nil,
           !(directives.isPublic || directives.mustRevalidate || directives.hasSharedMaxAge) {
            return false
        }
        return directives.isPublic || directives.isPrivate || response.headers.contains("Expires")
            || directives.maxAge != .absent || directives.hasSharedMaxAge
            || Freshness.heuristicallyCacheable.contains(status)
    }

    /// The fields to store: all but hop-by-hop ones, those `Connection` names, and those a
    /// qualified `no-cache` forbids serving without revalidation.
    static func storedHeaders(_ headers: HTTPHeaders) -> HTTPHeaders {
        var excluded = hopByHop.union(proxyAuthentication)
        for line in headers.values(for: "Connection") {
            for name in line.split(separator: ",") { excluded.insert(name.trimmingCharacters(in: .whitespaces).lowercased()) }
        }
        excluded.formUnion(ResponseDirectives(headers).noCacheFields)
        return HTTPHeaders(headers.fields.filter { !excluded.contains($0.name.lowercased()) })
    }

    /// The stored fields updated from a 304 or HEAD response (§3.2): each field the new response
    /// carries replaces the stored one of the same name, except the ones describing stored bytes.
    /// A stored `Age` goes too: the new response vouches for the content as of now.
    static func updatedHeaders(_ stored: HTTPHeaders, with incoming: HTTPHeaders) -> HTTPHeaders {
        let incoming = storedHeaders(incoming)
        var replaced: Set<String> = ["age"]
        for field in incoming.fields { replaced.insert(field.name.lowercased()) }
        replaced.subtract(keptOnUpdate)
        var result: [HTTPField] = []
        var written: Set<String> = []
        for field in stored.fields {
            let name = field.name.lowercased()
            guard replaced.contains(name) else {
                result.append(field)
                continue
            }
            // Put the new values where the first old one was, keeping the stored order.
            if written.insert(name).inserted {
                result += incoming.fields.filter { $0.name.lowercased() == name }
            }
        }
        for field in incoming.fields where !written.contains(field.name.lowercased()) && replaced.contains(field.name.lowercased()) {
            result.append(field)
        }
        return HTTPHeaders(result)
    }

    /// Whether a HEAD response's validators or length differ from a stored GET's (§4.3.5): then
    /// the stored response no longer describes what the origin has.
    static func contradicts(_ head: HTTPHeaders, _ entry: CacheEntry) -> Bool {
        for name in ["ETag", "Last-Modified"] {
            if let new = head[name], let old = entry.headers[name], new != old { return true }
        }
        if !head.contains("Content-Encoding"), let new = head["Content-Length"].flatMap({ Int($0) }), new != entry.body.count {
            return true
        }
        return false
    }

    /// The stored responses a 304 (or HEAD response) refers to (§4.3.4).
    ///
    /// - Parameter validated: the stored response whose validators the request carried, chosen
    ///   when the 304 names no validator of its own (servers often omit them).
    static func selected(by incoming: HTTPHeaders, among stored: [CacheEntry], validated: CacheEntry?) -> [CacheEntry] {
        let tag = incoming["ETag"].flatMap(EntityTag.init)
        if let tag, !tag.isWeak {
            return stored.filter { $0.entityTag.map(tag.strongMatches) ?? false }
        }
        let lastModified = incoming.values(for: "Last-Modified").first
        if tag != nil || lastModified != nil {
            let matching = stored.filter { entry in
                if let tag, let own = entry.entityTag { return tag.weakMatches(own) }
                if let lastModified, tag == nil || entry.entityTag == nil { return entry.lastModified == lastModified }
                return false
            }
            return matching.max { $0.metadata.responseTime < $1.metadata.responseTime }.map { [$0] } ?? []
        }
        if let validated { return [validated] }
        if stored.count == 1, !stored[0].hasValidator { return stored }
        return []
    }
}
