import Foundation
import Synchronization
import Testing
@testable import SiteKit

@Suite("site serve keeps its people")
struct ServeSeedTests {
    /// The seeds the summaries printed so far ("seed: 1a2b3c4d (rebuild …").
    private static func seeds(in text: String) -> [String] {
        text.components(separatedBy: "seed: ").dropFirst().map { String($0.prefix { !$0.isWhitespace && $0 != ";" }) }
    }

    @Test("without a seed in site.yml or --seed, every rebuild of site serve keeps the first build's people, where each save brought other ones",
          .enabled(if: FetchProcessTests.executable != nil, "the site executable is not built next to the tests; run swift build first"))
    func rebuildsKeepTheFirstSeed() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let content = folder.url.appendingPathComponent("content")
        try FileManager.default.createDirectory(at: content, withIntermediateDirectories: true)
        try Data("---\ntitle: About\n---\nOne.\n".utf8).write(to: content.appendingPathComponent("about.md"))
        let serve = Process()
        serve.executableURL = FetchProcessTests.executable
        serve.arguments = ["serve", "--demo", "--users", "3", "--port", "0"]
        serve.currentDirectoryURL = folder.url
        let said = Pipe()
        serve.standardError = said
        serve.standardOutput = FileHandle.nullDevice
        let text = Mutex("")
        said.fileHandleForReading.readabilityHandler = { handle in
            let chunk = String(decoding: handle.availableData, as: UTF8.self)
            text.withLock { $0 += chunk }
        }
        let ended = try serve.start()
        defer {
            said.fileHandleForReading.readabilityHandler = nil
            if serve.isRunning { serve.terminate() }
        }
        for (round, body) in ["Two.", "Three."].enumerated() {
            try await waitUntil { Self.seeds(in: text.withLock { $0 }).count > round || !serve.isRunning }
            try Data("---\ntitle: About\n---\n\(body)\n".utf8).write(to: content.appendingPathComponent("about.md"))
        }
        try await waitUntil { Self.seeds(in: text.withLock { $0 }).count >= 3 || !serve.isRunning }
        serve.interrupt()
        await ended.ended()
        let output = text.withLock { $0 }
        let seeds = Self.seeds(in: output)
        #expect(seeds.count == 3, "\(output)")
        #expect(Set(seeds).count == 1, "\(seeds)")
        let about = try String(contentsOf: folder.url.appendingPathComponent("public/about/index.html"), encoding: .utf8)
        #expect(about.contains("Three."))
    }
}
