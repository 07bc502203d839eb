import Foundation

/// The request path through the private cache (RFC 9111 §4): reuse, validation, storage,
/// invalidation and stale-if-error.
extension HTTPClient {
    func fetchThroughCache(_ request: HTTPRequest, limits: TransferLimits, check: BodyCheck? = nil) async throws -> FetchResult {
        guard let cache else { return try await direct(request, limits: limits, check: check) }
        switch request.method {
        case "GET", "HEAD": return try await read(request, limits: limits, cache: cache, check: check)
        case "OPTIONS", "TRACE": return try await direct(request, limits: limits)
        default: return try await unsafe(request, limits: limits, cache: cache)
        }
    }

    /// Straight to the origin; nothing is read or stored.
    private func direct(_ request: HTTPRequest, limits: TransferLimits, check: BodyCheck? = nil) async throws -> FetchResult {
        guard !options.offline else { throw FetchError(.offlineMiss, method: request.method, url: request.url) }
        let exchange = try await send(request, limits: limits)
        if let problem = Self.problem(of: exchange, for: request, check: check) {
            throw FetchError(problem, method: request.method, url: request.url, attempts: exchange.attempts)
        }
        var result = FetchResult(response: exchange.response, outcome: .bypass, attempts: exchange.attempts)
        result.retryAt = exchange.retryAt
        result.retryBudget = exchange.retryBudget
        return result
    }

    /// Unsafe methods are never cached; a non-error answer invalidates the URL and the same-origin
    /// URLs its `Location` and `Content-Location` name (§4.4).
    private func unsafe(_ request: HTTPRequest, limits: TransferLimits, cache: HTTPCache) async throws -> FetchResult {
        let result = try await direct(request, limits: limits)
        guard (200..<400).contains(result.response.status) else { return result }
        cache.invalidate(request.url)
        for name in ["Location", "Content-Location"] {
            guard let value = result.response.headers.values(for: name).first,
                  let target = URL(string: value, relativeTo: request.url)?.absoluteURL,
                  Redirect.isSameOrigin(target, request.url) else { continue }
            cache.invalidate(target)
        }
        return result
    }

    private func read(_ request: HTTPRequest, limits: TransferLimits, cache: HTTPCache, check: BodyCheck?) async throws -> FetchResult {
        var request = request
        // The directives of the request as its caller made it (site fetch -H), before a reload's own.
        let asked = RequestDirectives(request.headers)
        if options.refresh && !request.headers.contains("Cache-Control") {
            // A reload, as browsers make it: the origin and any cache on the way are asked for a
            // current answer too.
            request.headers.set("Cache-Control", "max-age=0")
        }
        let directives = RequestDirectives(request.headers)
        if directives.noStore || CachedAnswer.bypassesCache(request) {
            return try await direct(request, limits: limits, check: check)
        }
        let stored = cache.entries(method: "GET", url: request.url)
        let selected = stored.first { Vary.matches($0.metadata.vary, responseHeaders: $0.headers, request: request) }
        if CachedAnswer.asksForRange(request) {
            // A range is cut from a usable complete response; anything else goes to the origin
            // untouched, and its answer is not stored.
            if let selected, selected.status == 200 {
                let freshness = Freshness(selected, now: clock.now, minimumTTL: options.minimumTTL)
                try refuseOfflineIfForbidden(request, selected, freshness)
                if options.offline || isUsable(selected, freshness: freshness, request: asked),
                   let partial = CachedAnswer.partial(request, entry: selected, freshness: freshness) {
                    return FetchResult(response: partial, outcome: freshness.isFresh ? .hit : .stale,
                                       age: Int(max(0, freshness.currentAge)), attempts: 0)
                }
            }
            return try await direct(request, limits: limits)
        }
        if let selected {
            let freshness = Freshness(selected, now: clock.now, minimumTTL: options.minimumTTL)
            try refuseOfflineIfForbidden(request, selected, freshness)
            if options.offline || isUsable(selected, freshness: freshness, request: asked) {
                return answer(request, from: selected, freshness: freshness, outcome: freshness.isFresh ? .hit : .stale)
            }
        } else if options.offline {
            var error = noting(nil, for: request, in: FetchError(.offlineMiss, method: request.method, url: request.url))
            if error.unusedCopy == nil { error.unusedCopy = Vary.otherVariants(stored) }
            throw error
        }
        if directives.onlyIfCached {
            return FetchResult(response: CachedAnswer.gatewayTimeout(for: request), outcome: .miss, attempts: 0)
        }
        return try await validate(request, limits: limits, cache: cache, stored: stored, selected: selected, check: check)
    }

