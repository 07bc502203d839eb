import Foundation

/// Why fetching a URL failed, in a form a person can act on.
///
/// One public struct over a private-ish `Kind`, so callers can branch on the kind while the
/// message stays the single place that explains the failure.
public struct FetchError: Error, Sendable, LocalizedError, CustomStringConvertible {
    /// The families of failure the HTTP layer distinguishes.
    public enum Kind: Sendable, Equatable {
        /// No HTTP response at all. `unreachable` is true when the host could not be reached
        /// (the name does not resolve, the connection is refused, no route).
        case transport(detail: String, unreachable: Bool)
        /// A response arrived in a content coding the transport cannot decode (`coding`, when the
        /// response named it), or `damaged`: in one it knows, but the body does not decode. None
        /// of it can be handed over. Not retried: the server would answer the same way.
        case undecodable(coding: String?, damaged: Bool)
        /// The HTTP client refused the URL before connecting (on Linux, an IPv6 address such as
        /// `[::1]`). Not retried: it would refuse it again.
        case refusedURL
        /// A URL the HTTP client cannot fetch, with the reason as a clause ("names port 99999,
        /// and ports go from 1 to 65535"). Not retried.
        case unfetchableURL(String)
        /// An https URL whose server answered the TLS handshake with something else, most often
        /// plain HTTP. Not retried.
        case notTLS
        /// An https server whose certificate the system does not trust (self-signed, expired,
        /// for another name), in libcurl's words. Not retried: it would be the same certificate.
        case untrustedCertificate(String)
        /// The server answered, but not in HTTP (an SSH server on that port). Not retried.
        case notHTTP
        /// The whole-response deadline fired.
        case timeout(seconds: Double)
        /// The server answered with an error status.
        case httpStatus(Int, serverMessage: String?)
        /// An answer whose framing or header section cannot be read as HTTP (two different
        /// `Content-Length`s, a header line the transport refuses), as a clause: "it gives two
        /// lengths (Content-Length: 3, 8)". Not retried: the server would answer the same way.
        case malformed(String)
        /// A redirect status with no `Location`: nowhere to go, and URLSession on Linux drops
        /// such a response's body. Not retried: the server would answer the same way.
        case redirectWithoutLocation(Int)
        /// The body was not the JSON we expected; `path` is where decoding failed.
        case decoding(path: String, detail: String)
        /// A 2xx body of the wrong kind altogether: `received` says what it was ("an HTML page
        /// (text/html)"), `expected` what the caller needed ("JSON"). Never cached.
        case unexpectedBody(received: String, expected: String)
        /// A 2xx body its caller refused, as a verb phrase ("is an HTML page, not an image").
        /// Never cached: a stored copy stands in for it where one may.
        case refusedBody(String)
        /// `--offline` and no cached copy.
        case offlineMiss
        /// `--offline`, and the cached copy's `Cache-Control` (the directive given) forbids using
        /// it without asking its server.
        case offlineForbidden(String)
        /// A size or redirect limit was exceeded.
        case limit(String)
        /// The on-disk cache could not be used.
        case cache(String)
    }

    public var kind: Kind
    public var method: String
    public var url: URL
    /// How many attempts were made before giving up.
    public var attempts: Int
    /// For an HTTP status: when the server asked to be retried (`Retry-After`), later than this
    /// tool waits.
    public var retryAt: Date?
    /// The seconds of waiting this tool allows for one request's retries, when one more retry
    /// would have gone past them: why a request was tried fewer times than the policy's attempts.
    public var retryBudget: Double?
    /// Why a cached copy of the URL did not stand in for the failing origin ("its server forbids
    /// using it unchecked (Cache-Control: must-revalidate)"), when there is one.
    public var unusedCopy: String?
    /// For an HTTP status the cache answered with (a stored error, fresh by its own headers):
    /// the copy's age in seconds.
    public var cachedAge: Int?
    /// With `cachedAge`: the copy was stale, used without asking the server (`--offline`).
    public var cachedStale = false
    /// For an HTTP status: where redirects led, when that is not `url`, so that the message names
    /// the address that answered, not only the one asked.
    public var redirectedTo: URL?
    /// The request went to the embedded demo API (`--demo`, or the fallback to it): the message
    /// then offers no `--demo`, and a timeout blames the deadline, not a remote server.
    public var fromEmbeddedAPI = false

    public init(_ kind: Kind, method: String = "GET", url: URL, attempts: Int = 1) {
        self.kind = kind
        self.method = method
        self.url = url
        self.attempts = attempts
    }

