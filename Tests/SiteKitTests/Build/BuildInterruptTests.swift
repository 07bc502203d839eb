import Foundation
import Testing
@testable import SiteKit

/// `site build` as a process, stopped with Ctrl-C (SIGINT) halfway.
@Suite struct BuildInterruptTests {
    @Test("Ctrl-C during a build publishes nothing, leaves the previous output and no staging folder, says so and exits 130",
          .enabled(if: FetchProcessTests.executable != nil, "the site executable is not built next to the tests; run swift build first"))
    func interruptedBuild() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let output = folder.url.appendingPathComponent("public")
        func build(users: Int) throws -> (Process, Pipe, AsyncStream<Void>) {
            let process = Process()
            process.executableURL = FetchProcessTests.executable
            process.arguments = ["build", "--demo", "--users", "\(users)", "--seed", "stop", "--output", output.path,
                                 "--cache-dir", folder.url.appendingPathComponent("cache").path]
            process.currentDirectoryURL = folder.url
            let errors = Pipe()
            process.standardError = errors
            process.standardOutput = FileHandle.nullDevice
            return (process, errors, try process.start())
        }
        let (first, _, firstExit) = try build(users: 3)
        await firstExit.ended()
        #expect(first.terminationStatus == 0)
        let before = try SiteInspector(root: output).files()

        let (process, errors, exit) = try build(users: 4000)
        let staging = { (try? FileManager.default.contentsOfDirectory(atPath: folder.url.path))?.filter { $0.hasPrefix(".public.staging-") } ?? [] }
        try await waitUntil { !staging().isEmpty || !process.isRunning }
        #expect(process.isRunning, "the build ended before it could be interrupted")
        process.interrupt()
        await exit.ended()
        let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(process.terminationStatus == 130, "\(text)")
        #expect(text.contains("interrupted: nothing was published, and the previous output was left as it was."))
        #expect(staging().isEmpty, "the staging folder is thrown away")
        #expect(try SiteInspector(root: output).files() == before)
    }

    @Test("Ctrl-C while site serve runs its first build stops the build and the server: nothing published, no staging folder, a last line",
          .enabled(if: FetchProcessTests.executable != nil, "the site executable is not built next to the tests; run swift build first"))
    func interruptedServe() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let process = Process()
        process.executableURL = FetchProcessTests.executable
        process.arguments = ["serve", "--demo", "--users", "4000", "--port", "0", "--no-watch",
                             "--output", folder.url.appendingPathComponent("public").path,
                             "--cache-dir", folder.url.appendingPathComponent("cache").path]
        process.currentDirectoryURL = folder.url
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        let exit = try process.start()
        let staging = { (try? FileManager.default.contentsOfDirectory(atPath: folder.url.path))?.filter { $0.hasPrefix(".public.staging-") } ?? [] }
        try await waitUntil { !staging().isEmpty || !process.isRunning }
        #expect(process.isRunning)
        process.interrupt()
        await exit.ended()
        let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(process.terminationStatus == 0, "\(text)")
        #expect(text.hasSuffix("stopped\n") && !text.contains("failed"), "\(text)")
        #expect(staging().isEmpty)
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("public").path))
    }
}
