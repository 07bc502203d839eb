import Foundation

/// One request the demo API received.
public struct RecordedRequest: Sendable, Hashable {
    /// Arrival order, from 1.
    public var sequence: Int
    /// `GET`, `HEAD`, …
    public var method: String
    /// The path without the query, e.g. `/api/`.
    public var path: String
    /// The raw query string without `?`, or nil.
    public var query: String?
    /// The request headers in the order received.
    public var headers: HTTPHeaders
    /// When the request arrived.
    public var receivedAt: Date
    /// When its response was written (or its connection dropped); nil while in flight.
    public var completedAt: Date?
    /// The status answered; nil while in flight or when no response was written.
    public var status: Int?
}

/// Every request the demo API received, with in-flight tracking for concurrency assertions.
///
/// A request counts as in flight from its arrival until just before the last byte of its
/// response is written (or its connection is dropped), so a client that sends requests one after
/// another never sees two of them in flight.
public actor RequestLog {
    private var entries: [RecordedRequest] = []
    /// Start and end events in order, for computing peaks per prefix.
    private var events: [(sequence: Int, path: String, delta: Int)] = []
    private var nextSequence = 1
    /// The sequence number of `entries[0]`: entries are stored in arrival order without gaps.
    private var firstSequence = 1

    /// False for a long-running `site api`, where nobody reads the log and it would only grow.
    private let isRecording: Bool

    public init() {
        isRecording = true
    }

    init(recording: Bool) {
        isRecording = recording
    }

    /// Every request whose path starts with `pathPrefix`, in arrival order.
    public func requests(pathPrefix: String = "/") -> [RecordedRequest] {
        entries.filter { $0.path.hasPrefix(pathPrefix) }
    }

    /// How many requests with a path starting with `pathPrefix` arrived.
    public func count(pathPrefix: String = "/") -> Int {
        entries.count { $0.path.hasPrefix(pathPrefix) }
    }

    /// How many requests with a path starting with `pathPrefix` are in flight now.
    public func inFlight(pathPrefix: String = "/") -> Int {
        entries.count { $0.path.hasPrefix(pathPrefix) && $0.completedAt == nil }
    }

    /// The largest number of requests with a path starting with `pathPrefix` that were in flight
    /// at the same time since the last reset.
    public func peakInFlight(pathPrefix: String = "/") -> Int {
        var current = 0
        var peak = 0
        for event in events where event.path.hasPrefix(pathPrefix) {
            current += event.delta
            peak = max(peak, current)
        }
        return peak
    }

    /// Forgets every request recorded so far; requests still in flight are no longer counted.
    public func reset() {
        entries = []
        events = []
        firstSequence = nextSequence
    }

    func begin(method: String, path: String, query: String?, headers: HTTPHeaders) -> Int {
        let sequence = nextSequence
        nextSequence += 1
        guard isRecording else { return sequence }
        entries.append(RecordedRequest(sequence: sequence, method: method, path: path, query: query,
                                       headers: headers, receivedAt: Date(), completedAt: nil, status: nil))
        events.append((sequence, path, 1))
        return sequence
    }

    /// Marks the request complete; later calls for the same request do nothing.
    func finish(_ sequence: Int, status: Int?) {
        let index = sequence - firstSequence
        guard entries.indices.contains(index), entries[index].completedAt == nil else { return }
        entries[index].completedAt = Date()
        entries[index].status = status
        events.append((sequence, entries[index].path, -1))
    }
}