    /// The error of `result`, an answer with an error status to `request`: what the server said,
    /// the tries it took, when it asked to be retried, and whether a cached copy of the error
    /// answered. Data and pictures alike are told of a status this way.
    init(status result: FetchResult, request: HTTPRequest) {
        let response = result.response
        self.init(.httpStatus(response.status, serverMessage: ServerMessage.extract(from: response.body)),
                  method: request.method, url: request.url, attempts: result.attempts)
        retryAt = result.retryAt
        retryBudget = result.retryBudget
        unusedCopy = result.unusedCopy
        if result.outcome == .hit || result.outcome == .stale {
            cachedAge = result.age ?? 0
            cachedStale = result.outcome == .stale
        }
        redirectedTo = Redirect.target(of: request.url, answeredBy: response.url)
    }

    /// True when no HTTP response was ever received because the host could not be reached.
    public var isUnreachable: Bool {
        if case .transport(_, let unreachable) = kind { return unreachable }
        if case .offlineMiss = kind { return true }
        if case .offlineForbidden = kind { return true }
        return false
    }

    /// A short name for the kind, used in machine-readable output.
    public var kindName: String {
        switch kind {
        case .transport, .undecodable, .refusedURL, .notTLS, .untrustedCertificate, .notHTTP, .unfetchableURL: "transport"
        case .timeout: "timeout"
        case .httpStatus, .redirectWithoutLocation, .malformed: "http"
        case .decoding, .unexpectedBody, .refusedBody: "decoding"
        case .offlineMiss, .offlineForbidden: "offline"
        case .limit: "limit"
        case .cache: "cache"
        }
    }

    public var errorDescription: String? { description }

    public var description: String { message(forBuild: true) }

    /// The paragraph for people. A build's suggests `--demo`; `site fetch`, which has no demo
    /// data to fall back on, suggests only what it can do.
    public func message(forBuild: Bool) -> String {
        let text = paragraph(forBuild: forBuild)
        // --offline's own paragraph leads with the copy's trouble.
        guard let unusedCopy, kind != .offlineMiss else { return text }
        return text + " A cached copy exists, but it was not used: \(unusedCopy)."
    }

    /// An age in words: 40 s, 12 min, 3 h, 2 days.
    static func age(_ seconds: Int) -> String {
        switch seconds {
        case ..<120: "\(max(0, seconds)) s"
        case ..<7_200: "\(seconds / 60) min"
        case ..<172_800: "\(seconds / 3_600) h"
        default: "\(seconds / 86_400) days"
        }
    }

