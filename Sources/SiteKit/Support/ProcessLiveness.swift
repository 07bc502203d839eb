import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Whether the process whose PID a leftover's name carries (a staging folder, `.public.staging-
/// <pid>-<tag>`; a cache's temporary file, `.tmp-<pid>-<tag>-<n>`) may still be at work on it.
///
/// `kill(pid, 0)` alone says only that some process has that PID now. A build killed with
/// SIGKILL can stay a zombie until its parent reaps it, and a PID is reused: in a CI container
/// every job's build may well get the same small PID, so a killed build's folder would be kept
/// by every later one. On Linux `/proc/<pid>/stat` settles both: a zombie's state is `Z` (or `X`),
/// and a process that started after the leftover was last modified cannot be the one that made it.
enum ProcessLiveness {
    /// False when no process has `pid`, when it has exited (a zombie), or when the process that has
    /// it started after `lastModified` (plus two seconds, for the clock's granularity): its PID
    /// was reused. True otherwise, including when it cannot be told: it may be the maker, whose
    /// work must be left alone.
    static func mayBeRunning(pid: pid_t, lastModified: Date) -> Bool {
        if kill(pid, 0) != 0 && errno == ESRCH { return false }
        #if os(Linux)
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let end = status.lastIndex(of: ")") else { return true }
        // After the command name, which may hold spaces and parentheses: the state, then the
        // other fields; the start time is field 22 of the whole line, the 20th after the name.
        let fields = status[status.index(after: end)...].split(separator: " ")
        if let state = fields.first, state == "Z" || state == "X" { return false }
        guard fields.count > 19, let ticks = Double(fields[19]), let boot = bootTime else { return true }
        let started = boot + ticks / Double(sysconf(Int32(_SC_CLK_TCK)))
        return started <= lastModified.timeIntervalSince1970 + 2
        #else
        return true
        #endif
    }

    /// When this machine booted, in seconds since 1970 (`btime` in `/proc/stat`).
    private static let bootTime: Double? = {
        guard let text = try? String(contentsOfFile: "/proc/stat", encoding: .utf8),
              let line = text.split(separator: "\n").first(where: { $0.hasPrefix("btime ") }) else { return nil }
        return Double(line.dropFirst("btime ".count))
    }()
}
