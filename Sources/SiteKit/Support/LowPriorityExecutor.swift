import Dispatch
import Foundation
import Synchronization

/// A task executor with one thread of its own at a lower scheduling priority (nice 10), for work
/// that should only take the CPU time that network-bound work beside it leaves idle.
///
/// Swift's cooperative pool has one thread per core, so long work there delays every other
/// task's continuations, such as downloads handing over their responses; work on an ordinary
/// thread of its own competes with them for the cores. Used with `withTaskExecutorPreference`.
final class LowPriorityExecutor: TaskExecutor {
    private struct State {
        var queue: [UnownedJob] = []
        var stopping = false
        var exited = false
    }

    private let state = Mutex(State())
    private let wake = DispatchSemaphore(value: 0)

    init(name: String) {
        let thread = Thread { [self] in
            #if os(Linux)
            // On Linux the nice value belongs to the thread, and 0 names the calling one.
            _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 10)
            #endif
            while true {
                wake.wait()
                let next: UnownedJob? = state.withLock { state in
                    if !state.queue.isEmpty { return state.queue.removeFirst() }
                    if state.stopping { state.exited = true }
                    return nil
                }
                if let next {
                    next.runSynchronously(on: asUnownedTaskExecutor())
                } else if state.withLock({ $0.exited }) {
                    return
                }
            }
        }
        thread.name = name
        thread.start()
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let queued = state.withLock { state in
            if state.exited { return false }
            state.queue.append(job)
            return true
        }
        if queued {
            wake.signal()
        } else {
            // A job that comes after `stop()` still runs, on an ordinary thread.
            DispatchQueue.global().async { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
        }
    }

    /// Ends the thread once the jobs queued so far have run.
    func stop() {
        state.withLock { $0.stopping = true }
        wake.signal()
    }
}
