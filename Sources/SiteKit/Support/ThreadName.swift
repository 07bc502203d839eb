#if os(Linux)
import Glibc

/// Names threads for `ps -L`, `top -H` and profilers.
enum ThreadName {
    /// Names the calling thread for the OS. Foundation's `Thread.name` stays inside Foundation
    /// on Linux, and `pthread_setname_np` is not visible to Swift, but the thread's `comm` file
    /// takes up to 15 bytes of name.
    static func setForCallingThread(_ name: String) {
        let descriptor = open("/proc/thread-self/comm", O_WRONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        defer { close(descriptor) }
        let bytes = Array(name.utf8.prefix(15))
        _ = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    }
}
#endif
