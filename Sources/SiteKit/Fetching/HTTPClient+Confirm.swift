import Foundation

extension HTTPClient {
    /// The stored body of `request`'s response when its origin confirms it current without
    /// sending it again: a `HEAD` (a `GET` where HEAD is refused with 405 or 501) with the copy's
    /// validators (`If-None-Match`, and `If-Modified-Since` when there is a date) answered 304
    /// for that copy, as `CacheRules.selected` decides for every revalidation (§4.3.4). Nil without a complete stored copy that has a validator, offline,
    /// and for any other answer or error.
    ///
    /// A 304 freshens the copy with its headers (§4.3.5: a `max-age` it brings spares the next
    /// builds the question); nothing else is stored, removed or warned of, whatever the origin
    /// answers: a build that goes on asks for the URL itself, with its own body checks, retries
    /// and fallbacks (the up-to-date check, which must not put a server's bad answer in place of
    /// a good copy, nor warn of a failure the build then meets again). A 200 costs its headers,
    /// not its body. A 304 that forbids storing confirms nothing: the build deals with it.
    public func confirmedCopy(of request: HTTPRequest) async -> Data? {
        guard let cache, !options.offline, request.method == "GET" else { return nil }
        let stored = cache.entries(method: "GET", url: request.url)
        guard let copy = stored.first(where: { Vary.matches($0.metadata.vary, responseHeaders: $0.headers, request: request) }),
              copy.status == 200, copy.hasValidator else { return nil }
        var asking = request
        asking.method = "HEAD"
        if let tag = copy.entityTag { asking.headers.set("If-None-Match", tag.raw) }
        if let lastModified = copy.lastModified { asking.headers.set("If-Modified-Since", lastModified) }
        let started = ContinuousClock.now
        var target = "HEAD \(request.url.shown)"
        guard var exchange = try? await send(asking, limits: .json) else {
            unanswered(target, since: started)
            return nil
        }
        // A server that does not do HEAD (405, 501) is asked with a conditional GET: only its 304
        // counts, and a 200's body is dropped, as the build fetches it anyway.
        if exchange.response.status == 405 || exchange.response.status == 501 {
            reporter.detail("\(target) \(exchange.response.status) \(Self.milliseconds(since: started)) ms: asking with a conditional GET instead")
            asking.method = "GET"
            target = "GET \(request.url.shown)"
            guard let answered = try? await send(asking, limits: .json) else {
                unanswered(target, since: started)
                return nil
            }
            exchange = answered
        }
        let response = exchange.response
        // The rule a build's revalidation follows: a 304 naming another entity tag or modification
        // date vouches for another version.
        let confirmed = response.status == 304 && !ResponseDirectives(response.headers).noStore
            && !CacheRules.selected(by: response.headers, among: [copy], validated: copy).isEmpty
        reporter.detail("\(target) \(response.status) \(Self.milliseconds(since: started)) ms: the cached copy is \(confirmed ? "confirmed unchanged" : "not confirmed")")
        guard confirmed else { return nil }
        // Silently: the check warns of nothing, and a cache that cannot be written is the build's to report.
        _ = try? cache.store(freshened(copy, by: exchange))
        return copy.body
    }

    /// The `--verbose` line of a question that got no answer: it failed, or the check stopped
    /// asking once another answer decided the build (a request cancelled is no server's fault).
    private func unanswered(_ target: String, since started: ContinuousClock.Instant) {
        let what = Task.isCancelled ? "stopped after \(Self.milliseconds(since: started)) ms, no longer needed"
            : "failed after \(Self.milliseconds(since: started)) ms"
        reporter.detail("\(target) \(what): the cached copy is not confirmed")
    }
}
