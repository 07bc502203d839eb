import Foundation
import Synchronization

/// Gives up on a picture host that keeps failing at the network level. Each picture may take
/// every attempt its retry policy allows, each up to `--timeout`; a host that stalls on all of
/// them would hold a build for that long once per picture (hundreds of pictures, an hour). Once
/// `threshold` pictures in a row from one host have timed out or found it unreachable, with no
/// success between, the host's other pictures are not tried in this build: they fail at once,
/// with a reason that names the host and what happened, and get placeholders like any other.
final class HostTrouble: Sendable {
    static let defaultThreshold = 3

    private let threshold: Int
    private let state = Mutex<(hosts: [String: Record], inFlight: [Int: (host: String, cancel: @Sendable () -> Void)], next: Int)>(([:], [:], 0))

    private struct Record {
        var failuresInARow = 0
        var lastReason = ""
    }

    init(threshold: Int = HostTrouble.defaultThreshold) {
        self.threshold = max(1, threshold)
    }

    /// Why the pictures of `url`'s host are no longer tried, or nil while they are.
    /// `started`: the picture's download was under way and was stopped.
    func givenUp(on url: URL, started: Bool = false) -> String? {
        why(url).map { "was \(started ? "stopped" : "not tried"): \($0), so this build gave up on its other pictures" }
    }

    /// "example.org failed 3 pictures in a row (the last timed out after 2 s, tried 4 times)",
    /// once `url`'s host is given up on.
    func why(_ url: URL) -> String? {
        let host = HostGate.key(url)
        return state.withLock { state in
            guard let record = state.hosts[host], record.failuresInARow >= threshold else { return nil }
            return "\(url.shownHost) failed \(record.failuresInARow) pictures in a row (the last\(Self.clause(record.lastReason)))"
        }
    }

    /// A picture's reason after "the last": " timed out after 2 s", or for "failed (the
    /// connection was refused), tried 4 times" the cause alone, ": the connection was refused,
    /// tried 4 times", where "(the last failed (the connection was refused))" read badly.
    static func clause(_ reason: String) -> String {
        guard reason.hasPrefix("failed (") else { return " " + reason }
        var depth = 0
        for index in reason.indices.dropFirst("failed ".count) {
            switch reason[index] {
            case "(": depth += 1
            case ")":
                depth -= 1
                if depth == 0 {
                    let cause = reason[reason.index(reason.startIndex, offsetBy: "failed (".count)..<index]
                    return ": " + cause + reason[reason.index(after: index)...]
                }
            default: break
            }
        }
        return " " + reason
    }

    /// Runs `fetch` for a picture of `url`'s host, cancelled as soon as the host is given up on
    /// (by this picture's neighbours failing meanwhile): a stalled host's pictures already under
    /// way would otherwise each wait out all their attempts.
    func run<T: Sendable>(_ url: URL, _ fetch: @escaping @Sendable () async -> T) async -> T {
        let task = Task { await fetch() }
        let host = HostGate.key(url)
        let cancel: @Sendable () -> Void = { task.cancel() }
        let id = state.withLock { state in
            defer { state.next += 1 }
            state.inFlight[state.next] = (host, cancel)
            return state.next
        }
        let value = await withTaskCancellationHandler { await task.value } onCancel: { task.cancel() }
        state.withLock { _ = $0.inFlight.removeValue(forKey: id) }
        return value
    }

    /// Notes how a picture of `url`'s host ended: a network-level failure (timeout, unreachable)
    /// with its reason, or anything else (an answer, even an error status, shows the host is there).
    /// The failure that gives the host up cancels its other pictures under way.
    func record(_ url: URL, networkFailure reason: String?) {
        let host = HostGate.key(url)
        let cancels = state.withLock { state -> [@Sendable () -> Void] in
            // A host given up on stays given up for the build: a picture of it that was under way
            // and ended otherwise (an answer, or stopped by the give-up itself) cleared it, and the
            // build went back to the host, and its warnings lost the reason.
            if let record = state.hosts[host], record.failuresInARow >= threshold {
                // Failures that end meanwhile still count, for the reason the warnings give.
                if let reason {
                    state.hosts[host]?.failuresInARow += 1
                    state.hosts[host]?.lastReason = reason
                }
                return []
            }
            guard let reason else {
                state.hosts[host] = nil
                return []
            }
            state.hosts[host, default: Record()].failuresInARow += 1
            state.hosts[host]?.lastReason = reason
            guard state.hosts[host]?.failuresInARow == threshold else { return [] }
            return state.inFlight.values.filter { $0.host == host }.map(\.cancel)
        }
        for cancel in cancels { cancel() }
    }
}
