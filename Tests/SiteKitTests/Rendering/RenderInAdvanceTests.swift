import Foundation
import Synchronization
import Testing
@testable import SiteKit

@Suite("Pages rendered while pictures download")
struct RenderInAdvanceTests {
    static func person(_ first: String, picture: Int?) -> Person {
        let base = "https://pics.example/"
        return Person(name: .init(first: first, last: "Test"), email: "\(first.lowercased())@example.com",
                      picture: picture.map { .init(large: "\(base)large/\($0).jpg", medium: "\(base)med/\($0).jpg", thumbnail: "\(base)thumb/\($0).jpg") })
    }

    static func url(_ size: String, _ number: Int) -> URL { URL(string: "https://pics.example/\(size)/\(number).jpg")! }

    static let requested: Set<URL> = Set((1...3).flatMap { [url("large", $0), url("med", $0), url("thumb", $0)] })

    @Test("a person page is ready once every size it may fall back to settled, in list order, whoever shares them")
    func readiness() {
        let people = [Self.person("Ann", picture: 1), Self.person("Bo", picture: 2), Self.person("Cy", picture: 1)]
        var waits = PictureWaits(people: people, requested: Self.requested)
        #expect(waits.takeReady().isEmpty)
        #expect(waits.settle(Self.url("large", 1)).isEmpty)
        #expect(waits.settle(Self.url("med", 1)).isEmpty, "the 48 px picture is the last fallback")
        #expect(waits.settle(Self.url("thumb", 1)) == [0, 2])
        #expect(waits.settle(Self.url("med", 2)).isEmpty)
        #expect(waits.settle(Self.url("thumb", 2)).isEmpty)
        #expect(waits.waitingCount == 1)
        #expect(waits.settle(Self.url("large", 2)) == [1])
        #expect(waits.waitingCount == 0)
        #expect(waits.settle(Self.url("large", 2)).isEmpty, "a URL settles once")
    }

    @Test("a list page waits for every fetched size of its people's pictures")
    func listReadiness() {
        let people = [Self.person("Ann", picture: 1), Self.person("Bo", picture: 2), Self.person("Cy", picture: nil)]
        var waits = PictureWaits(lists: people, perPage: 2, requested: Self.requested)
        #expect(waits.takeReady() == [1], "the second page's only person has no picture")
        for url in [Self.url("thumb", 1), Self.url("med", 1), Self.url("large", 1), Self.url("thumb", 2), Self.url("med", 2)] {
            #expect(waits.settle(url).isEmpty)
        }
        #expect(waits.settle(Self.url("large", 2)) == [0])
        var empty = PictureWaits(lists: [], perPage: 2, requested: [])
        #expect(empty.takeReady() == [0], "an empty list still has its one page")
    }

    @Test("a page waits only for pictures the build fetches: none without pictures, only large when medium is not fetched")
    func onlyRequested() {
        let people = [Self.person("Ann", picture: nil), Self.person("Bo", picture: 2),
                      Person(name: .init(first: "Eve", last: "Test"), picture: .init(large: "javascript:alert(1)", medium: "ftp://x/y.jpg"))]
        var waits = PictureWaits(people: people, requested: [Self.url("large", 2)])
        #expect(waits.takeReady() == [0, 2])
        #expect(waits.settle(Self.url("large", 2)) == [1])
    }

    static func renderer() throws -> SiteRenderer {
        let frame = PageFrame(title: "T", description: "", language: "en", source: DataSource(isDemo: false, detail: "test"), seed: "s")
        return SiteRenderer(templates: try TemplateSet(), frame: frame, content: [:], perPage: 2, baseURL: "https://example.com/")
    }

    final class Emitted: Sendable {
        let files = Mutex<[String: Data]>([:])
        func add(_ file: RenderedFile) { files.withLock { $0[file.path] = file.bytes } }
        var personPages: [String: Data] {
            files.withLock { $0 }.filter { $0.key.hasPrefix("users/") && !$0.key.hasPrefix("users/index.") && !$0.key.hasPrefix("users/page/") }
        }
    }

