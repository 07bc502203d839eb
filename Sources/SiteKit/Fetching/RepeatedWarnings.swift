import Synchronization

/// How many times a warning of one kind has been said, per host: the first few are printed, then
/// one line says that more follow, and the rest are details (`--verbose`). An API that is down
/// during a build of hundreds of cached pictures would otherwise print hundreds of lines alike.
final class RepeatedWarnings: Sendable {
    enum Turn: Equatable {
        /// Say it as a warning.
        case warn
        /// Say it as a warning, and that the rest will be details.
        case warnForTheLastTime
        /// Say it only with `--verbose`.
        case detail
    }

    private let limit: Int
    private let counts = Mutex<[String: Int]>([:])

    init(limit: Int = 3) {
        self.limit = limit
    }

    /// The turn of the next warning about `host`.
    func next(for host: String) -> Turn {
        let count = counts.withLock { counts in
            counts[host, default: 0] += 1
            return counts[host]!
        }
        return count < limit ? .warn : count == limit ? .warnForTheLastTime : .detail
    }
}
