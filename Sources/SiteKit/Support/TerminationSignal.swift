import Dispatch
import Foundation

/// Waiting for Ctrl-C (SIGINT) or SIGTERM without killing the process, so a server can stop
/// cleanly.
public enum TerminationSignal {
    /// Returns when the process receives SIGINT or SIGTERM, or when the task is cancelled.
    public static func wait() async {
        let (signals, continuation) = AsyncStream.makeStream(of: Int32.self)
        let sources = [SIGINT, SIGTERM].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { continuation.yield(number) }
            source.resume()
            return source
        }
        defer {
            for source in sources { source.cancel() }
            signal(SIGINT, SIG_DFL)
            signal(SIGTERM, SIG_DFL)
        }
        var iterator = signals.makeAsyncIterator()
        _ = await iterator.next()
    }
}
