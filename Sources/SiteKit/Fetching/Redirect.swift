import Foundation

/// Following redirects in the client, so that every hop goes through the cache on its own terms.
enum Redirect {
    static let statuses: Set<Int> = [301, 302, 303, 307, 308]

    /// The request to send after `response`, or nil when it is not a redirect we can follow.
    static func next(after request: HTTPRequest, response: HTTPResponse) -> HTTPRequest? {
        guard statuses.contains(response.status), let location = response.headers.values(for: "Location").first,
              let target = URL(string: location, relativeTo: request.url)?.absoluteURL else { return nil }
        var next = request
        next.url = target
        // 303, and 301/302 after a POST, turn into a GET without a body (RFC 9110 §15.4).
        if response.status == 303 && request.method != "HEAD" || (response.status <= 302 && request.method == "POST") {
            next.method = "GET"
            next.body = nil
            for name in ["Content-Type", "Content-Length"] { next.headers.remove(name) }
        }
        if !isSameOrigin(target, request.url) {
            for name in ["Authorization", "Cookie"] { next.headers.remove(name) }
        }
        return next
    }

    /// Where redirects led from `asked`, when `answered` (the final response's address) is another
    /// address, not the same one written differently; nil otherwise.
    static func target(of asked: URL, answeredBy answered: URL) -> URL? {
        FetchableURL.normalized(answered).absoluteString == FetchableURL.normalized(asked).absoluteString ? nil : answered
    }

    static func isSameOrigin(_ a: URL, _ b: URL) -> Bool {
        a.scheme?.lowercased() == b.scheme?.lowercased() && a.host?.lowercased() == b.host?.lowercased()
            && effectivePort(a) == effectivePort(b)
    }

    private static func effectivePort(_ url: URL) -> Int? {
        url.port ?? (url.scheme?.lowercased() == "https" ? 443 : url.scheme?.lowercased() == "http" ? 80 : nil)
    }
}
