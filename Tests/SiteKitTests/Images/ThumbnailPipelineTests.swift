import Foundation
import Synchronization
import Testing
@testable import SiteKit

@Suite("The picture queue on its own")
struct ThumbnailPipelineTests {
    /// Runs `jobs` through a pipeline of `client` into a staging output of its own, thrown away
    /// after; returns what the pipeline printed. `prepare` may put things in the output first.
    private func run(_ jobs: [ThumbnailPipeline.Job], client: some HTTPFetching, workers: Int = 1,
                     prepare: (StagedOutput) throws -> Void = { _ in }) async throws -> String {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let output = try StagedOutput(destination: folder.url.appendingPathComponent("public"))
        defer { output.discard() }
        try prepare(output)
        let printed = PrintLog()
        let pipeline = ThumbnailPipeline(client: client, jobs: workers, perHost: workers, reporter: Reporter(verbosity: .normal, sink: printed.append))
        _ = try await pipeline.run(jobs, into: output)
        return printed.text
    }

    private func jobs(_ count: Int, on host: String) -> [ThumbnailPipeline.Job] {
        (1...count).map { ThumbnailPipeline.Job(url: URL(string: "https://\(host)/\($0).png")!, lane: .utility) }
    }

    @Test("while no picture finishes, the phase says every so often how many it is still waiting on: a stalled picture left the progress line at 'eta 1s', or nothing printed without a terminal, for minutes")
    func stallsAreSaid() async throws {
        let picture = try Fixture.data("Images/good/png-48x48.png")
        /// Answers at once, but for 2.png, after 1.2 s.
        struct SlowSecond: HTTPFetching {
            var picture: Data
            func fetch(_ request: HTTPRequest, limits: TransferLimits) async throws -> FetchResult {
                if request.url.lastPathComponent == "2.png" { try await Task.sleep(nanoseconds: 1_200_000_000) }
                return FetchResult(response: HTTPResponse(url: request.url, status: 200, body: picture), outcome: .miss, age: nil, attempts: 1)
            }
        }
        let client = SlowSecond(picture: picture)
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let output = try StagedOutput(destination: folder.url.appendingPathComponent("public"))
        defer { output.discard() }
        let printed = PrintLog()
        var pipeline = ThumbnailPipeline(client: client, jobs: 2, perHost: 2, reporter: Reporter(verbosity: .normal, sink: printed.append))
        pipeline.stallNotice = 0.3
        let outcome = try await pipeline.run(jobs(3, on: "pictures.example"), into: output)
        #expect(outcome.counts.done == 3)
        let notes = printed.text.split(separator: "\n").filter { $0.contains("still waiting") }
        #expect(!notes.isEmpty, "\(printed.text)")
        // How many were done by the first quiet interval depends on the machine's load; the form does not.
        for note in notes {
            #expect(note.wholeMatch(of: /images: [0-2] of 3 done; still waiting on ([23] pictures|1 picture), none finished in the last \d+ s \(each attempt ends at --timeout; Ctrl-C stops the build and keeps the last site\)/) != nil, "\(note)")
        }
        #expect(notes.count <= 4, "one line per quiet interval, and none once the phase is over: \(notes)")
    }

    @Test("the phase's first line says how many pictures it publishes, not that it fetches them all: a warm build, which takes them from the cache, said 'fetching 180'")
    func theFirstLineClaimsNoDownloads() async throws {
        let picture = try Fixture.data("Images/good/png-48x48.png")
        let printed = try await run(jobs(3, on: "pictures.example"), client: StubFetcher.always(200, picture), workers: 2)
        #expect(printed.hasPrefix("images: 3 to publish, from the cache or fetched 2 at a time\n"), "\(printed)")
        #expect(!printed.contains("fetching"), "\(printed)")
    }

    @Test("a picture's error status says where it came from and what to do: a copy the cache keeps as fresh (--refresh asks again), a stale copy, a Retry-After time, a rate limit, the tries it took; the server's word alone is as before",
          arguments: [
            (CacheOutcome.hit, 404, 180, false, 1, "answered HTTP 404, a copy the cache stored 3 min ago and keeps as fresh, as the server's headers allow (--refresh asks the server again)"),
            (.stale, 404, 7_200, false, 0, "answered HTTP 404, a copy the cache stored 2 h ago, stale now and used as it is"),
            (.miss, 429, 0, true, 1, "answered HTTP 429, and asked to be retried at "),
            (.bypass, 429, 0, false, 4, "answered HTTP 429, tried 4 times (too many requests: build again later, or with fewer --jobs)"),
            (.miss, 404, 0, false, 1, "answered HTTP 404; the page shows a placeholder instead."),
          ])
    func statusReasonsSayWhereTheyCameFrom(outcome: CacheOutcome, status: Int, age: Int, retryLater: Bool, attempts: Int, expected: String) async throws {
        struct Answering: HTTPFetching {
            var outcome: CacheOutcome, status: Int, age: Int, retryLater: Bool, attempts: Int
            func fetch(_ request: HTTPRequest, limits: TransferLimits) async throws -> FetchResult {
                var result = FetchResult(response: HTTPResponse(url: request.url, status: status, body: Data("no".utf8)),
                                         outcome: outcome, age: age, attempts: attempts)
                if retryLater { result.retryAt = Date().addingTimeInterval(600) }
                return result
            }
        }
        let client = Answering(outcome: outcome, status: status, age: age, retryLater: retryLater, attempts: attempts)
        let printed = try await run(jobs(1, on: "pictures.example"), client: client)
        #expect(printed.contains("warning: image https://pictures.example/1.png " + expected), "\(printed)")
        if retryLater {
            // Ten minutes on, past midnight UTC, is tomorrow: then the date comes first.
            #expect(printed.contains(try Regex(#"retried at (\d{4}-\d\d-\d\d )?\d\d:\d\d:\d\d UTC \(Retry-After\), later than this tool waits; the page shows a placeholder instead\."#)), "\(printed)")
        }
    }

