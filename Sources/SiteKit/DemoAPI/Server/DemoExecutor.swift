import Dispatch

/// Runs the demo server's tasks on a dispatch queue of its own instead of Swift's cooperative
/// pool, which has one thread per core: a test that blocks those threads (synchronous I/O,
/// waiting on a process) would otherwise freeze the server and make timing tests flaky.
/// Child tasks inherit the preference, so connection and request handlers run here too.
final class DemoExecutor: TaskExecutor {
    private let queue = DispatchQueue(label: "site.demo-api", attributes: .concurrent)

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        queue.async {
            job.runSynchronously(on: self.asUnownedTaskExecutor())
        }
    }
}
