import Dispatch

/// Runs a server's tasks on a dispatch queue of its own instead of Swift's cooperative pool,
/// which has one thread per core: work that blocks those threads (synchronous I/O, a build
/// rendering on every core, a test waiting on a process) would otherwise freeze the server.
/// Child tasks inherit the preference, so connection and request handlers run here too.
final class DedicatedExecutor: TaskExecutor {
    private let queue: DispatchQueue

    init(label: String) {
        queue = DispatchQueue(label: label, attributes: .concurrent)
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        queue.async {
            job.runSynchronously(on: self.asUnownedTaskExecutor())
        }
    }
}