    /// `--offline` serves stale copies, but not one whose origin demands that it be checked first:
    /// `must-revalidate` once stale (§5.2.2.2), `no-cache` always (§5.2.2.4).
    private func refuseOfflineIfForbidden(_ request: HTTPRequest, _ entry: CacheEntry, _ freshness: Freshness) throws {
        guard options.offline else { return }
        let response = ResponseDirectives(entry.headers)
        if response.noCache || (response.mustRevalidate && !freshness.isFresh) {
            throw FetchError(.offlineForbidden(response.noCache ? "no-cache" : "must-revalidate"), method: request.method, url: request.url)
        }
    }

    /// Whether `entry` may answer without contacting the origin (§4.2, §5.2.1). `request`: the
    /// directives the request's caller sent, without those a reload (`--refresh`) adds.
    func isUsable(_ entry: CacheEntry, freshness: Freshness, request: RequestDirectives) -> Bool {
        let response = ResponseDirectives(entry.headers)
        guard !response.noCache else { return false }
        // `immutable` (RFC 8246): a fresh response is not revalidated on a reload (`--refresh`),
        // but is when the request itself says so ("unless explicitly overridden by the user":
        // site fetch -H 'Cache-Control: no-cache' had no way left to check such a copy).
        // A request that forbids the network (`only-if-cached`: a picture whose host was given
        // up on) is no reload: under --refresh too, its copy stands in as it would otherwise.
        if options.refresh && !request.onlyIfCached && !(response.immutable && freshness.isFresh) { return false }
        if request.noCache || request.maxAge == .invalid { return false }
        // max-age=0 asks for a check whatever the copy's age, a reload's way (0 s old is old enough).
        if let maxAge = request.maxAge.value, maxAge == 0 || freshness.currentAge > Double(maxAge) { return false }
        if let minFresh = request.minFresh, freshness.lifetime - freshness.currentAge < Double(minFresh) { return false }
        if freshness.isFresh { return true }
        if response.forbidsStale { return false }
        // RFC 5861: within the window the stored response is used as it is; the first request
        // after the window revalidates it. (No revalidation runs in the background: a build or
        // `site fetch` would have to wait for it before exiting, which is the delay the origin
        // allowed us to skip.)
        if let window = response.staleWhileRevalidate, freshness.staleness <= Double(window) { return true }
        guard let maxStale = request.maxStale else { return false }
        switch maxStale {
        case .unlimited: return true
        case .seconds(let seconds): return freshness.staleness <= Double(seconds)
        }
    }

    /// "fresh for 86340 s more (Cache-Control: max-age=86400)", "stale by 12 s (Expires)", or
    /// that the response carries no freshness information.
    static func note(_ freshness: Freshness, headers: HTTPHeaders) -> String {
        // However long it could stay fresh, its server asked for a check before every use.
        if ResponseDirectives(headers).noCache { return "revalidated on every use (Cache-Control: no-cache)" }
        if freshness.basis == .none { return "no freshness information, so the origin is asked again on every use" }
        // In whole seconds, as the age is shown: "age 10 s, fresh for 50 s more" of a max-age of 60.
        let remaining = Int(freshness.lifetime) - Int(max(0, freshness.currentAge))
        let state = freshness.isFresh ? "fresh for \(remaining) s more" : "stale by \(-remaining) s"
        return "\(state) (\(freshness.basis.words))"
    }

    /// The stored response as the answer, or a 304 when the caller's own validators match it.
    func answer(_ request: HTTPRequest, from entry: CacheEntry, freshness: Freshness, outcome: CacheOutcome,
                attempts: Int = 0) -> FetchResult {
        var response = CachedAnswer.response(for: entry, freshness: freshness, method: request.method)
        var isStored = request.method == "GET"
        if CachedAnswer.isConditional(request),
           let notModified = CachedAnswer.notModified(request, response: response, entry: entry) {
            response = notModified
            isStored = false
        }
        var result = FetchResult(response: response, outcome: outcome, age: Int(max(0, freshness.currentAge)), attempts: attempts)
        if outcome == .hit, isStored { result.stamp = stamp(entry, freshness: freshness) }
        result.freshnessNote = Self.note(freshness, headers: entry.headers)
        return result
    }

