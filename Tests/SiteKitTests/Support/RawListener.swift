import Foundation
import Synchronization
@testable import SiteKit
#if canImport(Glibc)
import Glibc
#endif

/// A TCP listener on 127.0.0.1 that answers every connection with fixed bytes and closes it: a
/// server that does not speak HTTP (an SSH server), for tests of what the client makes of it.
final class RawListener: Sendable {
    let port: Int
    private let socket: Int32

    /// Listens on a port the system picks; each connection gets `greeting`, then is closed once
    /// the peer has sent something or gone.
    init(greeting: Data) throws {
        let (fd, port) = try Self.listening()
        self.port = port
        socket = fd
        let bytes = [UInt8](greeting)
        Thread.detachNewThread {
            while true {
                let connection = accept(fd, nil, nil)
                guard connection >= 0 else { return }
                _ = bytes.withUnsafeBytes { send(connection, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
                var buffer = [UInt8](repeating: 0, count: 4096)
                _ = recv(connection, &buffer, buffer.count, 0)
                close(connection)
            }
        }
    }

    /// A socket listening on 127.0.0.1 at a port the system picks, and that port.
    static func listening() throws -> (socket: Int32, port: Int) {
        let fd = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard fd >= 0, bound == 0, listen(fd, 16) == 0 else { throw FetchToolError("a loopback listener did not start") }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        return (fd, Int(UInt16(bigEndian: address.sin_port)))
    }

    /// Stops accepting connections.
    func stop() {
        shutdown(socket, Int32(SHUT_RDWR))
        close(socket)
    }
}

/// A TCP listener on 127.0.0.1 whose every connection is answered 200 with a body that never
/// ends, sent as fast as the connection takes it: a broken or hostile server on a fast link.
final class EndlessBodyListener: Sendable {
    let port: Int
    private let socket: Int32
    private let stopped = Atomic<Bool>(false)

    init() throws {
        let (fd, port) = try RawListener.listening()
        self.port = port
        socket = fd
        Thread.detachNewThread { [self] in
            while true {
                let connection = accept(fd, nil, nil)
                guard connection >= 0 else { return }
                Thread.detachNewThread { [self] in
                    var request = [UInt8](repeating: 0, count: 4096)
                    _ = recv(connection, &request, request.count, 0)
                    let head = Array("HTTP/1.1 200 OK\r\nContent-Type: image/png\r\nConnection: close\r\n\r\n".utf8)
                    _ = head.withUnsafeBytes { send(connection, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
                    let chunk = [UInt8](repeating: 0, count: 65_536)
                    while !stopped.load(ordering: .relaxed),
                          chunk.withUnsafeBytes({ send(connection, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }) > 0 {}
                    close(connection)
                }
            }
        }
    }

    func url(_ path: String = "/endless.png") -> URL {
        URL(string: "http://127.0.0.1:\(port)\(path)")!
    }

    /// Stops accepting connections, and ends the bodies being sent; once (a second close could
    /// close a descriptor opened since under the same number).
    func stop() {
        guard !stopped.exchange(true, ordering: .relaxed) else { return }
        shutdown(socket, Int32(SHUT_RDWR))
        close(socket)
    }
}
