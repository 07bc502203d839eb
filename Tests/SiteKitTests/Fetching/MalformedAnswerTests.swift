import Foundation
import Testing
@testable import SiteKit

/// Answers whose framing or header section cannot be read as HTTP: refused at once, never stored,
/// with words that blame the server rather than the network.
@Suite struct MalformedAnswerTests {
    private struct Fetched {
        var online: Result<FetchResult, FetchError>
        /// The same URL fetched again offline: what the cache kept.
        var offline: Result<FetchResult, FetchError>
        var sleeps: Int
    }

    /// Fetches what a raw listener sends (each character one byte, so é is Latin-1's 0xE9), with
    /// retries on, then the same URL offline.
    private func fetch(_ answer: String) async throws -> Fetched {
        let listener = try RawListener(greeting: Data(answer.unicodeScalars.map { UInt8(truncatingIfNeeded: $0.value) }))
        defer { listener.stop() }
        let harness = try CacheHarness()
        defer { harness.remove() }
        let url = URL(string: "http://127.0.0.1:\(listener.port)/x")!
        func get(_ options: HTTPClientOptions) async throws -> Result<FetchResult, FetchError> {
            do { return .success(try await harness.get(url, options: options)) } catch let error as FetchError { return .failure(error) }
        }
        let online = try await get(HTTPClientOptions(timeout: 5, retry: RetryPolicy()))
        let offline = try await get(HTTPClientOptions(timeout: 5, retry: .none, offline: true))
        return Fetched(online: online, offline: offline, sleeps: harness.clock.sleeps.count)
    }

    private func raw(_ lines: [String], body: String = "d 1xxxxx") -> String {
        lines.joined(separator: "\r\n") + "\r\nConnection: close\r\n\r\n" + body
    }

    @Test("two different Content-Lengths: the answer is refused after one attempt, naming both, and nothing is stored (RFC 9112 §6.3)")
    func conflictingLengths() async throws {
        let fetched = try await fetch(raw(["HTTP/1.1 200 OK", "Cache-Control: max-age=600", "Content-Length: 3", "Content-Length: 8"]))
        guard case .failure(let error) = fetched.online, case .malformed = error.kind else { Issue.record("\(fetched.online)"); return }
        #expect(error.attempts == 1 && fetched.sleeps == 0)
        #expect(error.description.contains("cannot be read as HTTP: it gives two different lengths for its body (Content-Length: 3, 8)"), "\(error)")
        #expect(error.description.contains("retrying will not help: the server is at fault") && !error.description.contains("Check the network"))
        guard case .failure(let missing) = fetched.offline else { Issue.record("stored: \(fetched.offline)"); return }
        #expect(missing.kind == .offlineMiss)
    }

    @Test("a repeated Content-Length with one value is one length, and the answer is used")
    func repeatedEqualLengths() async throws {
        let fetched = try await fetch(raw(["HTTP/1.1 200 OK", "Content-Length: 8", "Content-Length: 8"]))
        guard case .success(let result) = fetched.online else { Issue.record("\(fetched.online)"); return }
        #expect(String(decoding: result.response.body, as: UTF8.self) == "d 1xxxxx")
    }

    @Test("a header URLSession on Linux cannot take in (a Latin-1 byte, a line without a colon) fails at once, blaming the server, not the network",
          arguments: [(["HTTP/1.1 200 OK", "Cache-Control: max-age=600", "X-Name: caf\u{E9}", "Content-Length: 8"],
                       "its header section holds what URLSession on Linux does not accept: bytes that are not UTF-8"),
                      (["HTTP/1.1 200 OK", "Content-Length: 8", "this line has no colon"], "a header line has no colon"),
                      // libcurl calls this a bad URL: it was blamed on the URL, and on IPv6.
                      (["HTTP/1.1 099 Odd", "Content-Length: 8"], "its status line is not one of HTTP's")])
    func unreadableHeaders(lines: [String], words: String) async throws {
        let fetched = try await fetch(raw(lines))
        guard case .failure(let error) = fetched.online, case .malformed = error.kind else { Issue.record("\(fetched.online)"); return }
        #expect(error.attempts == 1 && fetched.sleeps == 0, "\(error)")
        #expect(error.description.contains(words) && !error.description.contains("Check the network"), "\(error)")
    }

    @Test("a chunked body whose chunk size is no hexadecimal number fails at once, blaming the server's framing, where it was retried 4 times with libcurl's words and 'Check the network'")
    func brokenChunks() async throws {
        let fetched = try await fetch(raw(["HTTP/1.1 200 OK", "Transfer-Encoding: chunked"], body: "ZZZ\r\nxx\r\n0\r\n\r\n"))
        guard case .failure(let error) = fetched.online, case .malformed = error.kind else { Issue.record("\(fetched.online)"); return }
        #expect(error.attempts == 1 && fetched.sleeps == 0, "\(error)")
        #expect(error.description.contains("cannot be read as HTTP: its chunked body is broken") && !error.description.contains("Check the network"), "\(error)")
    }

    @Test("a TLS certificate the system does not trust is said so, and not retried: it would be the same certificate",
          arguments: [(NSURLErrorSecureConnectionFailed, "SSL certificate problem: self-signed certificate"),
                      (NSURLErrorServerCertificateUntrusted, "The certificate for this server is invalid."),
                      (NSURLErrorSecureConnectionFailed, "SSL: no alternative certificate subject name matches target host name 'x'")])
    func untrustedCertificates(code: Int, text: String) throws {
        let kind = TransferDelegate.classify(NSError(domain: NSURLErrorDomain, code: code, userInfo: [NSLocalizedDescriptionKey: text]))
        guard case .untrustedCertificate = kind else { Issue.record("\(kind)"); return }
        let error = FetchError(kind, url: URL(string: "https://self-signed.example/x")!)
        #expect(!RetryPolicy().shouldRetry(error))
        #expect(error.description.contains("failed: the server's TLS certificate is not trusted (") && error.description.contains("retrying will not help"))
        #expect(!error.description.contains("Check the network"))
    }

    @Test("a status outside 100–599 is handed over but never stored, as a 5xx would not be (RFC 9110 §15)")
    func invalidStatusIsNotStored() async throws {
        let fetched = try await fetch(raw(["HTTP/1.1 999 Odd", "Cache-Control: max-age=600", "Content-Length: 8"]))
        guard case .success(let result) = fetched.online else { Issue.record("\(fetched.online)"); return }
        #expect(result.response.status == 999)
        guard case .failure(let missing) = fetched.offline else { Issue.record("stored: \(fetched.offline)"); return }
        #expect(missing.kind == .offlineMiss)
    }
}