    private func paragraph(forBuild: Bool) -> String {
        // A build already on the embedded demo API is not told to use it.
        let offerDemo = forBuild && !fromEmbeddedAPI
        let demo = offerDemo ? ", or build from the embedded API with --demo" : ""
        let target = "\(method) \(url.shown)" + (redirectedTo.map { ", redirected to \($0.shown)," } ?? "")
        let tries = attempts > 1 || retryBudget != nil
            ? " (\(attempts) \(attempts == 1 ? "attempt" : "attempts")\(retryBudget.map { "; one more would have waited past the \(Self.format($0)) s this tool waits for retries in all" } ?? ""))"
            : ""
        switch kind {
        case .transport(let detail, let unreachable):
            let host = url.shownHost
            if unreachable {
                return "\(target) failed: \(host) could not be reached (\(detail))\(tries). Check the network or the URL\(demo)."
            }
            return "\(target) failed: \(Self.clause(detail))\(tries). Check the network and retry\(demo)."
        case .undecodable(let coding, let damaged):
            let what = damaged
                ? "the server sent a body marked as \(coding ?? "encoded") that does not decode as \(coding ?? "such") (it is damaged, or in another coding)"
                : "the server sent the body in \(coding.map { "the \"\($0)\" content coding" } ?? "a content coding"), which this tool cannot decode (it decodes gzip, deflate, br and zstd)"
            return "\(target) failed: \(what), so nothing of the response could be used or stored. Retrying will not help: ask whoever runs the server to send it uncoded or in gzip\(forBuild ? "" : ", or try site fetch -H 'Accept-Encoding: identity'")\(demo)."
        case .refusedURL:
            return "\(target) failed: the HTTP client of builds and site fetch refused the URL before connecting (on Linux it does not accept IPv6 addresses such as [::1]). Use a host name instead, such as localhost."
        case .unfetchableURL(let problem):
            return "\(target) cannot be fetched: it \(problem). Correct the URL."
        case .notHTTP:
            return "\(target) failed: the server on that port did not answer in HTTP; something else (an SSH or mail server, say) listens there. Check the port in the URL."
        case .untrustedCertificate(let detail):
            return "\(target) failed: the server's TLS certificate is not trusted (\(Self.clause(detail))), so nothing was sent, and retrying "
                + "will not help. If the server is yours, give it a certificate a trusted authority signed, or add its authority to the "
                + "system's trusted ones (on Debian: /usr/local/share/ca-certificates, then update-ca-certificates); otherwise check the host in the URL\(demo)."
        case .notTLS:
            return "\(target) failed: the server did not speak TLS (https) on that port; it may serve plain HTTP there. Try the URL with http:// instead, or check the port."
        case .timeout(let seconds):
            if fromEmbeddedAPI {
                return "\(target) timed out after \(Self.format(seconds)) s\(tries): the embedded demo API, on this machine, did not answer within --timeout. The machine is busy, or the timeout is too short for it: raise --timeout (the default is 30 s)."
            }
            return "\(target) timed out after \(Self.format(seconds)) s\(tries). The server is slow or stalled; retry later\(forBuild ? ", raise --timeout, or run with --demo" : " or raise --timeout")."
        case .httpStatus(let status, let message):
            let said = message.map { ": the server said \"\($0)\"" } ?? ""
            if let retryAt {
                return "\(target) answered HTTP \(status)\(said)\(tries), and asked to be retried at \(Self.clockTime(retryAt)) (Retry-After), later than this tool waits. Retry then\(offerDemo ? ", or run with --demo" : "")."
            }
            let advice = switch status {
            case 500...: "The server is failing; retry later\(offerDemo ? " or run with --demo" : "")."
            // Too many requests, or a request that took too long for the server: the URL is fine.
            case 429: "The server limits how often it may be asked; retry later\(offerDemo ? ", build with fewer --jobs, or run with --demo" : "")."
            case 408: "The server gave up waiting for the request; retry later\(offerDemo ? " or run with --demo" : "")."
            // Not Modified, to a request that asked no such question: the URL is not at fault.
            case 304: "A 304 (Not Modified) answers a conditional request, and this one had no copy to confirm: the server is at fault. Retry later, or tell whoever runs it."
            // Who is asking, or whether they may: the URL may be right, the credentials are not.
            case 401: "The server wants to know who is asking: if the API needs a key or a login, give it in the URL as the API documents (a query parameter, or user:password@ before the host), and check the URL."
            case 403: "The server refuses this client: check the URL, and whether the API needs a key or allows requests from this machine."
            default: "Check the URL and its parameters."
            }
            if let cachedAge, cachedStale {
                return "\(target) answered HTTP \(status)\(said), a copy the cache stored \(Self.age(cachedAge)) ago, stale now and used "
                    + "as it is: the server was not asked (--offline). \(advice) Build online to ask the server again."
            }
            if let cachedAge {
                return "\(target) answered HTTP \(status)\(said), a copy the cache stored \(Self.age(cachedAge)) ago and keeps as fresh, as "
                    + "the server's headers allow: the server was not asked again. \(advice) Add --refresh, online, to ask the server again."
            }
            return "\(target) answered HTTP \(status)\(said)\(tries). \(advice)"
        case .malformed(let problem):
            return "\(target) failed: the server's answer cannot be read as HTTP: \(problem). Nothing of it was used or stored, and retrying will not help: the server is at fault, so tell whoever runs it\(demo)."
        case .redirectWithoutLocation(let status):
            return "\(target) answered HTTP \(status), a redirect, without the Location header that says where to; there is nothing to follow (and URLSession drops the body of such a response). The server is at fault: check the URL, or tell whoever runs it."
        case .decoding(let path, let detail):
            return "\(target) sent JSON this tool cannot read at \(path.isEmpty ? "the top level" : path): \(detail); it was not cached. Check that the URL points at the right API."
        case .unexpectedBody(let received, let expected):
            let instead = received.contains(expected) ? "" : " where \(expected) was expected"
            return "\(target) answered with \(received)\(instead); it was not cached. The server may be down for maintenance, or the URL may not point at the API: check the URL and retry later\(demo)."
        case .refusedBody(let problem):
            return "\(target) \(problem); it was not cached. Check the URL, or retry later if the server is having trouble\(demo)."
        case .offlineMiss:
            if let unusedCopy {
                // What is wrong with the copy there is the news, not a guess about no-store.
                return "\(target) has a copy in the cache that cannot be used: \(unusedCopy). --offline forbids "
                    + "the network: go online and \(forBuild ? "build once to store it anew, or use --demo" : "fetch it once to store it anew")."
            }
            return "\(target) is not in the cache, and --offline forbids the network. Go online and \(forBuild ? "build once to fill the cache, or use --demo" : "fetch it once to fill the cache"). "
                + "If that was just done, its server does not let a copy be kept (Cache-Control: no-store, or a redirect or error sent without a lifetime), "
                + "and \(forBuild ? "builds need" : "fetching it needs") the network for it."
        case .offlineForbidden(let directive):
            return "\(target) has a cached copy, but its server forbids using it unchecked (Cache-Control: \(directive)), and --offline forbids the network. Retry online."
        case .limit(let detail):
            return "\(target) was refused: \(detail). Check that the URL points at the API or picture it should."
        case .cache(let detail):
            return "\(target): the cache could not be used: \(detail)."
        }
    }

    /// Failures after which a stale cached copy may stand in for the origin (stale-if-error).
    var allowsStaleFallback: Bool {
        switch kind {
        case .transport, .undecodable, .redirectWithoutLocation, .malformed, .timeout, .notTLS, .untrustedCertificate, .notHTTP: true
        default: false
        }
    }

    /// A clause for warnings: "failed (the connection was refused)", "timed out after 30 s".
    var shortReason: String {
        switch kind {
        case .transport(let detail, _): "failed (\(Self.clause(detail)))"
        case .undecodable(let coding, let damaged):
            damaged ? "sent a \(coding ?? "coded") body that does not decode" : "answered in a content coding this tool cannot decode\(coding.map { " (\($0))" } ?? "")"
        case .refusedURL: "was refused by the HTTP client before connecting (on Linux it does not accept IPv6 addresses such as [::1])"
        case .notTLS: "did not speak TLS (https) on that port"
        case .untrustedCertificate(let detail): "has a TLS certificate that is not trusted (\(Self.clause(detail)))"
        case .notHTTP: "did not answer in HTTP"
        case .unfetchableURL(let problem): "cannot be fetched: it \(problem)"
        case .timeout(let seconds): "timed out after \(Self.format(seconds)) s"
        case .httpStatus(let status, _): statusReason(status)
        case .redirectWithoutLocation(let status): "answered HTTP \(status) without a Location"
        case .malformed(let problem): "sent an answer that cannot be read as HTTP (\(problem))"
        // A copy there that cannot be used is the news (a picture's warning said "not cached").
        case .offlineMiss: unusedCopy.map { "has a copy in the cache that cannot be used (\($0))" } ?? "is not cached"
        case .offlineForbidden(let directive): "has a cached copy that its server forbids using unchecked (\(directive))"
        case .limit(let detail): "was refused: \(detail)"
        case .decoding(_, let detail): "sent unreadable JSON: \(detail)"
        case .unexpectedBody(let received, let expected): "answered with \(received)" + (received.contains(expected) ? "" : " instead of \(expected)")
        case .refusedBody(let problem): problem
        case .cache(let detail): "could not use the cache: \(detail)"
        }
    }

    /// "answered HTTP 404", with what a person needs to act on it: the tries it took (a status
    /// is an answer, and the retries before it are part of it), a `Retry-After` time or a rate
    /// limit's advice, and whether a copy of the error the cache keeps answered (then
    /// `--refresh` asks again), as a build's paragraph says of its data.
    private func statusReason(_ status: Int) -> String {
        var reason = "answered HTTP \(status)"
        if attempts > 1 { reason += ", tried \(attempts) times" }
        if let retryAt {
            reason += ", and asked to be retried at \(Self.clockTime(retryAt)) (Retry-After), later than this tool waits"
        } else if status == 429 {
            reason += " (too many requests: build again later, or with fewer --jobs)"
        }
        if let cachedAge {
            reason += cachedStale ? ", a copy the cache stored \(Self.age(cachedAge)) ago, stale now and used as it is"
                : ", a copy the cache stored \(Self.age(cachedAge)) ago and keeps as fresh, as the server's headers allow (--refresh asks the server again)"
        }
        return reason
    }

    /// A message from below (libcurl's end with a full stop) as a clause inside our sentence.
    static func clause(_ detail: String) -> String {
        var text = Substring(detail)
        while text.last == "." || text.last == " " { text.removeLast() }
        return String(text)
    }

    /// Seconds as messages show them: whole seconds from 10 s on, else to a tenth ("0.4", "2").
    static func format(_ seconds: Double) -> String {
        if seconds >= 10 || seconds.rounded() == seconds { return String(Int(seconds.rounded())) }
        // Below a twentieth, tenths would say 0 ("timed out after 0 s" for --timeout 0.0001):
        // two significant digits instead, written out ("0.0000001", where %g wrote "1e-07").
        if seconds > 0, seconds < 0.05 {
            let decimals = min(12, 1 - Int(log10(seconds).rounded(.down)))
            var text = String(format: "%.\(decimals)f", seconds)
            while text.hasSuffix("0") { text.removeLast() }
            return text
        }
        let tenths = (seconds * 10).rounded() / 10
        return tenths.rounded() == tenths ? String(Int(tenths)) : String(format: "%.1f", tenths)
    }

    /// A moment as "14:05 UTC", with the date too when it is not today's.
    static func clockTime(_ date: Date, now: Date = Date()) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd"
        let sameDay = formatter.string(from: date) == formatter.string(from: now)
        formatter.dateFormat = sameDay ? "HH:mm:ss 'UTC'" : "yyyy-MM-dd HH:mm:ss 'UTC'"
        return formatter.string(from: date)
    }
}
