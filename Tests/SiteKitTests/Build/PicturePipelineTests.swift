import Foundation
import Testing
@testable import SiteKit

@Suite("Pictures in a build")
struct PicturePipelineTests {
    @Test("the server never sees more than --jobs picture requests at once, and each URL is fetched once")
    func boundedAndDeduplicated() async throws {
        try await DemoAPIServer.with { server in
            var harness = try BuildHarness(source: .live, users: 40)
            defer { harness.remove() }
            harness.use(server)
            harness.settings.jobs = 4
            await server.faults.set(Fault(latency: 0.03), forPathPrefix: "/api/portraits/")
            _ = try await harness.build()
            let peak = await server.log.peakInFlight(pathPrefix: "/api/portraits/")
            #expect(peak <= 4)
            #expect(peak >= 2, "the queue really runs downloads side by side")
            let paths = await server.log.requests(pathPrefix: "/api/portraits/").map(\.path)
            #expect(paths.count == Set(paths).count)
        }
    }

    @Test("a 404 and an HTML page served as a JPEG are warnings with placeholders; --strict fails and keeps the old site")
    func badPicturesAndStrict() async throws {
        try await DemoAPIServer.with { server in
            var harness = try BuildHarness(source: .live, users: 30)
            defer { harness.remove() }
            harness.use(server)
            harness.settings.imageSizes = [.thumbnail]
            _ = try await harness.build()
            let before = try harness.site.files()
            let thumbs = await server.log.requests(pathPrefix: "/api/portraits/thumb/").map(\.path)
            let (missing, html) = (try #require(thumbs.first), try #require(thumbs.last))
            await server.faults.set(Fault(status: 404), forPathPrefix: missing)
            await server.faults.set(Fault(contentType: "image/jpeg", body: Data("<!DOCTYPE html><p>oops</p>".utf8)), forPathPrefix: html)
            harness.options.refresh = true
            var strict = harness
            strict.options.strict = true
            let error = await #expect(throws: BuildError.self) { try await strict.build() }
            #expect(error?.description.contains("--strict") == true)
            #expect(try harness.site.files() == before)
            _ = try await harness.build()
            #expect(harness.text.contains(missing) && harness.text.contains("answered HTTP 404"))
            #expect(harness.text.contains(html) && harness.text.contains("HTML page"))
            let files = try harness.site.files()
            for (path, data) in files where path.hasPrefix("thumbs/") {
                #expect((try? ImageInspector.inspect(data)) != nil, "\(path) is not a valid image")
            }
            #expect(try harness.site.html("users/index.html").contains("avatar placeholder"))
        }
    }
}
