import Foundation
import Synchronization
import Testing
@testable import SiteKit
#if canImport(Glibc)
import Glibc
#endif

/// `site build`, `site serve`, `site fetch` and `site api` as processes, stopped with Ctrl-C
/// (SIGINT) or SIGTERM halfway.
@Suite struct BuildInterruptTests {
    /// A `site` process running `arguments` in `folder`, its standard error kept.
    private struct Run {
        let process = Process()
        let errors = Pipe()
        let exit: AsyncStream<Void>

        /// - Parameters:
        ///   - buildFolders: add `--output` and `--cache-dir` in `folder` (build and serve).
        ///   - ignoringHangup: start it as `nohup` does, with SIGHUP ignored (through `sh`'s `trap`).
        init(_ arguments: [String], in folder: URL, buildFolders: Bool = true, ignoringHangup: Bool = false) throws {
            let arguments = arguments + (buildFolders ? ["--output", folder.appendingPathComponent("public").path,
                                                         "--cache-dir", folder.appendingPathComponent("cache").path] : [])
            if ignoringHangup, let site = FetchProcessTests.executable {
                process.executableURL = URL(fileURLWithPath: "/bin/sh")
                process.arguments = ["-c", "trap '' HUP; exec \"$0\" \"$@\"", site.path] + arguments
            } else {
                process.executableURL = FetchProcessTests.executable
                process.arguments = arguments
            }
            process.currentDirectoryURL = folder
            process.standardError = errors
            process.standardOutput = FileHandle.nullDevice
            exit = try process.start()
        }

        /// Sends Ctrl-C (or `signal`) once the build's staging folder exists, then waits for the
        /// exit; returns what the process printed on standard error.
        func interruptWhileStaging(in folder: URL, with signal: Int32 = SIGINT) async throws -> String {
            try await waitUntil(within: .seconds(90)) { !BuildInterruptTests.staging(in: folder).isEmpty || !process.isRunning }
            #expect(process.isRunning, "the build ended before it could be interrupted")
            kill(process.processIdentifier, signal)
            await exit.ended()
            return String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        }
    }

    /// `site command --live` (build or serve) against APIs that take the connection and never
    /// answer, with a deadline far off: under way, its staging folder made, however loaded the
    /// machine, until the test stops it (a demo build could finish between two looks). Returns
    /// once the APIs were asked; close the listener when done.
    private static func stalled(_ command: String, _ extra: [String] = [], in folder: URL,
                                ignoringHangup: Bool = false) async throws -> (Run, SilentListener) {
        let listener = try SilentListener()
        let api = "http://127.0.0.1:\(listener.port)"
        let run = try Run([command, "--live", "--randomuser-url", "\(api)/api/", "--jsonplaceholder-url", api, "--timeout", "120"] + extra,
                          in: folder, ignoringHangup: ignoringHangup)
        try await waitUntil(within: .seconds(90)) { listener.connections > 0 || !run.process.isRunning }
        return (run, listener)
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

        // Held by APIs that never answer: a demo build of 4,000 people could end between two looks
        // for its staging folder on a loaded machine.
        let (run, listener) = try await Self.stalled("build", ["--seed", "stop"], in: folder.url)
        defer { listener.close() }
        let text = try await run.interruptWhileStaging(in: folder.url)
        #expect(run.process.terminationStatus == 130, "\(text)")
        #expect(text.contains("interrupted: nothing was published, and the previous output was left as it was."))
        #expect(Self.staging(in: folder.url).isEmpty, "the staging folder is thrown away")
        #expect(try SiteInspector(root: output).files() == before)
    }

    @Test("a hangup (the terminal closed, the SSH session dropped) stops a build as Ctrl-C does: nothing published, no staging folder, 130; it killed the build, leaving its staging folder to the next one",
          .enabled(if: FetchProcessTests.executable != nil, "the site executable is not built next to the tests; run swift build first"))
    func hungUpBuild() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let output = folder.url.appendingPathComponent("public")
        let first = try Run(["build", "--demo", "--users", "3", "--seed", "hangup"], in: folder.url)
        await first.exit.ended()
        let before = try SiteInspector(root: output).files()