    @Test("pictures of one host failing the same way are one warning beyond three, each a --verbose detail: 130 lines of the same 404 hid everything else; three or fewer are a warning each")
    func alikeFailuresAreOneWarning() async throws {
        let gone = StubFetcher { request in HTTPResponse(url: request.url, status: 404, body: Data("gone".utf8)) }
        let many = try await run(jobs(5, on: "pictures.example"), client: gone, workers: 2)
        // (The other warning says that most pictures failed.)
        let warnings = many.split(separator: "\n").filter { $0.hasPrefix("warning: ") && $0.contains("pictures.example/") }
        #expect(warnings.count == 1, "\(many)")
        #expect(warnings.first?.contains("5 pictures of pictures.example, such as https://pictures.example/1.png and https://pictures.example/2.png, each answered HTTP 404") == true, "\(many)")
        #expect(warnings.first?.hasSuffix("(--verbose lists them); their pages show placeholders.") == true, "\(many)")
        // Reasons that differ only in a number (a picture cut short after so many bytes) are alike too.
        let picture = try Fixture.data("Images/good/png-48x48.png")
        let cut = StubFetcher { request in
            let number = Int(request.url.deletingPathExtension().lastPathComponent) ?? 1
            return HTTPResponse(url: request.url, status: 200, body: picture.prefix(picture.count / 2 + number * 7))
        }
        let cutShort = try await run(jobs(5, on: "pictures.example"), client: cut, workers: 2)
        let cutWarnings = cutShort.split(separator: "\n").filter { $0.hasPrefix("warning: ") && $0.contains("pictures.example/") }
        #expect(cutWarnings.count == 1 && cutWarnings[0].contains("5 pictures of pictures.example, such as https://pictures.example/1.png and https://pictures.example/2.png, failing alike (the first "),
                "\(cutShort)")
        // Offline with none of them cached: "none of them is cached", where it said "each is not cached".
        let uncached = StubFetcher { throw FetchError(.offlineMiss, url: $0.url) }
        let offline = try await run(jobs(5, on: "pictures.example"), client: uncached, workers: 2)
        #expect(offline.contains("5 pictures of pictures.example, such as https://pictures.example/1.png and https://pictures.example/2.png, none of them is cached (--verbose lists them)"),
                "\(offline)")
        let few = try await run(jobs(3, on: "pictures.example"), client: gone, workers: 2)
        #expect(few.split(separator: "\n").filter { $0.hasPrefix("warning: image https://pictures.example/") }.count == 3, "\(few)")
    }

    @Test("an output that cannot be written (here a file where thumbs/ must go) ends the image phase with that error, not a warning per picture")
    func anOutputWriteErrorIsFatal() async throws {
        let picture = try Fixture.data("Images/good/png-48x48.png")
        let error = await #expect(throws: OutputError.self) {
            let printed = try await run(jobs(5, on: "pictures.example"), client: StubFetcher.always(200, picture), workers: 2) { output in
                try output.write(Data("in the way".utf8), to: "thumbs")
            }
            #expect(!printed.contains("warning: image"), "\(printed)")
        }
        #expect(error?.description.contains("thumbs/") == true, "\(String(describing: error))")
    }

    @Test("a picture whose redirects end at an error names where they led, not only the address asked, which answered nothing but the redirect")
    func redirectedFailuresNameTheTarget() async throws {
        let moved = URL(string: "https://pictures.example/moved/1.png")!
        let printed = try await run(jobs(1, on: "pictures.example"), client: StubFetcher { _ in HTTPResponse(url: moved, status: 404, body: Data("gone".utf8)) })
        #expect(printed.contains("https://pictures.example/1.png was redirected to https://pictures.example/moved/1.png, which answered HTTP 404"), "\(printed)")
        // Redirected to a host that refused: the HTTP client's error names both addresses.
        let refused = StubFetcher { request in
            var error = FetchError(.transport(detail: "the connection was refused", unreachable: true), url: request.url)
            error.redirectedTo = URL(string: "http://127.0.0.1:1/x.png")!
            throw error
        }
        let printedRefused = try await run(jobs(1, on: "pictures.example"), client: refused)
        #expect(printedRefused.contains("warning: image https://pictures.example/1.png was redirected to http://127.0.0.1:1/x.png, which failed (the connection was refused)"),
                "\(printedRefused)")
    }

    @Test("a picture host whose TLS certificate is not trusted is given up on after three pictures, as a stalled one is, where every picture cost a handshake and a warning of its own")
    func untrustedHostsAreGivenUpOn() async throws {
        let asked = Atomic<Int>(0)
        let client = StubFetcher { request in
            // A picture given up on is asked of the cache alone, which this stub does not have.
            if request.headers["Cache-Control"]?.contains("only-if-cached") != true { asked.add(1, ordering: .relaxed) }
            throw FetchError(.untrustedCertificate("SSL certificate problem: self-signed certificate"), url: request.url)
        }
        let printed = try await run(jobs(20, on: "self-signed.test"), client: client)
        #expect(asked.load(ordering: .relaxed) == 3, "\(printed)")
        #expect(printed.contains("17 more pictures of self-signed.test, such as https://self-signed.test/4.png, were not fetched: self-signed.test failed 3 pictures in a row (the last has a TLS certificate that is not trusted"),
                "\(printed)")
    }
}
