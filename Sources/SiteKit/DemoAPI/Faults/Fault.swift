import Foundation

/// Misbehaviour the demo API adds to the responses of one route. Every field is optional and
/// several combine: `Fault(latency: 0.05, statuses: [503, 503], retryAfter: "1")` delays every
/// request by 50 ms and answers the first two with 503 and `Retry-After: 1`.
public struct Fault: Sendable, Hashable {
    /// Seconds to wait before answering; nil uses the injector's default latency.
    public var latency: Double?
    /// Up to this many extra seconds, uniformly drawn from a seeded generator; nil uses the default.
    public var jitter: Double?
    /// Status codes answered one per request, in order; once used up, requests are answered normally.
    public var statuses: [Int]
    /// A status answered for every request (after `statuses` run out), e.g. 404 forever.
    public var status: Int?
    /// `Retry-After` sent with the error statuses: seconds ("1") or an HTTP-date.
    public var retryAfter: String?
    /// Accept the request and never answer, until the client gives up or the server stops.
    public var stall: Bool
    /// Send the body one byte at a time with this many seconds between bytes.
    public var dripInterval: Double?
    /// Declare the full `Content-Length`, send about half the body, then close the connection.
    public var truncate: Bool
    /// Answer 200 with a JSON body cut in the middle.
    public var malformedJSON: Bool
    /// Replaces the `Content-Type`, e.g. `image/jpeg` on an HTML page.
    public var contentType: String?
    /// Replaces the body, e.g. an HTML error page on an image route.
    public var body: Data?
    /// Headers added to or replacing those of the response, e.g. `Cache-Control: max-age=3600`.
    public var headers: [String: String]
    /// Headers removed from the response, e.g. `ETag`. Case-insensitive.
    public var removedHeaders: Set<String>

    public init(
        latency: Double? = nil,
        jitter: Double? = nil,
        statuses: [Int] = [],
        status: Int? = nil,
        retryAfter: String? = nil,
        stall: Bool = false,
        dripInterval: Double? = nil,
        truncate: Bool = false,
        malformedJSON: Bool = false,
        contentType: String? = nil,
        body: Data? = nil,
        headers: [String: String] = [:],
        removedHeaders: Set<String> = []
    ) {
        self.latency = latency
        self.jitter = jitter
        self.statuses = statuses
        self.status = status
        self.retryAfter = retryAfter
        self.stall = stall
        self.dripInterval = dripInterval
        self.truncate = truncate
        self.malformedJSON = malformedJSON
        self.contentType = contentType
        self.body = body
        self.headers = headers
        self.removedHeaders = removedHeaders
    }

    /// Never answer.
    public static let stall = Fault(stall: true)
    /// Cut the body short and close the connection.
    public static let truncate = Fault(truncate: true)
    /// A 200 whose JSON does not parse.
    public static let malformedJSON = Fault(malformedJSON: true)

    /// Wait `seconds` (plus up to `jitter`) before answering.
    public static func latency(_ seconds: Double, jitter: Double = 0) -> Fault {
        Fault(latency: seconds, jitter: jitter)
    }

    /// Answer `statuses` one per request, then normally.
    public static func statuses(_ statuses: [Int], retryAfter: String? = nil) -> Fault {
        Fault(statuses: statuses, retryAfter: retryAfter)
    }

    /// Answer `status` to every request.
    public static func status(_ status: Int) -> Fault {
        Fault(status: status)
    }

    /// Send the body one byte every `interval` seconds.
    public static func drip(every interval: Double) -> Fault {
        Fault(dripInterval: interval)
    }
}
