import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes to standard output and standard error that never stop the program. Foundation's
/// `FileHandle.write` traps when a write fails, and a reader that went away (`site build 2>&1 |
/// head -1`) makes every later write fail with EPIPE: the build crashed with SIGILL and left its
/// staging folder. Here a failed write is dropped, and the build goes on to publish.
public enum StandardStream {
    /// Writes `text` to standard error; nothing happens when it cannot be written.
    public static func error(_ text: String) {
        _ = send(Data(text.utf8), to: STDERR_FILENO)
    }

    /// Writes `data` to standard output; false when it could not all be written (a closed pipe).
    @discardableResult
    public static func output(_ data: Data) -> Bool {
        send(data, to: STDOUT_FILENO)
    }

    private static func send(_ data: Data, to descriptor: Int32) -> Bool {
        data.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return false
                }
                offset += written
            }
            return true
        }
    }
}
