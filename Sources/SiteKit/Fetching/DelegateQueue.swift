import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// The queue URLSession hands the transfers' events to, one at a time, with a bound on how many
/// may wait.
///
/// URLSession on Linux turns every chunk of a body libcurl reads into an operation on this queue.
/// A server that sends faster than the delegate takes the chunks (a loopback or LAN host streaming
/// a body without end) filled an unbounded queue with gigabytes of them. Here, while
/// `mostWaiting` operations wait, adding one more (on URLSession's work queue, inside libcurl's
/// read) pauses for up to `longestPause` milliseconds for the queue to drain: libcurl reads no
/// faster than the delegate takes the chunks, and the server is slowed down by TCP. The pause is
/// bounded, so that an operation that has to wait for URLSession's work queue itself delays the
/// work queue instead of stopping it.
final class DelegateQueue: OperationQueue, @unchecked Sendable {
    // Unchecked, and safe: OperationQueue is Sendable (and thread-safe), and the only state this
    // class adds is an `Atomic`.
    private let waiting = Atomic<Int>(0)

    /// About 16 MB of 16 KB chunks; a cold build of 64 pictures at a time keeps a few hundred.
    static let mostWaiting = 1024
    static let longestPause = 50

    override init() {
        super.init()
        name = "site.transfers"
        // One at a time: a body's chunks must reach the delegate in order.
        maxConcurrentOperationCount = 1
    }

    override func addOperation(_ block: @escaping @Sendable () -> Void) {
        var paused = 0
        while waiting.load(ordering: .relaxed) >= Self.mostWaiting, paused < Self.longestPause {
            usleep(1000)
            paused += 1
        }
        waiting.add(1, ordering: .relaxed)
        super.addOperation {
            block()
            self.waiting.subtract(1, ordering: .relaxed)
        }
    }
}
