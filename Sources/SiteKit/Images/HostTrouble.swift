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
    private let state = Mutex<[String: Record]>([:])

    private struct Record {
        var failuresInARow = 0
        var lastReason = ""
    }

    init(threshold: Int = HostTrouble.defaultThreshold) {
        self.threshold = max(1, threshold)
    }

    /// Why the pictures of `url`'s host are no longer tried, or nil while they are.
    func givenUp(on url: URL) -> String? {
        let host = HostGate.key(url)
        return state.withLock { hosts in
            guard let record = hosts[host], record.failuresInARow >= threshold else { return nil }
            return "was not tried: \(url.host ?? host) failed \(record.failuresInARow) pictures in a row "
                + "(the last \(record.lastReason)), so this build gave up on its other pictures"
        }
    }

    /// Notes how a picture of `url`'s host ended: a network-level failure (timeout, unreachable)
    /// with its reason, or anything else (an answer, even an error status, shows the host is there).
    func record(_ url: URL, networkFailure reason: String?) {
        let host = HostGate.key(url)
        state.withLock { hosts in
            if let reason {
                hosts[host, default: Record()].failuresInARow += 1
                hosts[host]?.lastReason = reason
            } else {
                hosts[host] = nil
            }
        }
    }
}
