import Foundation

/// One completed exchange with the origin, with the times the cache's age calculation needs.
struct Exchange: Sendable {
    var response: HTTPResponse
    /// When the (last) request was sent.
    var requestTime: Date
    /// When its response arrived.
    var responseTime: Date
    /// Requests sent, retries included.
    var attempts: Int
    /// When the server asked to be retried, later than the policy waits, so it was not.
    var retryAt: Date? = nil
    /// The policy's budget of waiting, when one more retry would have gone past it.
    var retryBudget: Double? = nil
}

extension HTTPClient {
    /// Sends `request`, retrying GET and HEAD on failures worth retrying, each attempt under the deadline.
    ///
    /// Retries: statuses 408, 429, 500, 502, 503 and 504, transport errors and timeouts, with
    /// full-jitter exponential backoff or the server's `Retry-After`, within the attempt count and
    /// the time budget. A `Retry-After` beyond the policy's cap is not waited for: the response is
    /// returned, with `retryAt` saying when the server asked to be tried again.
    /// When retries run out on a status, that response is returned; on an error, the error is thrown.
    /// A wait for a retry long enough to be said without --verbose, in seconds.
    static let longWait = 10.0

    func send(_ request: HTTPRequest, limits: TransferLimits) async throws -> Exchange {
        let policy = options.retry
        let retries = policy.allowsRetry(method: request.method)
        var attempt = 0
        var timeouts = 0
        var waited = 0.0
        while true {
            attempt += 1
            let requestTime = clock.now
            await stats.recordRequestSent()
            let delay: Double
            do {
                let response = try await transport.send(request, limits: limits, timeout: options.timeout)
                var exchange = Exchange(response: response, requestTime: requestTime, responseTime: clock.now, attempts: attempt)
                guard retries, attempt < policy.maxAttempts, policy.shouldRetry(status: response.status) else { return exchange }
                let retryAfter = RetryAfter.seconds(from: response.headers["Retry-After"], now: exchange.responseTime)
                if let retryAfter, retryAfter > policy.maxRetryAfter {
                    reporter.detail("\(request.method) \(request.url.shown) answered \(response.status) and asked to be retried in \(FetchError.format(retryAfter)) s, longer than the \(FetchError.format(policy.maxRetryAfter)) s this tool waits; not retrying")
                    exchange.retryAt = exchange.responseTime.addingTimeInterval(retryAfter)
                    return exchange
                }
                // `Retry-After: 0`, or a date already past, asks for no wait: the backoff still
                // applies, so that a server answering 429 is not asked again at once, thrice.
                delay = retryAfter.flatMap { $0 > 0 ? $0 : nil } ?? policy.backoff(afterAttempt: attempt, random: random())
                guard waited + delay <= policy.budget else {
                    exchange.retryBudget = policy.budget
                    return exchange
                }
                let line = "\(request.method) \(request.url.shown) answered \(response.status); retrying in \(FetchError.format(delay)) s"
                if let retryAfter, retryAfter >= Self.longWait {
                    // A wait the server asked for, long enough to look like a hang: said as it starts.
                    switch waitNotes.next(for: request.url.host ?? "") {
                    case .warn: reporter.info(line + ", as it asked (Retry-After)")
                    case .warnForTheLastTime: reporter.info(line + ", as it asked (Retry-After); further waits for this host are not listed (--verbose lists them)")
                    case .detail: reporter.detail(line)
                    }
                } else {
                    reporter.detail(line)
                }
            } catch var error as FetchError {
                error.attempts = attempt
                if case .timeout = error.kind { timeouts += 1 }
                guard retries, attempt < policy.maxAttempts, policy.shouldRetry(error, timeouts: timeouts, maxTimeouts: limits.maxTimeouts) else { throw error }
                delay = policy.backoff(afterAttempt: attempt, random: random())
                guard waited + delay <= policy.budget else {
                    error.retryBudget = policy.budget
                    throw error
                }
                reporter.detail("\(request.method) \(request.url.shown) failed (\(error.kindName)); retrying in \(FetchError.format(delay)) s")
            }
            waited += delay
            try await clock.sleep(seconds: delay)
        }
    }
}
