import Foundation
import Synchronization

/// Counts for the image phase: a live line on a TTY, start and end lines otherwise.
final class ImageProgress: Sendable {
    typealias Counts = ImageCounts

    private let total: Int
    private let started = Date()
    private let reporter: Reporter
    private let counts = Mutex(Counts())
    private let lastDraw = Mutex(Date.distantPast)

    init(total: Int, reporter: Reporter) {
        self.total = total
        self.reporter = reporter
    }

    var snapshot: Counts { counts.withLock { $0 } }

    func record(outcome: CacheOutcome?, bytes: Int) {
        let now = counts.withLock { counts -> Counts in
            counts.done += 1
            counts.bytes += bytes
            switch outcome {
            case .hit?: counts.fromCache += 1
            case .stale?:
                counts.fromCache += 1
                counts.stale += 1
            case .revalidated?: counts.revalidated += 1
            case .miss?, .bypass?: counts.downloaded += 1
            case nil: counts.failed += 1
            }
            return counts
        }
        let shouldDraw = lastDraw.withLock { last -> Bool in
            guard Date().timeIntervalSince(last) > 0.1 || now.done == total else { return false }
            last = Date()
            return true
        }
        if shouldDraw { reporter.progress(line(now)) }
    }

    /// Says, after every `interval` seconds in which no picture finished, how many the phase is
    /// still waiting on: a stalled server otherwise left the progress line as it was ("eta 1s"),
    /// or printed nothing at all without a terminal, for as long as its deadlines and retries
    /// took. Returns when its task is cancelled.
    func watch(every interval: Double) async {
        var seen = snapshot.done
        var quiet = 0.0
        while !Task.isCancelled {
            try? await Task.sleep(nanoseconds: UInt64(max(0.01, interval) * 1_000_000_000))
            guard !Task.isCancelled else { return }
            let counts = snapshot
            guard counts.done == seen, counts.done < total else {
                (seen, quiet) = (counts.done, 0)
                continue
            }
            quiet += interval
            let waiting = total - counts.done
            reporter.info("images: \(counts.done) of \(total) done; still waiting on \(waiting) \(waiting == 1 ? "picture" : "pictures"), "
                + "none finished in the last \(ChartFormat.number(Int(quiet.rounded()))) s (each attempt ends at --timeout; Ctrl-C stops the build and keeps the last site)")
        }
    }

    func line(_ counts: Counts) -> String {
        let elapsed = max(0.001, Date().timeIntervalSince(started))
        let rate = Double(counts.done) / elapsed
        let remaining = rate > 0 ? Int((Double(total - counts.done) / rate).rounded(.up)) : 0
        return "images \(counts.done)/\(total) · \(ByteCount.format(counts.bytes)) · \(Int(rate))/s · eta \(remaining)s"
    }
}

/// Counts of the image phase.
public struct ImageCounts: Sendable, Equatable {
    public var done = 0
    public var downloaded = 0
    public var fromCache = 0
    public var revalidated = 0
    /// Among `fromCache`: copies used stale, as their server failed, --offline, or a host given up on.
    public var stale = 0
    public var failed = 0
    public var bytes = 0
}