        // Held by APIs that never answer, at no cost (a build of thousands of people kept two cores busy).
        let (run, stalled) = try await Self.stalled("build", in: folder.url)
        defer { stalled.close() }
        let text = try await run.interruptWhileStaging(in: folder.url, with: SIGHUP)
        #expect(run.process.terminationReason == .exit && run.process.terminationStatus == 130, "\(text)")
        #expect(text.contains("interrupted: nothing was published"))
        #expect(Self.staging(in: folder.url).isEmpty)
        #expect(try SiteInspector(root: output).files() == before)
    }

    /// CPU seconds `pid` has used, from `/proc/<pid>/stat` (utime and stime, in clock ticks).
    private static func cpuSeconds(of pid: Int32) -> Double {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let afterName = stat.range(of: ")", options: .backwards) else { return 0 }
        let fields = stat[afterName.upperBound...].split(separator: " ")
        // After the name: state is field 3 of the file, utime 14 and stime 15.
        guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else { return 0 }
        return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    @Test("a second SIGTERM kills a build at once, even in a step that cannot stop where it stands (mustache parsing a large template): it waited for the step to end",
          .enabled(if: FetchProcessTests.executable != nil, "the site executable is not built next to the tests; run swift build first"))
    func secondSignalKillsAtOnce() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        // Just under the parse limit: seconds of parsing in a debug build, in one call.
        let templates = folder.url.appendingPathComponent("templates")
        try FileManager.default.createDirectory(at: templates, withIntermediateDirectories: true)
        let page = "{{<layout}}{{$content}}" + String(repeating: "<p>{{page.title}} filler text</p>\n", count: 4_000) + "{{/content}}{{/layout}}"
        try Data(page.utf8).write(to: templates.appendingPathComponent("page.mustache"))
        #expect(TemplateParseCost(page).steps > TemplateParseCost.limit * 8 / 10 && TemplateParseCost(page).steps < TemplateParseCost.limit)
        let run = try Run(["build", "--demo", "--users", "3"], in: folder.url)
        let pid = run.process.processIdentifier
        // Well into the parse: starting takes a small part of this, the parse several times it.
        try await waitUntil(within: .seconds(90)) { Self.cpuSeconds(of: pid) >= 0.4 || !run.process.isRunning }
        #expect(run.process.isRunning, "the build ended before it could be stopped")
        kill(pid, SIGTERM)
        try await Task.sleep(for: .milliseconds(100))
        #expect(run.process.isRunning, "the first signal is caught, to stop the build cleanly once the step ends")
        let second = ContinuousClock.now
        kill(pid, SIGTERM)
        await run.exit.ended()
        #expect(run.process.terminationReason == .uncaughtSignal && run.process.terminationStatus == SIGTERM)
        #expect(ContinuousClock.now - second < .seconds(1))
    }

    @Test("a build started with hangups ignored (nohup, trap '' HUP) ignores one and goes on, as whoever started it asked",
          .enabled(if: FetchProcessTests.executable != nil, "the site executable is not built next to the tests; run swift build first"))
    func hangupIgnoredUnderNohup() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let (run, stalled) = try await Self.stalled("build", in: folder.url, ignoringHangup: true)
        defer { stalled.close() }
        #expect(run.process.isRunning, "the build ended before the hangup")
        kill(run.process.processIdentifier, SIGHUP)
        try await Task.sleep(for: .seconds(2))
        // Still there to be killed: a build the hangup stopped would have exited, with 130.
        kill(run.process.processIdentifier, SIGKILL)
        await run.exit.ended()
        let text = String(decoding: run.errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(run.process.terminationReason == .uncaughtSignal && run.process.terminationStatus == SIGKILL, "\(text)")
        #expect(!text.contains("interrupted"), "\(text)")
    }

    @Test("Ctrl-C while site serve runs its first build stops the build and the server: nothing published, no staging folder, a last line that says so, status 130 as the README says",
          .enabled(if: FetchProcessTests.executable != nil, "the site executable is not built next to the tests; run swift build first"))
    func interruptedServe() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let (run, stalled) = try await Self.stalled("serve", ["--port", "0", "--no-watch"], in: folder.url)
        defer { stalled.close() }
        let text = try await run.interruptWhileStaging(in: folder.url)
        #expect(run.process.terminationStatus == 130, "\(text)")
        // Said as site build says it: the build under way published nothing (it said "stopped" alone).
        #expect(text.hasSuffix("stopped: the build under way was cancelled and published nothing; \(folder.url.appendingPathComponent("public").path) is as it was\n")
                && !text.contains("failed"), "\(text)")
        #expect(Self.staging(in: folder.url).isEmpty)
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("public").path))
    }

    @Test("site fetch stopped by SIGTERM while a server stalls, and site api stopped by Ctrl-C, exit with 130 as every command does (fetch died of the signal, 143; api exited 0)",
          .enabled(if: FetchProcessTests.executable != nil, "the site executable is not built next to the tests; run swift build first"))
    func fetchAndAPIExitWith130() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let stalled = try SilentListener()
        defer { stalled.close() }
        let fetch = try Run(["fetch", "--timeout", "60", "http://127.0.0.1:\(stalled.port)/users"], in: folder.url, buildFolders: false)
        try await waitUntil { stalled.connections > 0 || !fetch.process.isRunning }
        #expect(fetch.process.isRunning, "the fetch ended before it could be stopped")
        fetch.process.terminate()
        await fetch.exit.ended()
        let said = String(decoding: fetch.errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(fetch.process.terminationReason == .exit && fetch.process.terminationStatus == 130, "\(said)")
        #expect(said.contains("interrupted: nothing was fetched."))

        // The API says it listens once it catches signals: interrupted only then, or Ctrl-C's
        // default action would end it before it could answer for itself.
        let api = Process()
        api.executableURL = FetchProcessTests.executable
        api.arguments = ["api", "--port", "0"]
        let announced = Pipe()
        api.standardError = announced
        api.standardOutput = FileHandle.nullDevice
        let listening = Mutex(false)
        announced.fileHandleForReading.readabilityHandler = { handle in
            if String(decoding: handle.availableData, as: UTF8.self).contains("listening on") { listening.withLock { $0 = true } }
        }
        let ended = try api.start()
        defer { if api.isRunning { kill(api.processIdentifier, SIGKILL) } }
        try await waitUntil { listening.withLock { $0 } || !api.isRunning }
        announced.fileHandleForReading.readabilityHandler = nil
        // At once: the API catches signals from before it says it listens (a Ctrl-C sent the
        // moment it said so was once lost, and the server served on).
        api.interrupt()
        // A server that does not stop fails the test instead of hanging the run.
        try await waitUntil { !api.isRunning }
        await ended.ended()
        #expect(api.terminationReason == .exit && api.terminationStatus == 130)
    }
}

/// A TCP listener on 127.0.0.1 that takes connections and never answers: a stalled server.
private final class SilentListener: Sendable {
    let port: Int
    private let socket: Int32
    private let accepted = Atomic<Int>(0)

    var connections: Int { accepted.load(ordering: .relaxed) }

    init() throws {
        let (fd, port) = try RawListener.listening()
        self.port = port
        socket = fd
        Thread.detachNewThread { [self] in
            // Connections are kept open, unread, until the listener closes.
            while accept(fd, nil, nil) >= 0 { accepted.add(1, ordering: .relaxed) }
        }
    }

    func close() {
        shutdown(socket, Int32(SHUT_RDWR))
        Glibc.close(socket)
    }
}
