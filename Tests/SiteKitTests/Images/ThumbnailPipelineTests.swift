import Foundation
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
}
