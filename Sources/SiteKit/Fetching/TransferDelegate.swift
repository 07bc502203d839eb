import Foundation
import Synchronization
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Collects each data task's response and bytes, enforcing body limits as the bytes arrive,
/// refusing to hand over a body cut short before its `Content-Length`, and failing every
/// transfer that outlives its deadline.
///
/// URLSession calls the delegate on its own queue; the per-task state lives behind a `Mutex`, so
/// the class is `Sendable` without any unchecked conformance.
///
/// Deadlines share one timer, set for the earliest of them: a build's transfers all get the same
/// timeout, so each new deadline comes after the one the timer is set for and costs nothing
/// but a field; the timer is set again only when it fires. (A task group racing each transfer
/// against a `Task.sleep` cost two child tasks and a Dispatch timer per request, whose
/// registration and cancellation each woke Dispatch's timer thread: 2-3 % of a cold build's CPU.)
/// A transfer whose deadline passes is answered with the timeout at once and its task
/// cancelled; whatever URLSession reports for it afterwards is ignored. So is one refused for
/// its size, and one whose Swift task was cancelled (Ctrl-C).
///
/// Answering at once matters: URLSession on Linux hands each chunk of a body to the delegate
/// through an operation queue, which a server sending faster than that queue drains (a loopback
/// or LAN host streaming without end) fills with gigabytes of chunks. The delegate then saw the
/// limit, and the deadline's cancel took effect, only seconds or minutes later, while the chunks
/// piled up; a build waiting for URLSession's word hung past its timeout and Ctrl-C. Bytes are
/// also counted where libcurl counts them (`task.progress`, on URLSession's own queue, checked
/// every `watchInterval`), so that a body past its limit is refused however far the queue lags.
/// (`DelegateQueue` bounds that queue; `URLSessionTransport` keeps URLSession's blocking calls off
/// Swift's threads.)
///
/// A transfer is reserved, with its deadline, before its task exists: making a task waits for
/// URLSession's work queue, which such a body can hold for seconds, and the deadline runs from
/// the request, not from the moment URLSession got to it.
final class TransferDelegate: NSObject, URLSessionDataDelegate, Sendable {
    private struct Transfer {
        /// Nil until URLSession made the task (`attach`).
        var task: URLSessionTask?
        var request: HTTPRequest
        var limits: TransferLimits
        var timeout: Double
        var deadline: DispatchTime
        var continuation: CheckedContinuation<HTTPResponse, any Error>
        var response: HTTPURLResponse?
        var body = Data()
    }

    private struct State {
        /// By reservation number.
        var transfers: [Int: Transfer] = [:]
        /// Reservation numbers by task identifier.
        var reservations: [Int: Int] = [:]
        var nextReservation = 0
        /// Made on first use; it fires at `alarm`, or never when that is nil.
        var timer: (any DispatchSourceTimer)?
        var alarm: DispatchTime?
        /// Made on first use; it fires every `watchInterval` (see `watchBytes`).
        var watch: (any DispatchSourceTimer)?
        /// Tasks refused for their size that URLSession has not finished yet: the memory of
        /// their chunks is handed back once it has.
        var refused: Set<Int> = []
    }

    private let state = Mutex<State>(State())
    /// Where the session's calls that wait for URLSession's work queue are made: making, starting
    /// and cancelling tasks, invalidating the session. libcurl can hold that queue for seconds
    /// while a server sends a body without end. On Swift's threads, two such waits stopped every
    /// task of the build, its deadlines and Ctrl-C included; on Dispatch's global queues, whose
    /// threads are as many as the cores, they stopped every other session's calls and timers.
    /// A serial queue has a thread of its own, and holds up this session alone.
    let calls = DispatchQueue(label: "site.urlsession-calls", qos: .userInitiated)
    /// Where the deadlines' timer fires: a queue of its own, which Dispatch gives a thread even
    /// when every worker of its global queues is busy (a serial queue is "overcommit"). On the
    /// global queue the timer waited for a free worker, and Swift's tasks and rendering on every
    /// core run there: 2.2 s late in a stand-alone test, 8 ms here.
    private static let timerQueue = DispatchQueue(label: "site.deadlines", qos: .userInitiated)
    /// The longest timeout honoured as given: `DispatchTime` arithmetic overflows far beyond it.
    private static let longestTimeout = 10 * 365 * 86_400.0
    /// How often the bytes libcurl received are compared with the limits: a server sending 1 GB/s
    /// gets 20 MB past a limit before it is refused.
    static let watchInterval = DispatchTimeInterval.milliseconds(20)