    /// A stamp for a stored entry that is fresh and may be used without revalidation.
    func stamp(_ entry: CacheEntry, freshness: Freshness) -> CacheStamp? {
        guard let cache, freshness.isFresh, !ResponseDirectives(entry.headers).noCache else { return nil }
        return cache.stamp(entry, freshUntil: clock.now.addingTimeInterval(freshness.lifetime - freshness.currentAge))
    }

    public func discard(_ url: URL) {
        cache?.invalidate(url)
    }

    public func stillFresh(_ stamp: CacheStamp) -> Bool {
        guard let cache, !options.refresh else { return false }
        return clock.now.timeIntervalSince1970 < stamp.freshUntil && cache.holds(stamp)
    }

    /// Asks the origin, conditionally when we hold validators (§4.3.1), and handles its answer.
    private func validate(_ request: HTTPRequest, limits: TransferLimits, cache: HTTPCache,
                          stored: [CacheEntry], selected: CacheEntry?, check: BodyCheck?) async throws -> FetchResult {
        let callerConditional = CachedAnswer.isConditional(request)
        var outgoing = request
        var validated: CacheEntry?
        // A stored server error is no representation to validate: a 304 answering its validators
        // (an origin that put the resource's ETag on its 502) would serve the error again.
        let validatable = stored.filter { $0.status < 500 }
        if !callerConditional {
            let selected = selected.flatMap { $0.status < 500 ? $0 : nil }
            var tags: [String] = []
            for tag in validatable.compactMap(\.entityTag?.raw) where !tags.contains(tag) { tags.append(tag) }
            if !tags.isEmpty {
                outgoing.headers.set("If-None-Match", tags.joined(separator: ", "))
                validated = selected?.entityTag != nil ? selected : nil
                // Both validators when the response has both (§4.3.1): a server that does not
                // evaluate If-None-Match may still answer If-Modified-Since.
                if let selected, selected.entityTag != nil, let lastModified = selected.lastModified {
                    outgoing.headers.set("If-Modified-Since", lastModified)
                }
            } else if let selected, let lastModified = selected.lastModified {
                outgoing.headers.set("If-Modified-Since", lastModified)
                validated = selected
            }
        }
        let exchange: Exchange
        do {
            exchange = try await send(outgoing, limits: limits)
        } catch let error as FetchError where error.allowsStaleFallback {
            if var stale = staleFallback(request, entry: selected, reason: error.shortReason, attempts: error.attempts) {
                stale.standInFailure = error.kind
                return stale
            }
            throw noting(selected, for: request, in: error)
        }
        let conditional = callerConditional || outgoing.headers != request.headers
        guard exchange.response.status == 304, conditional else {
            return try store(exchange, for: request, cache: cache, stored: stored, selected: selected, check: check)
        }
        let chosen = CacheRules.selected(by: exchange.response.headers, among: validatable, validated: validated)
        guard !chosen.isEmpty else {
            if callerConditional {
                return FetchResult(response: exchange.response, outcome: .miss, attempts: exchange.attempts)
            }
            // The 304 vouches for a response we do not hold: ask again without validators
            // rather than serve the wrong body (§4.3.4).
            var retry = try await send(request, limits: limits)
            retry.attempts += exchange.attempts
            return try store(retry, for: request, cache: cache, stored: stored, selected: selected, check: check)
        }
        let updated = chosen.map { freshened($0, by: exchange) }
        if ResponseDirectives(exchange.response.headers).noStore {
            // The origin now forbids keeping the response: answer this once, and forget it (§3).
            for entry in chosen { cache.remove(entry) }
        } else {
            for entry in updated { save(entry, in: cache) }
        }
        let primary = updated.first { $0.variantName == selected?.variantName } ?? updated[0]
        let freshness = Freshness(primary, now: clock.now, minimumTTL: options.minimumTTL)
        return answer(request, from: primary, freshness: freshness, outcome: .revalidated, attempts: exchange.attempts)
    }

    /// A stored response with its fields and times refreshed by a 304 or HEAD response (§3.2).
    func freshened(_ entry: CacheEntry, by exchange: Exchange) -> CacheEntry {
        var copy = entry
        copy.metadata.headers = CacheRules.updatedHeaders(entry.headers, with: exchange.response.headers)
        copy.metadata.requestTime = exchange.requestTime
        copy.metadata.responseTime = exchange.responseTime
        return copy
    }
}