    @Test("pages rendered while pictures download are the bytes of pages rendered after the image phase")
    func sameBytes() async throws {
        let people = [Self.person("Ann", picture: 1), Self.person("Bo", picture: 2), Self.person("Cy", picture: 3), Self.person("Di", picture: nil)]
        let posts = [Post(id: 1, userId: 1, title: "Hello", body: "First line\nsecond line")]
        let data = SiteData(people: people, posts: posts, authors: [], comments: [])
        let index = SiteIndex(data)
        let published = { (number: Int, size: Int) in ImageResult.published(PublishedImage(path: "thumbs/\(number)-\(size).jpg", width: size, height: size)) }
        let outcomes: [SettledImage] = [
            SettledImage(url: Self.url("med", 1), result: published(1, 72)),
            SettledImage(url: Self.url("large", 1), result: published(1, 128)),
            SettledImage(url: Self.url("med", 2), result: published(2, 72)),
            SettledImage(url: Self.url("large", 2), result: .failed(reason: "answered HTTP 404")),
            SettledImage(url: Self.url("med", 3), result: .failed(reason: "is an HTML page")),
            SettledImage(url: Self.url("large", 3), result: .failed(reason: "answered HTTP 404")),
            SettledImage(url: Self.url("thumb", 1), result: published(1, 48)),
            SettledImage(url: Self.url("thumb", 2), result: .failed(reason: "answered HTTP 404")),
            SettledImage(url: Self.url("thumb", 3), result: published(3, 48)),
        ]
        let renderer = try Self.renderer()
        let (stream, continuation) = AsyncStream.makeStream(of: SettledImage.self)
        for outcome in outcomes { continuation.yield(outcome) }
        continuation.finish()
        let early = Emitted()
        let done = try await renderer.renderInAdvance(data, index: index, arrivals: ImageArrivals(requested: Self.requested, settled: stream))
        done.files.forEach(early.add)
        #expect(done.personPages == [0, 1, 2, 3])

        var images: [URL: PublishedImage] = [:]
        for outcome in outcomes { images[outcome.url] = outcome.result.image }
        let late = Emitted()
        let paths = try renderer.render(data, images: images, emit: late.add)
        #expect(paths == (try renderer.render(data, images: images, done: done) { _ in }),
                "the site's files come in the same order")
        let earlyFiles = early.files.withLock { $0 }
        let lateFiles = late.files.withLock { $0 }
        for (path, bytes) in earlyFiles { #expect(lateFiles[path] == bytes, "\(path)") }
        #expect(early.personPages.count == 4)
        // Everything but the files that list the whole site.
        let waiting = Set(lateFiles.keys).filter { path in
            path == "users/index.json" || path.hasPrefix("sitemap") || ["robots.txt", "favicon.svg", "feed.xml"].contains(path)
        }
        #expect(done.listPages == [0, 1])
        #expect(earlyFiles["users/index.html"] != nil)
        #expect(Set(earlyFiles.keys) == Set(lateFiles.keys).subtracting(waiting))
        #expect(earlyFiles.keys.contains { $0.hasPrefix("posts/") } && earlyFiles["index.html"] != nil)
        let personPaths = index.people.map { SiteIndex.personPath($0.slug) }
        let bo = String(decoding: try #require(earlyFiles[personPaths[1]]), as: UTF8.self)
        #expect(bo.contains("thumbs/2-72.jpg"), "a failed large picture falls back to the medium one")
        let cy = String(decoding: try #require(earlyFiles[personPaths[2]]), as: UTF8.self)
        #expect(cy.contains(#"src="../thumbs/3-48.jpg" width="48" height="48""#) && !cy.contains("avatar placeholder"),
                "with the large and medium pictures failed, the 48 px one, at its own size")
        let di = String(decoding: try #require(earlyFiles[personPaths[3]]), as: UTF8.self)
        #expect(di.contains("avatar placeholder") && !di.contains("thumbs/"))
    }

    @Test("rendering in advance stops when the image phase is over or the pages held reach the budget; the rest is rendered after")
    func stopsAtPhaseEndOrBudget() async throws {
        let people = [Self.person("Ann", picture: 1), Self.person("Bo", picture: 2)]
        let data = SiteData(people: people, posts: [], authors: [], comments: [])
        let index = SiteIndex(data)
        let renderer = try Self.renderer()
        let requested: Set<URL> = [Self.url("large", 1), Self.url("large", 2)]
        func settleAll(_ continuation: AsyncStream<SettledImage>.Continuation) {
            for url in requested { continuation.yield(SettledImage(url: url, result: .failed(reason: "answered HTTP 404"))) }
            continuation.finish()
        }

        let (over, overArrival) = AsyncStream.makeStream(of: SettledImage.self)
        let ended = ImageArrivals(requested: requested, settled: over)
        ended.phase.end()
        settleAll(overArrival)
        let afterPhase = try await renderer.renderInAdvance(data, index: index, arrivals: ended)
        #expect(afterPhase.personPages.isEmpty)
        #expect(afterPhase.pictureFree == nil && afterPhase.files.isEmpty, "what was rendered is dropped, to be rendered on every core")

        let (open, openArrival) = AsyncStream.makeStream(of: SettledImage.self)
        settleAll(openArrival)
        let overBudget = try await renderer.renderInAdvance(data, index: index, arrivals: ImageArrivals(requested: requested, settled: open), budget: 1)
        #expect(overBudget.personPages.isEmpty && overBudget.listPages.isEmpty)

        let (all, allArrival) = AsyncStream.makeStream(of: SettledImage.self)
        settleAll(allArrival)
        let withRoom = try await renderer.renderInAdvance(data, index: index, arrivals: ImageArrivals(requested: requested, settled: all))
        #expect(withRoom.personPages == [0, 1])
        #expect(withRoom.listPages == [0])
        #expect(withRoom.pictureFree != nil)

        let late = Emitted()
        _ = try renderer.personPages(index, images: [:], done: [0], emit: late.add)
        #expect(Set(late.files.withLock { $0 }.keys) == [SiteIndex.personPath(index.people[1].slug)])
    }
}