    deinit {
        state.withLock { state in
            state.timer?.cancel()
            state.watch?.cancel()
        }
    }

    /// Reserves a transfer for `request`, its deadline running from now; the number to `attach`
    /// its task to, or to `abandon` it by.
    func reserve(_ request: HTTPRequest, limits: TransferLimits, timeout: Double,
                 continuation: CheckedContinuation<HTTPResponse, any Error>) -> Int {
        let deadline = DispatchTime.now() + min(max(0, timeout), Self.longestTimeout)
        return state.withLock { state in
            let number = state.nextReservation
            state.nextReservation += 1
            state.transfers[number] = Transfer(task: nil, request: request, limits: limits, timeout: timeout,
                                               deadline: deadline, continuation: continuation)
            if state.alarm.map({ deadline < $0 }) ?? true { setAlarm(&state, at: deadline) }
            if state.watch == nil {
                let watch = DispatchSource.makeTimerSource(queue: Self.timerQueue)
                watch.setEventHandler { [weak self] in self?.watchBytes() }
                watch.schedule(deadline: .now() + Self.watchInterval, repeating: Self.watchInterval, leeway: .milliseconds(5))
                watch.resume()
                state.watch = watch
            }
            return number
        }
    }

    /// Gives reservation `number` its task; false when the transfer was answered meanwhile (its
    /// deadline passed, or its Swift task was cancelled), and the task must not be started.
    func attach(_ task: URLSessionTask, to number: Int) -> Bool {
        state.withLock { state in
            guard state.transfers[number] != nil else { return false }
            state.transfers[number]?.task = task
            state.reservations[task.taskIdentifier] = number
            return true
        }
    }

    /// Answers reservation `number`, if it is still waiting, with the error of `kind` (a
    /// `CancellationError` for nil) at once, and cancels its task without waiting for URLSession
    /// (see the type's comment); what URLSession reports for the task afterwards is ignored.
    private func finish(_ number: Int, _ kind: FetchError.Kind?) {
        let refused = kind.map { if case .limit = $0 { true } else { false } } ?? false
        guard let transfer = state.withLock({ state -> Transfer? in
            guard let transfer = state.transfers.removeValue(forKey: number) else { return nil }
            if let task = transfer.task {
                state.reservations.removeValue(forKey: task.taskIdentifier)
                if refused { state.refused.insert(task.taskIdentifier) }
            }
            return transfer
        }) else { return }
        let request = transfer.request
        transfer.continuation.resume(throwing: kind.map { FetchError($0, method: request.method, url: request.url) } ?? CancellationError())
        // Not on the caller's queue: `cancel()` waits for URLSession's work queue, which may be
        // inside libcurl inflating a compressed body into chunks queued for the delegate's queue
        // (2 MB of gzip is 2 GB of zeros), or reading a body that does not end; the deadlines'
        // queue and the delegate's must not wait for it.
        if let task = transfer.task { calls.async { task.cancel() } }
    }

    /// `finish` for the reservation of `task`.
    private func finish(_ task: URLSessionTask, _ kind: FetchError.Kind?) {
        guard let number = state.withLock({ $0.reservations[task.taskIdentifier] }) else { return }
        finish(number, kind)
    }

    /// The Swift task waiting for reservation `number` was cancelled: it is answered with
    /// `CancellationError` at once.
    func abandon(_ number: Int) {
        finish(number, nil)
    }

