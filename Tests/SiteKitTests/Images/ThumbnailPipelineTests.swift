import Foundation
import Synchronization
import Testing
@testable import SiteKit

@Suite("The picture queue on its own")
struct ThumbnailPipelineTests {
    @Test("an output that cannot be written (here a file where thumbs/ must go) ends the image phase with that error, not a warning per picture")
    func anOutputWriteErrorIsFatal() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let output = try StagedOutput(destination: folder.url.appendingPathComponent("public"))
        defer { output.discard() }
        try output.write(Data("in the way".utf8), to: "thumbs")
        let picture = try Fixture.data("Images/good/png-48x48.png")
        let printed = PrintLog()
        let pipeline = ThumbnailPipeline(client: StubFetcher.always(200, picture), jobs: 2, perHost: 2,
                                         reporter: Reporter(verbosity: .normal, sink: printed.append))
        let jobs = (1...5).map { ThumbnailPipeline.Job(url: URL(string: "https://pictures.example/\($0).png")!, lane: .utility) }
        let error = await #expect(throws: OutputError.self) { try await pipeline.run(jobs, into: output) }
        #expect(error?.description.contains("thumbs/") == true, "\(String(describing: error))")
        #expect(!printed.text.contains("warning: image"), "\(printed.text)")
    }

    @Test("a picture whose redirects end at an error names where they led, not only the address asked, which answered nothing but the redirect")
    func redirectedFailuresNameTheTarget() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let output = try StagedOutput(destination: folder.url.appendingPathComponent("public"))
        defer { output.discard() }
        let printed = PrintLog()
        let moved = URL(string: "https://pictures.example/moved/1.png")!
        let client = StubFetcher { _ in HTTPResponse(url: moved, status: 404, body: Data("gone".utf8)) }
        let pipeline = ThumbnailPipeline(client: client, jobs: 1, perHost: 1, reporter: Reporter(verbosity: .normal, sink: printed.append))
        let jobs = [ThumbnailPipeline.Job(url: URL(string: "https://pictures.example/1.png")!, lane: .utility)]
        _ = try await pipeline.run(jobs, into: output)
        #expect(printed.text.contains("https://pictures.example/1.png was redirected to https://pictures.example/moved/1.png, which answered HTTP 404"),
                "\(printed.text)")
    }

    @Test("a picture host whose TLS certificate is not trusted is given up on after three pictures, as a stalled one is, where every picture cost a handshake and a warning of its own")
    func untrustedHostsAreGivenUpOn() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let output = try StagedOutput(destination: folder.url.appendingPathComponent("public"))
        defer { output.discard() }
        let printed = PrintLog()
        let asked = Atomic<Int>(0)
        let client = StubFetcher { request in
            asked.add(1, ordering: .relaxed)
            throw FetchError(.untrustedCertificate("SSL certificate problem: self-signed certificate"), url: request.url)
        }
        let pipeline = ThumbnailPipeline(client: client, jobs: 1, perHost: 1, reporter: Reporter(verbosity: .normal, sink: printed.append))
        let jobs = (1...20).map { ThumbnailPipeline.Job(url: URL(string: "https://self-signed.test/\($0).png")!, lane: .utility) }
        _ = try await pipeline.run(jobs, into: output)
        #expect(asked.load(ordering: .relaxed) == 3, "\(printed.text)")
        #expect(printed.text.contains("17 more pictures of self-signed.test, such as https://self-signed.test/4.png, were not fetched: self-signed.test failed 3 pictures in a row (the last has a TLS certificate that is not trusted"),
                "\(printed.text)")
    }
}
