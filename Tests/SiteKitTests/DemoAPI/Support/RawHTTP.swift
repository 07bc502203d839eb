import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// What a raw HTTP/1.1 exchange over a plain socket delivered, byte for byte, for the faults
/// URLSession hides: truncated bodies, dripped bytes, responses that never come.
struct RawExchange: Sendable {
    /// Everything received, head included.
    var bytes: [UInt8] = []
    /// Seconds from sending the request to the arrival of each read's data.
    var arrivals: [Double] = []
    /// The server closed the connection.
    var closedByPeer = false
    /// The deadline passed first.
    var timedOut = false
    /// The `errno` of a failed connect or read, for diagnosing failures.
    var failure: Int32?

    /// The response head as text, or nil if it did not arrive.
    var head: String? {
        guard let end = headEnd else { return nil }
        return String(decoding: bytes[..<end], as: UTF8.self)
    }

    /// The bytes after the head.
    var body: [UInt8] {
        guard let end = headEnd else { return [] }
        return Array(bytes[(end + 4)...])
    }

    /// The value of `Content-Length`, if any.
    var contentLength: Int? {
        head?.split(separator: "\r\n").first { $0.lowercased().hasPrefix("content-length:") }
            .flatMap { Int($0.split(separator: ":")[1].trimmingCharacters(in: .whitespaces)) }
    }

    private var headEnd: Int? {
        guard bytes.count >= 4 else { return nil }
        return (0...(bytes.count - 4)).first { bytes[$0] == 13 && bytes[$0 + 1] == 10 && bytes[$0 + 2] == 13 && bytes[$0 + 3] == 10 }
    }
}

/// A blocking socket client run on its own thread, so it never occupies the cooperative pool the
/// server's handlers need.
enum RawHTTP {
    /// Sends `GET path` (or `method`) with `Connection: close` and reads until the server closes,
    /// the full `Content-Length` body arrived, or `timeout` seconds passed.
    static func exchange(port: Int, path: String, method: String = "GET", timeout: Double) async -> RawExchange {
        await withCheckedContinuation { continuation in
            Thread {
                continuation.resume(returning: run(port: port, path: path, method: method, timeout: timeout))
            }.start()
        }
    }

    private static func run(port: Int, path: String, method: String, timeout: Double) -> RawExchange {
        var exchange = RawExchange()
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else {
            exchange.failure = errno
            return exchange
        }
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            exchange.failure = errno
            return exchange
        }
        var slice = timeval(tv_sec: 0, tv_usec: 20_000)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &slice, socklen_t(MemoryLayout<timeval>.size))
        let request = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n\r\n"
        _ = request.withCString { send(fd, $0, strlen($0), 0) }
        let start = Date()
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let elapsed = Date().timeIntervalSince(start)
            if elapsed >= timeout {
                exchange.timedOut = true
                break
            }
            let count = recv(fd, &buffer, buffer.count, 0)
            if count > 0 {
                exchange.bytes += buffer[0..<count]
                exchange.arrivals.append(Date().timeIntervalSince(start))
                if method != "HEAD", let length = exchange.contentLength, exchange.body.count >= length { break }
            } else if count == 0 {
                exchange.closedByPeer = true
                break
            } else if errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR {
                exchange.failure = errno
                exchange.closedByPeer = true
                break
            }
        }
        return exchange
    }
}