    /// Refuses every transfer whose body, as libcurl has received it so far, is past its limit.
    /// (libcurl counts the bytes as they come off the connection; a compressed body's limit is
    /// checked on its decoded chunks, as the delegate gets them.)
    private func watchBytes() {
        let waiting = state.withLock { state in
            state.transfers.compactMap { number, transfer in transfer.task.map { (number, $0, transfer.limits.maxBodyBytes) } }
        }
        for (number, task, limit) in waiting where task.progress.completedUnitCount > Int64(limit) {
            finish(number, .limit("the body grew past the \(ByteCount.format(limit)) limit"))
        }
    }

    private func setAlarm(_ state: inout State, at deadline: DispatchTime) {
        let timer = state.timer ?? {
            let timer = DispatchSource.makeTimerSource(queue: Self.timerQueue)
            timer.setEventHandler { [weak self] in self?.expire() }
            timer.resume()
            return timer
        }()
        state.timer = timer
        timer.schedule(deadline: deadline, leeway: .milliseconds(5))
        state.alarm = deadline
    }

    /// Answers every transfer whose deadline has passed with a timeout, cancels its task, and
    /// sets the timer for the earliest deadline left.
    private func expire() {
        let now = DispatchTime.now()
        let expired: [(number: Int, timeout: Double)] = state.withLock { state in
            state.alarm = nil
            // The next deadline left once these are answered.
            if let next = state.transfers.values.lazy.map(\.deadline).filter({ $0 > now }).min() { setAlarm(&state, at: next) }
            return state.transfers.compactMap { $0.value.deadline <= now ? ($0.key, $0.value.timeout) : nil }
        }
        for (number, timeout) in expired {
            finish(number, .timeout(seconds: timeout))
        }
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
                    completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void) {
        let http = response as? HTTPURLResponse
        let tooLarge: Int? = state.withLock { state in
            guard let number = state.reservations[dataTask.taskIdentifier], var transfer = state.transfers[number] else { return nil }
            transfer.response = http
            state.transfers[number] = transfer
            let declared = http.flatMap { Int($0.value(forHTTPHeaderField: "Content-Length") ?? "") } ?? 0
            return declared > transfer.limits.maxBodyBytes ? transfer.limits.maxBodyBytes : nil
        }
        if let limit = tooLarge {
            completionHandler(.cancel)
            finish(dataTask, .limit("the body is larger than the \(ByteCount.format(limit)) limit"))
            return
        }
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let exceeded: Int? = state.withLock { state in
            // Appended in place: a copy of the transfer taken out of the dictionary would share
            // its body's storage, so every chunk would copy the whole body received so far.
            guard let number = state.reservations[dataTask.taskIdentifier],
                  let index = state.transfers.index(forKey: number) else { return nil }
            state.transfers.values[index].body.append(data)
            let limit = state.transfers.values[index].limits.maxBodyBytes
            return state.transfers.values[index].body.count > limit ? limit : nil
        }
        if let limit = exceeded {
            finish(dataTask, .limit("the body grew past the \(ByteCount.format(limit)) limit"))
        }
    }

