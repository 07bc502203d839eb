import NIOCore
import NIOPosix
import Synchronization

/// A server's own thread: a one-thread NIO event loop that carries both its connections and the
/// Swift tasks that answer them, instead of Swift's cooperative pool, which has one thread per
/// core: work that blocks those threads (synchronous I/O, a build rendering on every core, a test
/// waiting on a process) would otherwise freeze the server. Child tasks inherit the preference,
/// so connection and request handlers run here too.
///
/// One thread for both means a request's steps (reading it, the actor calls that log and route
/// it, writing the answer) follow one another on that thread without waking another: the demo
/// API's cost per request is mostly such hand-overs, and it shares two cores with the build it
/// serves.
///
/// There is one loop per label, made on first use and kept for the life of the process, like
/// NIO's own singleton groups; servers of one kind (a build's demo API, the preview) take turns
/// on it. A loop is never shut down because a server's end is not the end of the work it gives
/// its loop: Hummingbird finishes a graceful shutdown in an unstructured task of its own that
/// nobody can wait for, and that task's last release fails a promise of the loop (NIOExtras'
/// `ServerQuiescingHelper.deinit`). On a loop that had been shut down, NIO reports that as an
/// error and says it will become a crash.
final class DedicatedExecutor: TaskExecutor {
    /// The group Hummingbird serves connections on: this executor's own loop.
    let group: MultiThreadedEventLoopGroup
    private let loop: any EventLoop

    private static let loops = Mutex<[String: DedicatedExecutor]>([:])

    /// The loop for servers labelled `label`, made on first use.
    /// - Parameter label: names the thread for `ps`, `top` and profilers (Linux allows 15 bytes).
    static func named(_ label: String) -> DedicatedExecutor {
        loops.withLock { loops in
            if let existing = loops[label] { return existing }
            let made = DedicatedExecutor(label: label)
            loops[label] = made
            return made
        }
    }

    private init(label: String) {
        group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        loop = group.next()
        #if os(Linux)
        loop.execute { ThreadName.setForCallingThread(label) }
        #endif
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        loop.execute { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }
}

extension DedicatedExecutor {
    /// Waits `duration` on the calling thread's event loop when there is one (a server's handler
    /// runs on its executor's loop), so that the wake-up is a timer of that loop rather than one
    /// of Dispatch's, which fires on another thread and hands the task back: a third of the demo
    /// API's work per request when every response is delayed. Elsewhere it is `Task.sleep`.
    /// Cancellation ends the wait either way, with `CancellationError`.
    static func sleep(for duration: Duration) async throws {
        guard let loop = MultiThreadedEventLoopGroup.currentEventLoop else {
            try await Task.sleep(for: duration)
            return
        }
        let timer = loop.scheduleTask(in: TimeAmount(duration)) {}
        try await withTaskCancellationHandler {
            do {
                try await timer.futureResult.get()
            } catch {
                throw CancellationError()
            }
        } onCancel: {
            timer.cancel()
        }
    }
}
