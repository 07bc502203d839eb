#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How every command of `site` ends its process: standard streams flushed, then `_exit`, without
/// the C library's exit handlers.
///
/// Why: `exit` runs the handlers libraries registered, and OpenSSL's frees its tables while a
/// transfer may still be using them on one of URLSession's threads (a TLS handshake that loads
/// the certificate store, a transfer a failed build no longer waits for). A build that had
/// printed its error then died of SIGSEGV about 4 times in 10 (exit status 139 instead of 1),
/// seen with both APIs given as https:// on a port that speaks plain HTTP.
///
/// Nothing of `site` needs those handlers: its files are written and closed by system calls
/// before a command returns, the staging folder is removed by the build itself, and the locks
/// it holds are released by the kernel with the process.
public enum ProcessEnd {
    public static func exit(_ status: Int32) -> Never {
        fflush(nil)
        _exit(status)
    }
}
