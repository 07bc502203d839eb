import Foundation

/// When and how long to wait before trying a request again.
///
/// Exponential backoff with full jitter, bounded by a number of attempts and a total time budget;
/// `Retry-After` wins over the backoff when the server sends it.
public struct RetryPolicy: Sendable, Hashable {
    public var maxAttempts: Int
    public var baseDelay: Double
    public var maxDelay: Double
    /// Total seconds of waiting allowed across all retries of one request.
    public var budget: Double
    /// The longest `Retry-After` honoured; after a longer one the response is returned as it is.
    public var maxRetryAfter: Double
    /// Whether host-unreachable errors (no DNS, refused, no route) are retried.
    public var retriesUnreachable: Bool

    public init(maxAttempts: Int = 4, baseDelay: Double = 0.5, maxDelay: Double = 8, budget: Double = 60,
                maxRetryAfter: Double = 60, retriesUnreachable: Bool = true) {
        self.maxAttempts = max(1, maxAttempts)
        self.baseDelay = baseDelay
        self.maxDelay = maxDelay
        self.budget = budget
        self.maxRetryAfter = maxRetryAfter
        self.retriesUnreachable = retriesUnreachable
    }

    /// Exactly one attempt.
    public static let none = RetryPolicy(maxAttempts: 1)

    static let retryableStatuses: Set<Int> = [408, 429, 500, 502, 503, 504]

    /// Only idempotent reads are retried.
    func allowsRetry(method: String) -> Bool {
        method == "GET" || method == "HEAD"
    }

    func shouldRetry(status: Int) -> Bool {
        Self.retryableStatuses.contains(status)
    }

    /// Whether a request that failed with `error` is tried again, `timeouts` of its attempts so
    /// far (this one included) having timed out, of the `maxTimeouts` its transfer allows
    /// (`TransferLimits.maxTimeouts`).
    func shouldRetry(_ error: FetchError, timeouts: Int = 0, maxTimeouts: Int = .max) -> Bool {
        switch error.kind {
        case .transport(_, let unreachable): return retriesUnreachable || !unreachable
        case .timeout: return timeouts < maxTimeouts
        default: return false
        }
    }

    /// The longest a request's backoffs can add up to, waits for `Retry-After` aside: how much later
    /// than another one a request to the same unreachable host may give up.
    var longestBackoff: Double {
        min(budget, (1..<maxAttempts).reduce(0) { $0 + backoff(afterAttempt: $1, random: 1) })
    }

    /// Full-jitter backoff before attempt `attempt + 1` (attempt counts from 1).
    func backoff(afterAttempt attempt: Int, random: Double) -> Double {
        let ceiling = min(maxDelay, baseDelay * pow(2, Double(attempt - 1)))
        return ceiling * min(max(random, 0), 1)
    }
}

/// Parses `Retry-After` in both of its forms.
public enum RetryAfter {
    /// Seconds to wait: a non-negative integer, or an HTTP-date relative to `now` (rounded up to a
    /// whole second, as the date has no finer grain). Nil when absent or unreadable. At most
    /// `longest`: digits too many for an integer are still seconds, just very many of them, so
    /// such a delay counts as too long to wait, never as no delay at all.
    public static func seconds(from value: String?, now: Date) -> Double? {
        guard let raw = value?.trimmingCharacters(in: .whitespaces), !raw.isEmpty else { return nil }
        if let seconds = Int(raw) { return seconds >= 0 ? min(Double(seconds), longest) : nil }
        if raw.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) { return longest }
        guard let date = HTTPDate.parse(raw) else { return nil }
        return min(max(0, date.timeIntervalSince(now).rounded(.up)), longest)
    }

    /// A hundred years: far past any wait, and a delay that still prints as a number and a date.
    public static let longest: Double = 100 * 365.25 * 86_400
}
