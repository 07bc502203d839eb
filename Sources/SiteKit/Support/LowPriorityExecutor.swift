import Dispatch
import Foundation
import Synchronization

/// A task executor with one thread of its own at a low scheduling priority (nice 10), for work
/// that should take little more than the CPU time that network-bound work beside it leaves unused.
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

    init() {
        let thread = Thread { [self] in
            #if os(Linux)
            // Nice 10: about a tenth of a core's share beside ordinary threads that want it all,
            // and all of an idle one. (Not SCHED_IDLE, which can starve the thread outright on a
            // busy machine, and with it whoever waits for the work to end.) On Linux the nice
            // value belongs to the thread, and 0 names the calling one.
            _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 10)
            ThreadName.setForCallingThread(Self.threadName)
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
        thread.start()
    }

    /// What `ps -L`, `top -H` and profilers call the thread.
    static let threadName = "site-render"

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
