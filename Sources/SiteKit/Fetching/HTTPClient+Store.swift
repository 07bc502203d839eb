import Foundation

/// What happens to a full response from the origin: stale-if-error, HEAD updates, storage.
extension HTTPClient {
    func store(_ exchange: Exchange, for request: HTTPRequest, cache: HTTPCache,
               stored: [CacheEntry], selected: CacheEntry?, check: BodyCheck? = nil) throws -> FetchResult {
        let response = exchange.response
        if response.status >= 500,
           let stale = staleFallback(request, entry: selected, reason: "answered HTTP \(response.status)", attempts: exchange.attempts) {
            return stale
        }
        if let problem = Self.problem(of: exchange, for: request, check: check) {
            // The caller cannot use this body: it must not replace the stored copy, which may
            // stand in for it as it would for a server error.
            let error = FetchError(problem, method: request.method, url: request.url, attempts: exchange.attempts)
            if let stale = staleFallback(request, entry: selected, reason: error.shortReason, attempts: exchange.attempts) {
                return stale
            }
            throw noting(selected, for: request, in: error)
        }
        var result = FetchResult(response: response, outcome: .miss, attempts: exchange.attempts)
        result.retryAt = exchange.retryAt
        result.retryBudget = exchange.retryBudget
        if response.status >= 500, let selected, selected.status < 400 {
            result.unusedCopy = staleRefusal(request, entry: selected)
            // A bad answer never takes the place of a good copy, even one that may not stand in
            // for it: a 502 stored over it (with max-age and the copy's own ETag, which a 304
            // then vouched for) failed every build after the server had recovered, --refresh too.
            return result
        }
        if request.method == "HEAD" {
            // A HEAD response may refresh the stored GET it describes (§4.3.5).
            if response.status == 200 {
                // One that no longer describes it (another ETag, Last-Modified or length) means
                // the stored GET is out of date: it is not reused (§4.3.5).
                for entry in stored where Vary.matches(entry.metadata.vary, responseHeaders: entry.headers, request: request)
                    && CacheRules.contradicts(response.headers, entry) {
                    cache.remove(entry)
                }
                for entry in CacheRules.selected(by: response.headers, among: stored, validated: nil)
                where !CacheRules.contradicts(response.headers, entry) {
                    save(freshened(entry, by: exchange), in: cache)
                }
            }
            return result
        }
        guard CacheRules.isStorable(request: request, response: response) else { return result }
        var headers = CacheRules.storedHeaders(response.headers)
        if !headers.contains("Date") {
            // A response without a Date is given the time it arrived (RFC 9110 §6.6.1).
            headers.add("Date", HTTPDate.format(exchange.responseTime))
        }
        let entry = CacheEntry(metadata: CacheEntry.Metadata(
            method: "GET", url: CacheEntry.keyURL(request.url), status: response.status,
            headers: headers,
            vary: Vary.fields(for: response.headers, request: request),
            requestTime: exchange.requestTime, responseTime: exchange.responseTime), body: response.body)
        if let identity = save(entry, in: cache) {
            var written = entry
            written.file = identity
            result.stamp = stamp(written, freshness: Freshness(written, now: clock.now, minimumTTL: options.minimumTTL))
        }
        // Older variants this request would have selected are superseded. Only older ones: two
        // processes storing different variants at once then cannot remove each other's entry.
        for old in stored where old.variantName != entry.variantName && old.metadata.responseTime < entry.metadata.responseTime
            && Vary.matches(old.metadata.vary, responseHeaders: old.headers, request: request) {
            cache.remove(old)
        }
        return result
    }

    /// Why the caller's check rejects a 2xx answer to a GET, or nil.
    static func problem(of exchange: Exchange, for request: HTTPRequest, check: BodyCheck?) -> FetchError.Kind? {
        guard request.method == "GET", (200..<300).contains(exchange.response.status) else { return nil }
        // A part of a body nobody asked a part of: what the caller would read is cut short.
        if exchange.response.status == 206, !request.headers.contains("Range") {
            return .malformed("it answered 206 Partial Content, a part of the body, to a request that asked for no range")
        }
        return check?.problem(exchange.response)
    }

