import Dispatch
import Foundation
import Synchronization

/// Waiting for Ctrl-C (SIGINT) or SIGTERM without killing the process, so a server can stop
/// cleanly and a build can throw its staging folder away. A hangup (SIGHUP: the terminal closed,
/// the SSH session dropped) stops work the same way, unless the process was started ignoring it
/// (`nohup`, `trap '' HUP`): then it is ignored still, as whoever started it asked.
public enum TerminationSignal {
    /// The signals caught: SIGINT, SIGTERM and, unless ignored when the process started, SIGHUP.
    /// Decided at the first `listen()`, before any of them is changed.
    private static let caughtSignals: [Int32] = {
        var current = sigaction()
        let hangupIgnored = sigaction(SIGHUP, nil, &current) == 0
            && unsafeBitCast(current.__sigaction_handler.sa_handler, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self)
        return hangupIgnored ? [SIGINT, SIGTERM] : [SIGINT, SIGTERM, SIGHUP]
    }()

    /// Starts catching SIGINT and SIGTERM at once, before anything that must not be cut short
    /// begins, and before a server says it is ready (whoever waits for that line may signal at
    /// once): a signal that arrives before the first `next()` is kept, not lost. There is no
    /// `wait()` that catches and waits in one: it caught too late, and a Ctrl-C was lost. Iterating the
    /// stream waits for one; ending the iteration (or cancelling the waiting task) lets the
    /// signals kill the process again, so a second Ctrl-C is not ignored.
    ///
    /// Only the first signal is caught: its handler lets the signals kill the process again at
    /// once, without waiting for anyone to read it. Work that cannot be stopped where it stands (a
    /// long computation in one call) then still ends at a second Ctrl-C or SIGTERM; before, the
    /// second waited as long as the first, until the stream was dropped.
    public static func listen() -> AsyncStream<Int32> {
        let (signals, continuation) = AsyncStream.makeStream(of: Int32.self)
        let sources = caughtSignals.map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler {
                for caught in caughtSignals { signal(caught, SIG_DFL) }
                continuation.yield(number)
            }
            source.resume()
            return source
        }
        let installed = Installed(sources)
        continuation.onTermination = { _ in installed.remove() }
        return signals
    }

    /// The signal sources of one `listen()`, handed to the stream's termination handler.
    private final class Installed: Sendable {
        private let sources: Mutex<[any DispatchSourceSignal]>

        init(_ sources: sending [any DispatchSourceSignal]) {
            self.sources = Mutex(sources)
        }

        func remove() {
            sources.withLock { sources in
                for source in sources { source.cancel() }
                sources = []
            }
            for number in TerminationSignal.caughtSignals { signal(number, SIG_DFL) }
        }
    }

    /// Starts catching SIGINT and SIGTERM for work that cannot await (`site clean`): the work
    /// asks the returned closure between steps, which is true once either signal came, and stops
    /// where it stands, at a point it chose. Only the first is caught: a second kills the process.
    public static func caught() -> @Sendable () -> Bool {
        let stream = listen()
        let received = Arrival()
        Task.detached {
            await first(of: stream)
            received.flag.store(true, ordering: .releasing)
        }
        return { received.flag.load(ordering: .acquiring) }
    }

    private final class Arrival: Sendable {
        let flag = Atomic<Bool>(false)
    }

    /// Returns at the first signal of `signals` (from `listen()`), or when the task is cancelled,
    /// and stops catching them.
    public static func first(of signals: AsyncStream<Int32>) async {
        var iterator = signals.makeAsyncIterator()
        _ = await iterator.next()
    }
}
