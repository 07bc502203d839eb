import Foundation
import Testing
@testable import SiteKit

/// URLs and servers the client cannot talk to: each gets its own message, in words, after one attempt.
@Suite struct URLProblemTests {
    @Test("an upper-case scheme is the same scheme (RFC 3986 §3.1)", arguments: ["HTTP", "Http"])
    func upperCaseSchemes(scheme: String) async throws {
        let harness = try CacheHarness()
        defer { harness.remove() }
        try await TestOrigin.run({ _ in .text("fine") }) { origin in
            let url = try #require(URL(string: "\(scheme)://127.0.0.1:\(origin.port)/x"))
            let result = try await harness.get(url)
            #expect(result.text == "fine")
            let request = try FetchTool.request(FetchToolOptions(url: url.absoluteString))
            #expect(request.url.absoluteString.hasPrefix("http://"))
        }
    }

    @Test("a port out of range is refused with its range, not as an IPv6 address")
    func portOutOfRange() async throws {
        #expect(throws: FetchToolError.self) { try FetchTool.request(FetchToolOptions(url: "http://127.0.0.1:99999/x")) }
        let harness = try CacheHarness()
        defer { harness.remove() }
        let error = await #expect(throws: FetchError.self) {
            _ = try await harness.get(URL(string: "http://127.0.0.1:99999/x")!, options: HTTPClientOptions(timeout: 5, retry: RetryPolicy()))
        }
        let message = error?.description ?? ""
        #expect(message.contains("99999") && message.contains("65535") && !message.contains("IPv6") && error?.attempts == 1, "\(message)")
    }

    @Test("a server that does not speak HTTP is named as such, after one attempt")
    func aServerThatIsNotHTTP() async throws {
        let listener = try RawListener(greeting: Data("SSH-2.0-OpenSSH_9\r\n".utf8))
        defer { listener.stop() }
        let harness = try CacheHarness()
        defer { harness.remove() }
        let error = await #expect(throws: FetchError.self) {
            _ = try await harness.get(URL(string: "http://127.0.0.1:\(listener.port)/x")!, options: HTTPClientOptions(timeout: 5, retry: RetryPolicy()))
        }
        let message = error?.description ?? ""
        #expect(error?.kind == .notHTTP && error?.attempts == 1 && harness.clock.sleeps.isEmpty, "\(message)")
        #expect(message.contains("did not answer in HTTP") && !message.contains("IPv6"))
    }

    @Test("https to a server that closes the connection during the handshake is said in words, not in OpenSSL's (SSL_connect: SSL_ERROR_SYSCALL)")
    func aHandshakeCutShortIsSaidInWords() async throws {
        let listener = try RawListener(greeting: Data())
        defer { listener.stop() }
        let harness = try CacheHarness()
        defer { harness.remove() }
        let error = await #expect(throws: FetchError.self) {
            _ = try await harness.get(URL(string: "https://127.0.0.1:\(listener.port)/x")!, options: HTTPClientOptions(timeout: 5, retry: .none))
        }
        let message = error?.description ?? ""
        #expect(message.contains("the server closed the connection during the TLS handshake, without answering"), "\(message)")
        #expect(!message.contains("SSL_"), "\(message)")
    }

    @Test("https to a plain-HTTP port says the server did not speak TLS and suggests http://")
    func httpsToPlainHTTP() async throws {
        let harness = try CacheHarness()
        defer { harness.remove() }
        try await TestOrigin.run({ _ in .text("plain") }) { origin in
            let error = await #expect(throws: FetchError.self) {
                _ = try await harness.get(URL(string: "https://127.0.0.1:\(origin.port)/x")!,
                                          options: HTTPClientOptions(timeout: 5, retry: RetryPolicy()))
            }
            let message = error?.description ?? ""
            #expect(message.contains("did not speak TLS") && message.contains("http://") && error?.attempts == 1, "\(message)")
            #expect(!message.contains("OpenSSL") && !message.contains("Check the network"))
        }
    }

    @Test("raw libcurl texts become words; a body cut short reads the same whichever way it was cut, with what was missing when known", arguments: [
        (NSURLErrorUnknown, "Empty reply from server", "the server closed the connection without answering"),
        (NSURLErrorUnknown, "transfer closed with outstanding read data remaining", "the connection was closed before the response was complete"),
        (NSURLErrorUnknown, "transfer closed with 993 bytes remaining to read", "the connection was closed before the response was complete (993 bytes short)"),
        (NSURLErrorUnknown, "transfer closed with 1 bytes remaining to read", "the connection was closed before the response was complete (1 byte short)"),
        (NSURLErrorNetworkConnectionLost, "Recv failure: Connection reset by peer", "the connection was closed before the response was complete"),
    ])
    func libcurlTextsInWords(code: Int, text: String, words: String) {
        let error = NSError(domain: NSURLErrorDomain, code: code, userInfo: [NSLocalizedDescriptionKey: text])
        guard case .transport(let detail, _) = TransferDelegate.classify(error) else {
            Issue.record("expected a transport error")
            return
        }
        #expect(detail == words)
    }
}
