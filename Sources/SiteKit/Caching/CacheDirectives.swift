import Foundation

/// What a response's `Cache-Control` allows a private cache to do (RFC 9111 §5.2.2).
struct ResponseDirectives: Sendable {
    /// `no-store`.
    var noStore: Bool
    /// Unqualified `no-cache`: store, but revalidate before every use.
    var noCache: Bool
    /// The fields of `no-cache="…"`: not served without revalidation, so never stored.
    var noCacheFields: [String]
    var mustRevalidate: Bool
    /// `proxy-revalidate` is `must-revalidate` for shared caches only (RFC 9111 §5.2.2.8): a
    /// private cache, this one, may serve such a response stale as any other. Kept to be shown.
    var proxyRevalidate: Bool
    var isPublic: Bool
    var isPrivate: Bool
    var maxAge: DeltaSeconds
    /// `s-maxage` is for shared caches, and so is the `proxy-revalidate` it implies (§5.2.2.10);
    /// we only note its presence (§3.5).
    var hasSharedMaxAge: Bool
    var immutable: Bool
    var mustUnderstand: Bool
    /// RFC 5861 `stale-if-error=N`, when the origin bounds stale serving on errors.
    var staleIfError: Int?
    /// RFC 5861 `stale-while-revalidate=N`: for N seconds after it goes stale, the response may
    /// be served without asking the origin.
    var staleWhileRevalidate: Int?

    init(_ headers: HTTPHeaders) {
        self.init(CacheControl(headers))
    }

    init(_ cc: CacheControl) {
        noStore = cc.has("no-store")
        noCache = cc.hasUnqualified("no-cache") || (cc.has("no-cache") && cc.fieldNames("no-cache") == nil)
        noCacheFields = noCache ? [] : (cc.fieldNames("no-cache") ?? [])
        mustRevalidate = cc.has("must-revalidate")
        proxyRevalidate = cc.has("proxy-revalidate")
        isPublic = cc.has("public")
        isPrivate = cc.has("private")
        maxAge = cc.seconds("max-age")
        hasSharedMaxAge = cc.has("s-maxage")
        immutable = cc.has("immutable")
        mustUnderstand = cc.has("must-understand")
        staleIfError = cc.seconds("stale-if-error").value
        staleWhileRevalidate = cc.seconds("stale-while-revalidate").value
    }

    /// Whether the origin forbids serving this response stale, even when it cannot be reached:
    /// `no-cache` and `must-revalidate`. (`proxy-revalidate` and `s-maxage` forbid it to shared
    /// caches only, RFC 9111 §4.2.4: the same copy was refused online and served by `--offline`.)
    var forbidsStale: Bool {
        noCache || mustRevalidate
    }
}

/// What a request's `Cache-Control` asks of the cache (RFC 9111 §5.2.1).
struct RequestDirectives: Sendable {
    var noCache: Bool
    var noStore: Bool
    var maxAge: DeltaSeconds
    /// `max-stale` without a value accepts any staleness.
    var maxStale: MaxStale?
    var minFresh: Int?
    var onlyIfCached: Bool
    var staleIfError: Int?

    enum MaxStale: Sendable, Equatable {
        case unlimited
        case seconds(Int)
    }

    init(_ headers: HTTPHeaders) {
        let cc = CacheControl(headers)
        noCache = cc.has("no-cache")
        noStore = cc.has("no-store")
        maxAge = cc.seconds("max-age")
        if let directive = cc.first("max-stale") {
            if directive.value == nil && directive.isWellFormed {
                maxStale = .unlimited
            } else if case .value(let seconds) = cc.seconds("max-stale") {
                maxStale = .seconds(seconds)
            }
        }
        minFresh = cc.seconds("min-fresh").value
        onlyIfCached = cc.has("only-if-cached")
        staleIfError = cc.seconds("stale-if-error").value
    }
}