    /// Serves `entry` stale when the origin failed, unless the origin or the request forbids it
    /// (`must-revalidate`, `no-cache`, request `no-cache`, or a `stale-if-error` window that has
    /// passed). Stored error responses (4xx and 5xx) are never a fallback: a 404 kept from an
    /// earlier answer stood in for a 500, and the build then failed blaming the URL for a 404
    /// "used as it is", where the server's failure was the news.
    func staleFallback(_ request: HTTPRequest, entry: CacheEntry?, reason: String, attempts: Int) -> FetchResult? {
        guard let entry, entry.status < 400, staleRefusal(request, entry: entry) == nil else { return nil }
        let freshness = Freshness(entry, now: clock.now, minimumTTL: options.minimumTTL)
        let line = "\(request.method) \(request.url.shown) \(reason); serving the cached copy from \(Self.describeAge(freshness.currentAge)) ago"
        let host = request.url.shownHost
        switch staleWarnings.next(for: host) {
        case .warn:
            reporter.warning(line)
        case .warnForTheLastTime:
            reporter.warning(line + ". Any further responses from \(host) served from the cache this way are not listed one by one "
                + "(--verbose lists them; the summary counts the pictures used stale)")
        case .detail:
            reporter.detail(line)
        }
        var result = answer(request, from: entry, freshness: freshness, outcome: .stale, attempts: attempts)
        result.standIn = reason
        return result
    }

    /// Why the stored `entry` may not stand in for a failing origin, in words for an error
    /// ("its server forbids using it unchecked (Cache-Control: must-revalidate)"), or nil when it
    /// may.
    func staleRefusal(_ request: HTTPRequest, entry: CacheEntry) -> String? {
        let directives = ResponseDirectives(entry.headers)
        let requested = RequestDirectives(request.headers)
        if directives.forbidsStale {
            return "its server forbids using it unchecked (Cache-Control: \(directives.noCache ? "no-cache" : "must-revalidate"))"
        }
        if requested.noCache { return "the request asked for a checked copy (Cache-Control: no-cache)" }
        let freshness = Freshness(entry, now: clock.now, minimumTTL: options.minimumTTL)
        if let window = [directives.staleIfError, requested.staleIfError].compactMap({ $0 }).min(),
           freshness.staleness > Double(window) {
            return "it has been stale for \(Self.describeAge(freshness.staleness)), longer than the \(window) s its stale-if-error allows"
        }
        return nil
    }

    /// `error`, saying why the stored copy `entry` did not stand in for the origin, if there is
    /// one; without one, why a file the cache holds for the URL could not be read, if there is one.
    func noting(_ entry: CacheEntry?, for request: HTTPRequest, in error: FetchError) -> FetchError {
        var error = error
        if let entry {
            guard entry.status < 500, let refusal = staleRefusal(request, entry: entry) else { return error }
            error.unusedCopy = refusal
        } else {
            error.unusedCopy = cache?.unusableCopy(method: "GET", url: request.url)
        }
        return error
    }

    /// Writes an entry and returns its file's identity; a cache that cannot be written costs a
    /// warning, never the fetch.
    @discardableResult
    func save(_ entry: CacheEntry, in cache: HTTPCache) -> FileIdentity? {
        do {
            return try cache.store(entry)
        } catch {
            let line = "could not store \(URL(string: entry.metadata.url)?.shown ?? entry.metadata.url) in the HTTP cache, in \(cache.folder(for: entry)): "
                + FileProblem.describe(error)
            switch storeWarnings.next(for: "cache") {
            case .warn: reporter.warning(line)
            case .warnForTheLastTime:
                reporter.warning(line + ". Further responses the cache cannot store are not listed one by one (--verbose lists them); "
                    + "the build goes on without storing them")
            case .detail: reporter.detail(line)
            }
            return nil
        }
    }

    static func describeAge(_ seconds: Double) -> String {
        let whole = Int(max(0, seconds))
        switch whole {
        case ..<120: return "\(whole) s"
        case ..<7200: return "\(whole / 60) min"
        case ..<172_800: return "\(whole / 3600) h"
        default: return "\(whole / 86_400) days"
        }
    }
}
