import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import Synchronization
@testable import SiteKit

/// A request as the test origin saw it.
struct OriginRequest: Sendable {
    var method: String
    /// Path and query, e.g. `/users?page=2`.
    var target: String
    var headers: SiteKit.HTTPHeaders
    var body: Data
    /// 1 for the first request the origin received, and so on.
    var number: Int
}

/// What the test origin answers, and how it misbehaves.
struct OriginReply: Sendable {
    var status = 200
    var headers: SiteKit.HTTPHeaders = [:]
    var body = Data()
    /// Seconds to wait before sending anything (a stalled server).
    var delay: Double = 0
    /// When set, the body goes out one byte per interval (a dripping server).
    var dripInterval: Double?
    /// When set, the full length is announced but the connection closes after this many bytes.
    var truncateAfter: Int?

    static func text(_ text: String, status: Int = 200, headers: SiteKit.HTTPHeaders = [:]) -> OriginReply {
        OriginReply(status: status, headers: headers, body: Data(text.utf8))
    }
}

/// A programmable HTTP/1.1 origin on 127.0.0.1, on a port the system picks, for real-network tests.
///
/// Hummingbird always sets `Date` to the current time, so tests that need other times move the
/// client's `TestClock` instead.
final class TestOrigin: Sendable {
    private struct Log {
        var requests: [OriginRequest] = []
        var inFlight = 0
        var peakInFlight = 0
    }

    /// The shared record of requests, owned by the origin and written by the handler.
    private final class State: Sendable {
        let log = Mutex(Log())
        func withLock<R>(_ body: (inout Log) -> R) -> R { log.withLock { body(&$0) } }
    }

    typealias Handler = @Sendable (OriginRequest) async -> OriginReply

    let port: Int
    private let state: State

    private init(port: Int, state: State) {
        self.port = port
        self.state = state
    }

    func url(_ path: String) -> URL {
        URL(string: "http://127.0.0.1:\(port)\(path.hasPrefix("/") ? path : "/" + path)")!
    }

    var requests: [OriginRequest] { state.withLock { $0.requests } }
    var requestCount: Int { state.withLock { $0.requests.count } }
    /// The most requests the handler was working on at the same moment.
    var peakInFlight: Int { state.withLock { $0.peakInFlight } }

    func requests(to target: String) -> [OriginRequest] {
        requests.filter { $0.target == target }
    }

    /// Runs an origin for the duration of `body`, answering every request with `handler`.
    static func run<T: Sendable>(_ handler: @escaping Handler, _ body: (TestOrigin) async throws -> T) async throws -> T {
        let state = State()
        let responder = CallbackResponder<BasicRequestContext> { request, _ in
            try await respond(to: request, state: state, handler: handler)
        }
        let server = try await LocalServer.start(responder: responder, host: "127.0.0.1", port: 0, label: "test-origin",
                                                 grace: .milliseconds(200))
        guard let port = server.baseURL.port else {
            await server.stop()
            throw FetchToolError("the test origin did not start")
        }
        do {
            let result = try await body(TestOrigin(port: port, state: state))
            await server.stop()
            return result
        } catch {
            await server.stop()
            throw error
        }
    }

    private static func respond(to incoming: Request, state: State, handler: Handler) async throws -> Response {
        var headers = SiteKit.HTTPHeaders()
        for field in incoming.headers { headers.add(field.name.rawName, field.value) }
        var incoming = incoming
        let buffer = try await incoming.collectBody(upTo: 1 << 20)
        let seen = state.withLock { state in
            let request = OriginRequest(method: incoming.method.rawValue, target: incoming.uri.description, headers: headers,
                                        body: Data(buffer.readableBytesView), number: state.requests.count + 1)
            state.requests.append(request)
            state.inFlight += 1
            state.peakInFlight = max(state.peakInFlight, state.inFlight)
            return request
        }
        let reply = await handler(seen)
        if reply.delay > 0 { try? await Task.sleep(for: .milliseconds(Int64(reply.delay * 1000))) }
        state.withLock { $0.inFlight -= 1 }

        var fields = HTTPFields()
        for field in reply.headers.fields {
            if let name = HTTPTypes.HTTPField.Name(field.name) { fields.append(HTTPTypes.HTTPField(name: name, value: field.value)) }
        }
        let status = HTTPTypes.HTTPResponse.Status(code: reply.status)
        let bytes = seen.method == "HEAD" || reply.status == 304 || reply.status == 204 ? Data() : reply.body
        if seen.method == "HEAD" {
            // As servers do: the length the GET's body would have, and no body.
            return Response(status: status, headers: fields, body: ResponseBody(contentLength: reply.body.count) { writer in
                try await writer.finish(nil)
            })
        }
        if let interval = reply.dripInterval {
            return Response(status: status, headers: fields, body: ResponseBody(contentLength: bytes.count) { writer in
                for byte in bytes {
                    try await writer.write(ByteBuffer(bytes: [byte]))
                    try await Task.sleep(for: .milliseconds(Int64(interval * 1000)))
                }
                try await writer.finish(nil)
            })
        }
        if let cut = reply.truncateAfter {
            return Response(status: status, headers: fields, body: ResponseBody(contentLength: bytes.count) { writer in
                try await writer.write(ByteBuffer(bytes: bytes.prefix(cut)))
                throw CancellationError()
            })
        }
        return Response(status: status, headers: fields, body: ResponseBody(byteBuffer: ByteBuffer(bytes: bytes)))
    }
}
