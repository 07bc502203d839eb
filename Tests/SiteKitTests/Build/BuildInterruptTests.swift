import Foundation
import Testing
@testable import SiteKit

/// `site build` and `site serve` as processes, stopped with Ctrl-C (SIGINT) halfway.
@Suite struct BuildInterruptTests {
    /// A `site` process running `arguments` in `folder`, its standard error kept.
    private struct Run {
        let process = Process()
        let errors = Pipe()
        let exit: AsyncStream<Void>

        init(_ arguments: [String], in folder: URL) throws {
            process.executableURL = FetchProcessTests.executable
            process.arguments = arguments + ["--output", folder.appendingPathComponent("public").path,
                                             "--cache-dir", folder.appendingPathComponent("cache").path]
            process.currentDirectoryURL = folder
            process.standardError = errors
            process.standardOutput = FileHandle.nullDevice
            exit = try process.start()
        }

        /// Sends Ctrl-C once the build's staging folder exists, then waits for the exit; returns
        /// what the process printed on standard error.
        func interruptWhileStaging(in folder: URL) async throws -> String {
            try await waitUntil { !BuildInterruptTests.staging(in: folder).isEmpty || !process.isRunning }
            #expect(process.isRunning, "the build ended before it could be interrupted")
            process.interrupt()
            await exit.ended()
            return String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        }
    }

    private static func staging(in folder: URL) -> [String] {
        (try? FileManager.default.contentsOfDirectory(atPath: folder.path))?.filter { $0.hasPrefix(".public.staging-") } ?? []
    }

    @Test("Ctrl-C during a build publishes nothing, leaves the previous output and no staging folder, says so and exits 130",
          .enabled(if: FetchProcessTests.executable != nil, "the site executable is not built next to the tests; run swift build first"))
    func interruptedBuild() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let output = folder.url.appendingPathComponent("public")
        let first = try Run(["build", "--demo", "--users", "3", "--seed", "stop"], in: folder.url)
        await first.exit.ended()
        #expect(first.process.terminationStatus == 0)
        let before = try SiteInspector(root: output).files()

        let run = try Run(["build", "--demo", "--users", "4000", "--seed", "stop"], in: folder.url)
        let text = try await run.interruptWhileStaging(in: folder.url)
        #expect(run.process.terminationStatus == 130, "\(text)")
        #expect(text.contains("interrupted: nothing was published, and the previous output was left as it was."))
        #expect(Self.staging(in: folder.url).isEmpty, "the staging folder is thrown away")
        #expect(try SiteInspector(root: output).files() == before)
    }

    @Test("Ctrl-C while site serve runs its first build stops the build and the server: nothing published, no staging folder, a last line, status 130 as the README says",
          .enabled(if: FetchProcessTests.executable != nil, "the site executable is not built next to the tests; run swift build first"))
    func interruptedServe() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let run = try Run(["serve", "--demo", "--users", "4000", "--port", "0", "--no-watch"], in: folder.url)
        let text = try await run.interruptWhileStaging(in: folder.url)
        #expect(run.process.terminationStatus == 130, "\(text)")
        #expect(text.hasSuffix("stopped\n") && !text.contains("failed"), "\(text)")
        #expect(Self.staging(in: folder.url).isEmpty)
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("public").path))
    }
}
