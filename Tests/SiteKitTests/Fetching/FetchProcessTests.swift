import Foundation
import Testing
@testable import SiteKit

/// `site fetch` as separate processes sharing one cache folder, the way a conformance suite or
/// parallel builds use it.
@Suite struct FetchProcessTests {
    /// The built `site` executable, next to the test bundle in the products folder.
    static let executable: URL? = {
        let products = Bundle.module.bundleURL.deletingLastPathComponent()
        let candidate = products.appendingPathComponent("site")
        return FileManager.default.isExecutableFile(atPath: candidate.path) ? candidate : nil
    }()

    private struct Run: Sendable {
        var status: Int32
        var output: Data
        var errors = Data()
    }

    private static func run(_ arguments: [String], in folder: URL? = nil) async throws -> Run {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let folder { process.currentDirectoryURL = folder }
        let stdout = Pipe()
        process.standardOutput = stdout
        let stderr = Pipe()
        process.standardError = stderr
        // Wait without blocking a thread of the cooperative pool: the origin answering these
        // processes runs on that pool too. The JSON output is far smaller than a pipe's buffer.
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            process.terminationHandler = { _ in continuation.resume() }
            do {
                try process.run()
            } catch {
                process.terminationHandler = nil
                continuation.resume(throwing: error)
            }
        }
        return Run(status: process.terminationStatus, output: stdout.fileHandleForReading.readDataToEndOfFile(),
                   errors: stderr.fileHandleForReading.readDataToEndOfFile())
    }

    @Test(.enabled(if: executable != nil, "the site executable is not built next to the tests; run swift build first"))
    func twentyFiveConcurrentFetchesLeaveAConsistentCache() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try await TestOrigin.run({ request in
            .text("body of \(request.target)", headers: ["Cache-Control": "max-age=600", "ETag": "\"\(request.target)\"",
                                                          "Vary": "X-Variant"])
        }) { origin in
            let jobs = (0..<25).map { n in (path: "/p\(n % 5)", variant: "v\(n % 2)") }
            let runs = try await withThrowingTaskGroup(of: Run.self) { group in
                for job in jobs {
                    group.addTask {
                        try await Self.run(["fetch", "--json", "--no-retry", "--timeout", "60", "--cache-dir", folder.url.path,
                                            "--header", "X-Variant: \(job.variant)", origin.url(job.path).absoluteString])
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(runs.count == 25 && runs.allSatisfy { $0.status == 0 })
            for run in runs {
                let object = try JSONSerialization.jsonObject(with: run.output) as? [String: Any]
                #expect(object?["status"] as? Int == 200)
            }

            let cache = try HTTPCache(directory: folder.url)
            for n in 0..<5 {
                let entries = cache.entries(method: "GET", url: origin.url("/p\(n)"))
                #expect(entries.count == 2, "two variants of /p\(n)")
                #expect(entries.allSatisfy { String(decoding: $0.body, as: UTF8.self) == "body of /p\(n)" })
            }
            #expect(folder.temporaryFiles().isEmpty)

            let before = origin.requestCount
            let offline = try await Self.run(["fetch", "--json", "--offline", "--cache-dir", folder.url.path,
                                              "--header", "X-Variant: v1", origin.url("/p3").absoluteString])
            let object = try JSONSerialization.jsonObject(with: offline.output) as? [String: Any]
            #expect(offline.status == 0 && object?["cache"] as? String == "hit" && origin.requestCount == before)
        }
    }

    @Test("site fetch in a site's folder uses the cache its builds use (site.yml's cache_dir), so a second fetch is a hit there; --cache-dir still wins",
          .enabled(if: executable != nil, "the site executable is not built next to the tests; run swift build first"))
    func fetchUsesTheCacheOfTheSiteYmlBeside() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try Data("cache_dir: build/http\n".utf8).write(to: folder.url.appendingPathComponent("site.yml"))
        try await TestOrigin.run({ _ in .text("fresh", headers: ["Cache-Control": "max-age=600"]) }) { origin in
            let url = origin.url("/posts").absoluteString
            let first = try await Self.run(["fetch", "--json", "--no-retry", url], in: folder.url)
            let second = try await Self.run(["fetch", "--json", "--offline", url], in: folder.url)
            for (run, outcome) in [(first, "miss"), (second, "hit")] {
                let object = try JSONSerialization.jsonObject(with: run.output) as? [String: Any]
                #expect(run.status == 0 && object?["cache"] as? String == outcome, "\(String(decoding: run.output, as: UTF8.self))")
            }
            #expect(try HTTPCache(directory: folder.url.appendingPathComponent("build/http")).entries(method: "GET", url: origin.url("/posts")).count == 1)
            #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent(".cache").path))
            let elsewhere = try await Self.run(["fetch", "--json", "--offline", "--cache-dir", "other", url], in: folder.url)
            let object = try JSONSerialization.jsonObject(with: elsewhere.output) as? [String: Any]
            #expect(elsewhere.status == 1 && object?["kind"] as? String == "offline", "\(String(decoding: elsewhere.output, as: UTF8.self))")
            #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("other").path),
                    "--offline reads the cache: a folder that is not there is not made")

            // A cache folder that is a file would make every URL a miss: refused, by either road.
            try Data("not a folder".utf8).write(to: folder.url.appendingPathComponent("afile"))
            let flag = try await Self.run(["fetch", "--json", "--offline", "--cache-dir", "afile", url], in: folder.url)
            let flagged = try JSONSerialization.jsonObject(with: flag.output) as? [String: Any]
            #expect(flag.status == 64 && flagged?["kind"] as? String == "usage")
            #expect((flagged?["error"] as? String)?.contains("--cache-dir: \(folder.url.appendingPathComponent("afile").standardizedFileURL.path) is a file, not a folder.") == true,
                    "\(String(decoding: flag.output, as: UTF8.self))")
            // A folder below a file too, where it was a warning and every URL a miss.
            let below = try await Self.run(["fetch", "--json", "--offline", "--cache-dir", "afile/sub", url], in: folder.url)
            #expect(below.status == 64 && String(decoding: below.output, as: UTF8.self).contains("afile is a file, not a folder."),
                    "\(String(decoding: below.output, as: UTF8.self))")
            try Data("cache_dir: afile\n".utf8).write(to: folder.url.appendingPathComponent("site.yml"))
            let setting = try await Self.run(["fetch", "--offline", url], in: folder.url)
            #expect(setting.status == 1)
            #expect(String(decoding: setting.errors, as: UTF8.self).contains("cache_dir: \(folder.url.appendingPathComponent("afile").standardizedFileURL.path) is a file, not a folder."),
                    "\(String(decoding: setting.errors, as: UTF8.self))")
        }
    }

    @Test("site fetch with a settings file it cannot read says so, as a build would, in its JSON too",
          .enabled(if: executable != nil, "the site executable is not built next to the tests; run swift build first"))
    func fetchWithABrokenSettingsFileSaysSo() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try Data("cache_dir: [a\n".utf8).write(to: folder.url.appendingPathComponent("site.yml"))
        let run = try await Self.run(["fetch", "--json", "http://127.0.0.1:9/"], in: folder.url)
        let object = try JSONSerialization.jsonObject(with: run.output) as? [String: Any]
        #expect(run.status == 1 && object?["kind"] as? String == "settings")
        #expect((object?["error"] as? String)?.hasPrefix("site.yml:") == true, "\(String(describing: object))")
        // What the argument parser refuses too (an unknown flag, a value it cannot read), where
        // stdout was empty and the parser's text went to stderr alone.
        for arguments in [["--timeout", "-1"], ["--timeout", "inf"], ["--cache-dir", ""], ["--bogus"], ["--timeout", "abc"]] {
            let usage = try await Self.run(["fetch", "--json", "http://127.0.0.1:9/"] + arguments, in: folder.url)
            let object = try JSONSerialization.jsonObject(with: usage.output) as? [String: Any]
            #expect(usage.status == 64 && object?["kind"] as? String == "usage", "\(arguments): \(String(decoding: usage.output, as: UTF8.self))")
        }
        let infinite = try await Self.run(["fetch", "--timeout", "inf", "http://127.0.0.1:9/"], in: folder.url)
        #expect(String(decoding: infinite.errors, as: UTF8.self) == "error: --timeout must be more than 0 and at most 3600 seconds, not inf\n")
        let missing = try await Self.run(["fetch", "--config", "nowhere.yml", "http://127.0.0.1:9/"], in: folder.url)
        #expect(missing.status == 1)
        #expect(String(decoding: missing.errors, as: UTF8.self).hasPrefix("error: nowhere.yml: the settings file does not exist."),
                "\(String(decoding: missing.errors, as: UTF8.self))")
    }

    @Test(.enabled(if: executable != nil, "the site executable is not built next to the tests; run swift build first"))
    func versionFlagPrintsTheVersionRequestsCarry() async throws {
        let run = try await Self.run(["--version"])
        #expect(run.status == 0)
        #expect(String(decoding: run.output, as: UTF8.self) == SiteVersion.number + "\n")
    }

    @Test("build and serve --help give each setting's default, taken from the settings themselves, and that site.yml comes first",
          .enabled(if: executable != nil, "the site executable is not built next to the tests; run swift build first"))
    func helpGivesTheDefaults() async throws {
        let defaults = SiteSettings()
        for command in ["build", "serve"] {
            let run = try await Self.run([command, "--help"])
            #expect(run.status == 0)
            // Folded to one line: the help wraps its text at the terminal's width.
            let help = String(decoding: run.output, as: UTF8.self).split(whereSeparator: \.isWhitespace).joined(separator: " ")
            for expected in ["(default: site.yml's users, else \(defaults.users))", "(default: site.yml's per_page, else \(defaults.perPage))",
                             "(default: site.yml's jobs or images.jobs, else \(defaults.jobs))", "(default: site.yml's timeout, else \(Int(defaults.timeout)))",
                             "(default: site.yml's output, else \(defaults.output))", "(default: site.yml's cache_dir, else \(defaults.cacheDirectory))",
                             "(default: site.yml's randomuser_url, else \(defaults.randomUserURL.absoluteString))",
                             "(default: site.yml's links, else \(defaults.links.rawValue))"] {
                #expect(help.contains(expected), "site \(command) --help lacks \(expected)")
            }
        }
    }

    @Test("a port beyond 65535, a timeout of 0 or nan, and negative counts are refused with their ranges, not wrapped around or misread",
          .enabled(if: executable != nil, "the site executable is not built next to the tests; run swift build first"))
    func outOfRangeNumbersAreRefused() async throws {
        for (arguments, message) in [(["api", "--port", "70000"], "--port must be between 1 and 65535"),
                                     (["serve", "--port", "65536", "--no-watch"], "--port must be between 1 and 65535"),
                                     (["api", "--port", "-1"], "--port must be between 1 and 65535 (or 0 for a free one), not -1."),
                                     (["serve", "--port", "-1", "--no-watch"], "--port must be between 1 and 65535 (or 0 for a free one), not -1."),
                                     (["fetch", "http://127.0.0.1:9/", "--timeout", "0"], "--timeout must be more than 0"),
                                     (["fetch", "http://127.0.0.1:9/", "--timeout", "nan"], "--timeout must be more than 0"),
                                     (["fetch", "http://127.0.0.1:9/", "--timeout", "-1"], "--timeout must be more than 0"),
                                     (["build", "--demo", "--users", "-3"], "--users must be between 0 and 1000000, not -3"),
                                     (["build", "--demo", "--per-page", "-1"], "--per-page must be between 1 and 10000, not -1"),
                                     (["build", "--demo", "--ttl", "-1m"], "--ttl must be a duration such as 10m or 1d, not -1m"),
                                     (["build", "--demo", "--max-image-failures", "lots"],
                                      "--max-image-failures must be a number of pictures such as 5, or a share of them such as 10%, not lots."),
                                     (["build", "--demo", "--max-image-failures", "120%"], "--max-image-failures must be a share of at most 100% (or a number of pictures, such as 5), not 120%."),
                                     // A negative number is a value out of range, not a missing value.
                                     (["build", "--demo", "--max-image-failures", "-1"], "--max-image-failures must be a number of pictures such as 5, or a share of them such as 10%, not -1."),
                                     (["build", "--demo", "--offline", "--refresh"], "--offline and --refresh cannot be used together"),
                                     (["api", "--latency", "5x"], "--latency must be a duration such as 20ms or 0.5s, not 5x."),
                                     // A duration is read as site.yml reads one; out of range, the number is written plainly.
                                     (["build", "--demo", "--timeout", "2h"], "--timeout must be more than 0 and at most 3600 seconds, not 7200."),
                                     (["fetch", "http://127.0.0.1:9/", "--timeout", "2h"], "--timeout must be more than 0 and at most 3600 seconds, not 7200"),
                                     (["api", "--fault", "nonsense"], "invalid fault \"nonsense\": it has no \"=\""),
                                     (["fetch", "http://127.0.0.1:9/", "--offline", "--refresh"], "--offline and --refresh cannot be used together"),
                                     // Empty paths and URLs name themselves (--output "" was "the project itself", and exited 1).
                                     (["build", "--demo", "--output", ""], "--output must name a folder, such as public, and is empty."),
                                     (["build", "--demo", "--cache-dir", ""], "--cache-dir must name a folder, such as .cache, and is empty"),
                                     (["build", "--demo", "--config", ""], "--config must name a settings file, such as site.yml, and is empty."),
                                     (["build", "--live", "--randomuser-url", "ftp://example.org/"], "--randomuser-url must be an http(s) URL"),
                                     (["fetch", ""], "the URL to fetch is empty: give an http or https URL"),
                                     (["fetch", "--config", "", "http://127.0.0.1:9/"], "--config must name a settings file, such as site.yml, and is empty"),
                                     (["clean", "--output", ""], "--output must name a folder, such as public, and is empty."),
                                     (["clean", "--cache-dir", ""], "--cache-dir must name a folder, such as .cache, and is empty"),
                                     (["build", "--demo", "--randomuser-url", "http://127.0.0.1:99999/api/"], "--randomuser-url must be an http(s) URL")] {
            let run = try await Self.run(arguments)
            #expect(run.status == 64, "\(arguments): \(run.status)")
            #expect(String(decoding: run.errors, as: UTF8.self).contains(message), "\(arguments)")
        }
    }

    @Test("site clean names what it removed on standard output, and with --quiet, as a build takes it, only warnings and errors, not even the note on a missing site.yml (it was an unknown option, exit 64, in a CI script passing --quiet to every command)",
          .enabled(if: executable != nil, "the site executable is not built next to the tests; run swift build first"))
    func cleanTakesQuiet() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let cache = folder.url.appendingPathComponent(".cache/http-v3")
        try FileManager.default.createDirectory(at: cache, withIntermediateDirectories: true)
        let said = try await Self.run(["clean"], in: folder.url)
        #expect(said.status == 0 && String(decoding: said.output, as: UTF8.self).contains("removed "), "\(said.status)")
        try FileManager.default.createDirectory(at: cache, withIntermediateDirectories: true)
        let quiet = try await Self.run(["clean", "--quiet"], in: folder.url)
        #expect(quiet.status == 0 && quiet.output.isEmpty && quiet.errors.isEmpty, "\(quiet.status): \(String(decoding: quiet.errors, as: UTF8.self))")
        #expect(!FileManager.default.fileExists(atPath: cache.path))
    }

    @Test("a build under umask 077 after one under 022 warns that its files lost the read permission a web server needs (every page 0600 while the folders kept 0755), and one under the same umask again does not",
          .enabled(if: executable != nil, "the site executable is not built next to the tests; run swift build first"))
    func lostReadPermissionIsAWarning() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let site = try #require(Self.executable).path
        func build(umask: String) async throws -> (status: Int32, errors: String) {
            let run = try await Process.runCapturing("/bin/sh", ["-c", "umask \(umask) && exec \"$0\" build --demo --users 3 --quiet", site], in: folder.url)
            return (run.status, run.errors)
        }
        let first = try await build(umask: "022")
        #expect(first.status == 0 && !first.errors.contains("umask"), "\(first.errors)")
        let tight = try await build(umask: "077")
        #expect(tight.status == 0)
        #expect(tight.errors.contains("warning: this build's files have mode 0600 (umask 077), where the previous output's had 0644: a web server reading them as another user now answers 403 for every page"),
                "\(tight.errors)")
        let mode = try FileManager.default.attributesOfItem(atPath: folder.url.appendingPathComponent("public/index.html").path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        let again = try await build(umask: "077")
        #expect(again.status == 0 && !again.errors.contains("umask"), "said once, at the change: \(again.errors)")
        #expect(StagedOutput.lostReadBits(before: 0o644, now: 0o640) == 0o004 && StagedOutput.lostReadBits(before: 0o640, now: 0o600) == 0o040
                && StagedOutput.lostReadBits(before: 0o600, now: 0o644) == 0 && StagedOutput.lostReadBits(before: 0o644, now: 0o644) == 0)
    }

    @Test("--timeout takes a duration as site.yml's timeout does (30s, 2m), where 30s was refused on the command line",
          .enabled(if: executable != nil, "the site executable is not built next to the tests; run swift build first"))
    func timeoutTakesADuration() async throws {
        let run = try await Self.run(["fetch", "http://127.0.0.1:9/", "--timeout", "2s", "--no-retry"])
        let said = String(decoding: run.errors, as: UTF8.self)
        #expect(run.status == 1 && said.contains("could not be reached"), "\(run.status): \(said)")
    }

    @Test("a build whose standard error nobody reads any more (site build --verbose 2>&1 | head -1) still finishes and publishes, demo or live (SIGPIPE killed live ones, leaving their staging folder)",
          .enabled(if: executable != nil, "the site executable is not built next to the tests; run swift build first"))
    func closedStandardErrorDoesNotStopABuild() async throws {
        try await DemoAPIServer.with { server in
            for source in [["--demo"], ["--live", "--randomuser-url", server.randomUserURL.absoluteString,
                                        "--jsonplaceholder-url", server.jsonPlaceholderURL.absoluteString]] {
                let folder = try TemporaryFolder()
                defer { folder.remove() }
                let output = folder.url.appendingPathComponent("public")
                let process = Process()
                // Through env, which gives SIGPIPE its default action back: the test runner ignores
                // it, and children inherit that, where a shell's pipe would not.
                process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
                process.arguments = ["--default-signal=PIPE", try #require(Self.executable).path,
                                     "build", "--users", "8", "--verbose", "--output", output.path,
                                     "--cache-dir", folder.url.appendingPathComponent("cache").path] + source
                let stderr = Pipe()
                process.standardError = stderr
                process.standardOutput = FileHandle.nullDevice
                let exited = try process.start()
                try stderr.fileHandleForReading.close()
                try? stderr.fileHandleForWriting.close()
                await exited.ended()
                #expect(process.terminationReason == .exit && process.terminationStatus == 0, "\(source[0]): \(process.terminationReason.rawValue) \(process.terminationStatus)")
                #expect(FileManager.default.fileExists(atPath: output.appendingPathComponent("index.html").path), "\(source[0])")
                #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path).sorted() == ["cache", "public"], "\(source[0])")
            }
        }
    }

    @Test("a value out of range is blamed on where it was set: site.yml with the setting's name, the command line with the flag's",
          .enabled(if: executable != nil, "the site executable is not built next to the tests; run swift build first"))
    func rangeErrorsNameTheirSource() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let config = folder.url.appendingPathComponent("bad.yml")
        try Data("users: -2\n".utf8).write(to: config)
        let fromFile = try await Self.run(["build", "--demo", "--config", config.path])
        #expect(String(decoding: fromFile.errors, as: UTF8.self).contains("\(config.path):1: users must be between 0 and 1000000, not -2"))
        try Data("users: 5\n".utf8).write(to: config)
        let fromFlag = try await Self.run(["build", "--demo", "--config", config.path, "--jobs", "0"])
        // A flag out of range is a command line that cannot be used: 64, naming the flag.
        #expect(String(decoding: fromFlag.errors, as: UTF8.self).contains("--jobs must be between 1 and 512, not 0.") && fromFlag.status == 64)
        let perPage = try await Self.run(["build", "--demo", "--config", config.path, "--per-page", "0"])
        #expect(String(decoding: perPage.errors, as: UTF8.self).contains("--per-page must be between 1 and 10000, not 0.") && perPage.status == 64)
        #expect(fromFile.status == 1, "a settings file out of range is the site's, not the command line's")
        try Data("output: \"\"\n".utf8).write(to: config)
        let emptyOutput = try await Self.run(["build", "--demo", "--config", config.path])
        #expect(String(decoding: emptyOutput.errors, as: UTF8.self).contains("output must name a folder, such as public, and is empty") && emptyOutput.status == 1)
    }

    @Test("site build refuses a --links style it does not know, saying which there are, before doing anything",
          .enabled(if: executable != nil, "the site executable is not built next to the tests; run swift build first"))
    func unknownLinkStyleIsRefused() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let run = try await Self.run(["build", "--demo", "--links", "ugly", "--output", folder.url.appendingPathComponent("out").path,
                                      "--cache-dir", folder.url.appendingPathComponent("cache").path])
        #expect(run.status != 0)
        #expect(String(decoding: run.errors, as: UTF8.self).contains("--links must be folders (links such as users/, for a web server) or files"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path).isEmpty)
    }

    @Test("-H is --header, and --data without --method is sent as a POST", .enabled(if: executable != nil, "the site executable is not built next to the tests"))
    func shortHeaderAndDataAsPost() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try await TestOrigin.run({ request in .text("\(request.method) \(request.headers["X-Test"] ?? "-") \(String(decoding: request.body, as: UTF8.self))") }) { origin in
            let run = try await Self.run(["fetch", "--no-retry", "--cache-dir", folder.url.path, "-H", "X-Test: yes",
                                          "--data", "hello", origin.url("/d").absoluteString])
            #expect(run.status == 0 && String(decoding: run.output, as: UTF8.self) == "POST yes hello", "\(String(decoding: run.errors, as: UTF8.self))")
            let refused = try await Self.run(["fetch", "--cache-dir", folder.url.path, "--method", "GET", "--data", "hello",
                                              origin.url("/d").absoluteString])
            let message = String(decoding: refused.errors, as: UTF8.self)
            #expect(refused.status != 0 && message.contains("--method POST") && !message.contains("maximum size"), "\(message)")
            #expect(origin.requestCount == 1)
        }
    }

    @Test("an empty --cache-dir is refused rather than taken as the current folder", .enabled(if: executable != nil, "the site executable is not built next to the tests"))
    func emptyCacheDirIsRefused() async throws {
        let run = try await Self.run(["fetch", "--cache-dir", "", "http://127.0.0.1:1/x"])
        #expect(run.status != 0 && String(decoding: run.errors, as: UTF8.self).contains("--cache-dir must name a folder"))
    }
}