    /// Redirects are not followed here: the client follows them itself, so that each hop goes
    /// through the cache and the redirect limits. Declining delivers the 3xx as the response.
    func urlSession(_ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
                    newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void) {
        completionHandler(nil)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        let (found, refused) = state.withLock { state in
            let number = state.reservations.removeValue(forKey: task.taskIdentifier)
            return (number.flatMap { state.transfers.removeValue(forKey: $0) }, state.refused.remove(task.taskIdentifier) != nil)
        }
        // Refused for its size: the body URLSession read and dropped anyway is free now.
        if refused { FreedMemory.release() }
        guard let transfer = found else { return }
        let request = transfer.request
        let coding = (transfer.response ?? task.response as? HTTPURLResponse)?.value(forHTTPHeaderField: "Content-Encoding")
        if let error {
            let nsError = error as NSError
            if nsError.code == NSURLErrorCancelled {
                transfer.continuation.resume(throwing: CancellationError())
            } else {
                transfer.continuation.resume(throwing: FetchError(Self.classify(nsError, coding: coding, url: request.url),
                                                                  method: request.method, url: request.url))
            }
            return
        }
        // Foundation on Linux never reports a 3xx without a Location through the delegate (and
        // drops its body); the task still knows the response.
        guard let response = transfer.response ?? task.response as? HTTPURLResponse else {
            transfer.continuation.resume(throwing: FetchError(.transport(detail: "the server sent no HTTP response", unreachable: false),
                                                              method: request.method, url: request.url))
            return
        }
        // A coding libcurl does not know may reach us as an empty body rather than an error.
        if let coding, let unknown = ContentCoding.unknown(in: coding) {
            transfer.continuation.resume(throwing: FetchError(.undecodable(coding: unknown, damaged: false),
                                                              method: request.method, url: request.url))
            return
        }
        // Foundation reports fields by name (repeated ones joined with ", "), not in wire order;
        // sorting makes what callers and the cache see the same from run to run.
        var headers = HTTPHeaders()
        let fields = response.allHeaderFields.map { (String(describing: $0.key), String(describing: $0.value)) }
        for (name, value) in fields.sorted(by: { $0.0.lowercased() < $1.0.lowercased() }) {
            headers.add(name, value)
        }
        // Two different lengths (URLSession joins repeated fields with commas): where the body
        // ends is unknown, and the answer must be discarded (RFC 9112 §6.3). Equal ones may stay.
        if let lengths = headers["Content-Length"], Set(lengths.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }).count > 1 {
            let problem = "it gives two different lengths for its body (Content-Length: \(lengths)), so where the body ends is unknown"
            transfer.continuation.resume(throwing: FetchError(.malformed(problem), method: request.method, url: request.url))
            return
        }
        if headers["Content-Encoding"] == nil, request.method != "HEAD", response.statusCode != 304,
           let declared = Int(headers["Content-Length"] ?? ""), declared > transfer.body.count {
            let kind: FetchError.Kind = transfer.response == nil && (300..<400).contains(response.statusCode)
                ? .redirectWithoutLocation(response.statusCode)
                : .transport(detail: "the connection closed after \(transfer.body.count) of \(declared) bytes", unreachable: false)
            transfer.continuation.resume(throwing: FetchError(kind, method: request.method, url: request.url))
            return
        }
        if request.method != "HEAD", response.statusCode != 304 {
            ContentCoding.describeDecoded(&headers, bodyLength: transfer.body.count)
        }
        transfer.continuation.resume(returning: HTTPResponse(
            url: response.url ?? request.url, status: response.statusCode, headers: headers, body: transfer.body))
    }

    /// Maps Foundation's error codes, and the texts of libcurl's that it passes on without a code
    /// of their own, onto our kinds; unreachable means no HTTP exchange happened at all.
    private static let cutShort = "the connection was closed before the response was complete"

    static func classify(_ error: NSError, coding: String? = nil, url: URL? = nil) -> FetchError.Kind {
        let text = error.localizedDescription.lowercased()
        if text.contains("content encoding") || text.contains("transfer-encoding") || text.contains("unencoding")
            || error.code == NSURLErrorCannotDecodeContentData || error.code == NSURLErrorCannotDecodeRawData {
            // libcurl's CURLE_BAD_CONTENT_ENCODING: a coding it does not know, or a body that
            // does not decode in the one announced.
            let named = coding.map { ContentCoding.unknown(in: $0) ?? $0 }
            return .undecodable(coding: named, damaged: named.map { ContentCoding.unknown(in: $0) == nil } ?? false)
        }
        // libcurl's CURLE_RECV_ERROR for a chunk size that is no hexadecimal number, and the like:
        // the server's framing, which a retry gets the same.
        if text.contains("chunked-encoding") || text.contains("chunked encoding") {
            return .malformed("its chunked body is broken (\(FetchError.clause(error.localizedDescription)))")
        }
        if text.contains("http/0.9") {
            return .notHTTP
        }
        if [NSURLErrorServerCertificateUntrusted, NSURLErrorServerCertificateHasBadDate, NSURLErrorServerCertificateHasUnknownRoot,
            NSURLErrorServerCertificateNotYetValid].contains(error.code) || text.contains("certificate") {
            return .untrustedCertificate(error.localizedDescription)
        }
        if text.contains("ssl") || text.contains("tls") || text.contains("wrong version number") {
            if text.contains("wrong version number") || text.contains("packet length too long") || text.contains("record layer failure") {
                return .notTLS
            }
            // OpenSSL's "SSL_connect: SSL_ERROR_SYSCALL in connection to host:port": the peer
            // closed the connection during the handshake, in OpenSSL's words.
            if text.contains("ssl_error_syscall") {
                return .transport(detail: "the server closed the connection during the TLS handshake, without answering "
                    + "(it may not serve https on that port, or refused this client)", unreachable: false)
            }
        }
        // libcurl's texts for a header section it, or URLSession on Linux, cannot take in.
        if text.contains("failed writing header") {
            return .malformed("its header section holds what URLSession on Linux does not accept: bytes that are not UTF-8 (such as é in Latin-1), or lines that end in a bare LF where HTTP ends them in CRLF")
        }
        if text.contains("header without colon") {
            return .malformed("a header line has no colon")
        }
        if text == "out of memory" || text.contains("too large response headers") {
            return .malformed("its header section is larger than libcurl accepts")
        }
        if text.contains("empty reply from server") {
            return .transport(detail: "the server closed the connection without answering", unreachable: false)
        }
        // A body cut short, in libcurl's words ("transfer closed with 993 bytes remaining to
        // read", "partial file"), or a connection reset: said the same way, with what was missing
        // when it is known.
        if text.contains("transfer closed with") || text.contains("outstanding read data remaining") || text.contains("partial file") {
            let missing = text.firstMatch(of: /with (\d+) bytes? remaining/).map { " (\($0.1) \($0.1 == "1" ? "byte" : "bytes") short)" } ?? ""
            return .transport(detail: cutShort + missing, unreachable: false)
        }
        switch error.code {
        case NSURLErrorCannotFindHost, NSURLErrorDNSLookupFailed:
            return .transport(detail: "the name does not resolve", unreachable: true)
        case NSURLErrorCannotConnectToHost:
            return .transport(detail: "the connection was refused", unreachable: true)
        case NSURLErrorBadURL, NSURLErrorUnsupportedURL:
            // Refused before any connection: a port out of range, or an IPv6 address such as [::1].
            if let url, let problem = FetchableURL.problem(with: url) { return .unfetchableURL(problem) }
            // libcurl gives the same code for an answer whose status line it cannot read (HTTP/1.1
            // 099, or abc): a URL it can send, with a host that is no IPv6 address, was sent.
            if let host = url?.host, !host.contains(":") {
                return .malformed("its status line is not one of HTTP's (three digits from 100 to 599 after the version, as in HTTP/1.1 200 OK)")
            }
            return .refusedURL
        case NSURLErrorNotConnectedToInternet:
            return .transport(detail: "there is no route to the host", unreachable: true)
        case NSURLErrorNetworkConnectionLost:
            return .transport(detail: cutShort, unreachable: false)
        case NSURLErrorTimedOut:
            return .transport(detail: "the connection timed out", unreachable: false)
        case NSURLErrorSecureConnectionFailed, NSURLErrorServerCertificateUntrusted, NSURLErrorServerCertificateHasBadDate:
            return .transport(detail: "the TLS connection failed (\(FetchError.clause(error.localizedDescription)))", unreachable: false)
        default:
            return .transport(detail: error.localizedDescription, unreachable: false)
        }
    }
}
