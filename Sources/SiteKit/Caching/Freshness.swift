import Foundation

/// How long a stored response stays fresh and how old it is now (RFC 9111 §4.2).
struct Freshness: Sendable, Equatable {
    /// Seconds the response is fresh for, counted from its generation by the origin.
    var lifetime: Double
    /// Seconds since the origin generated it (§4.2.3), including time spent in caches on the way.
    var currentAge: Double
    /// What the lifetime comes from, for people asking why a copy was reused.
    var basis: Basis = .none

    /// Where a stored response's lifetime comes from.
    enum Basis: Sendable, Equatable {
        /// `Cache-Control: max-age`, as the server said.
        case maxAge(Int)
        /// `Expires`, against the response's `Date`.
        case expires
        /// A tenth of the time since `Last-Modified`, at most `heuristicCap` (§4.2.2).
        case heuristic
        /// Nothing: the response must be revalidated before each use.
        case none
        /// The freshness floor (`--ttl`, `cache.ttl`), longer than what the server said.
        case floor

        /// In words, for `site fetch`.
        var words: String {
            switch self {
            case .maxAge(let seconds): "Cache-Control: max-age=\(seconds)"
            case .expires: "Expires"
            case .heuristic: "no max-age or Expires: a tenth of the time since Last-Modified, at most a day"
            case .none: "no freshness information"
            case .floor: "the freshness floor, --ttl"
            }
        }
    }

    var isFresh: Bool { lifetime > currentAge }
    /// Seconds past its lifetime; negative while fresh.
    var staleness: Double { currentAge - lifetime }

    /// The longest heuristic lifetime we grant: one day.
    static let heuristicCap: Double = 86_400

    /// Statuses that may be reused heuristically (§4.2.2 and RFC 9110 §15.1).
    static let heuristicallyCacheable: Set<Int> = [200, 203, 204, 206, 300, 301, 308, 404, 405, 410, 414, 501]

    init(lifetime: Double, currentAge: Double) {
        self.lifetime = lifetime
        self.currentAge = currentAge
    }

    /// Evaluates `entry` at `now`. `minimumTTL` is a floor on the lifetime of responses that may be
    /// reused without validation at all: not `no-cache`, and not `must-revalidate`, whose server
    /// set the lifetime it will vouch for, and not errors (4xx, 5xx): a 404 of a moment, pinned by
    /// the floor, failed every build for as long, from the cache, once the server was well.
    init(_ entry: CacheEntry, now: Date, minimumTTL: Double = 0) {
        let headers = entry.headers
        let directives = ResponseDirectives(headers)
        let meta = entry.metadata
        let dateValue = Self.singleDate(headers, "Date") ?? meta.responseTime

        var lifetime: Double
        var basis = Basis.none
        switch directives.maxAge {
        case .value(let seconds):
            lifetime = Double(seconds)
            basis = .maxAge(seconds)
        case .invalid:
            lifetime = 0
        case .absent:
            if headers.contains("Expires") {
                // An unreadable or repeated Expires means "already expired" (§5.3).
                // An Expires before Date gives a negative lifetime (§4.2.1): the copy is that much
                // stale already, and max-stale or a stale-if-error window counts from there.
                lifetime = Self.singleDate(headers, "Expires").map { $0.timeIntervalSince(dateValue) } ?? 0
                basis = .expires
            } else {
                lifetime = Self.heuristicLifetime(entry, dateValue: dateValue, directives: directives)
                if lifetime > 0 { basis = .heuristic }
            }
        }
        if minimumTTL > 0, entry.status < 400, !directives.noCache, !directives.mustRevalidate, minimumTTL > lifetime {
            lifetime = minimumTTL
            basis = .floor
        }

        let apparentAge = max(0, meta.responseTime.timeIntervalSince(dateValue))
        let responseDelay = max(0, meta.responseTime.timeIntervalSince(meta.requestTime))
        let correctedAgeValue = Double(Self.ageValue(headers)) + responseDelay
        let correctedInitialAge = max(apparentAge, correctedAgeValue)
        let residentTime = now.timeIntervalSince(meta.responseTime)
        self.init(lifetime: lifetime, currentAge: max(0, correctedInitialAge + residentTime))
        self.basis = basis
    }

    /// 10% of the time since Last-Modified, capped; never for URLs with a query (a project rule:
    /// API responses with parameters change without their Last-Modified saying so).
    private static func heuristicLifetime(_ entry: CacheEntry, dateValue: Date, directives: ResponseDirectives) -> Double {
        guard heuristicallyCacheable.contains(entry.status) || directives.isPublic,
              URLComponents(string: entry.metadata.url)?.query == nil,
              let lastModified = singleDate(entry.headers, "Last-Modified") else { return 0 }
        return min(heuristicCap, max(0, dateValue.timeIntervalSince(lastModified)) / 10)
    }

    /// The `Age` field value (§5.1): the first member of the first line, ignored when not a number.
    static func ageValue(_ headers: HTTPHeaders) -> Int {
        guard let line = headers.values(for: "Age").first,
              let first = line.split(separator: ",", omittingEmptySubsequences: false).first else { return 0 }
        return CacheControl.deltaSeconds(first.trimmingCharacters(in: .whitespaces)) ?? 0
    }

    /// A date field that appears exactly once and parses.
    static func singleDate(_ headers: HTTPHeaders, _ name: String) -> Date? {
        let values = headers.values(for: name)
        guard values.count == 1 else { return nil }
        return HTTPDate.parse(values[0])
    }
}
