import ArgumentParser
import Foundation
import Synchronization
import SiteKit

/// `site serve`: build, serve the output on loopback, rebuild and reload on changes.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Builds the site, serves it locally, and rebuilds and reloads open pages when its sources change.",
        discussion: """
        Watches content/, templates/ and the settings file. After a good rebuild every open page reloads; \
        after a failed one the last good site keeps being served and pages show the error. The reload \
        script is added only to pages as they are served, never to the files in the output folder.
        """
    )

    @OptionGroup var flags: BuildFlags
    @Option(help: "The address to listen on; only this machine can connect to the default.") var host = "127.0.0.1"
    // `.unconditional`: -1 is the value, refused by its range, not a flag missing.
    @Option(parsing: .unconditional, help: "The port to listen on; 0 picks a free one.") var port = 8000
    @Flag(name: .customLong("no-watch"), help: "Serve without watching the sources.") var noWatch = false

    func validate() throws {
        try PortNumber.check(port)
        try PortNumber.checkHost(host)
    }

    func run() async throws {
        // Warnings said whole once, then cut short at each rebuild that says them again.
        let reporter = Reporter(verbosity: flags.verbosity, isInteractive: Reporter.standardErrorIsInteractive(), shortensRepeats: true)
        let output: URL
        let project: URL
        let settingsOutput: String
        let basePath: String
        do {
            let (settings, folder) = try flags.resolveSettings(reporter: reporter)
            project = folder
            let options = BuildOptions(projectDirectory: folder)
            output = options.outputFolder(settings.output)
            settingsOutput = settings.output
            basePath = settings.basePath
            // What a build refuses to write, site serve refuses to serve: a home folder, the
            // project, a folder of someone else's files (served before the build said no).
            let places = ProtectedPlaces(project: folder, cache: options.resolve(settings.cacheDirectory))
            if options.namesOutputThroughLink(settings.output) {
                try OutputOwnership.checkLink(options.resolve(settings.output), leadsTo: output)
            }
            try OutputOwnership(places: places).check(output)
        } catch {
            StandardStream.error("error: \(paragraph(error))\n")
            throw ExitCode.failure
        }
        let hub = ReloadHub()
        let flags = flags
        // Bound before the first build, so that a port in use is said at once, not after a build.
        let server: PreviewServer
        do {
            server = try await PreviewServer.start(root: output, basePath: basePath, host: host, port: port, hub: hub, watching: !noWatch) { method, path, status in
                if status >= 400 { reporter.detail("\(status) \(method) \(path)") }
            }
        } catch {
            StandardStream.error("error: \(paragraph(error))\n")
            throw ExitCode.failure
        }
        let seed = SessionSeed()
        // The output as the settings name it, links unresolved: tells an edited setting from a
        // link that now leads elsewhere.
        let servedSetting = ServedSetting(BuildOptions(projectDirectory: project).resolve(settingsOutput).standardizedFileURL.path)
        var session = PreviewSession(
            watcher: SourceWatcher(paths: [project.appendingPathComponent("content"), project.appendingPathComponent("templates"),
                                           flags.configURL]),
            hub: hub, reporter: reporter, output: output, watching: !noWatch
        ) {
            // site.yml is read again on every rebuild, so edits to it apply too, the output
            // folder's included: the site is built there, then served from there.
            let (settings, project) = try flags.resolveSettings(reporter: reporter)
            let options = BuildOptions(projectDirectory: project)
            let named = options.outputFolder(settings.output)
            let summary = try await flags.makeBuild(settings: seed.apply(to: settings), project: project, reporter: reporter).run()
            seed.remember(summary)
            // Built there, so the build's checks of an output folder passed: pages reload into
            // it. (Serving on from the folder before, pages reloaded into its old site at each
            // save, and the warning that said why was cut short as a repeat.)
            let served = server.root
            if named.standardizedFileURL.resolvingSymlinksInPath().path != served.path {
                server.serve(root: named)
                let setting = options.resolve(settings.output).standardizedFileURL
                if setting.path == servedSetting.path() {
                    // The same setting, whose folder became a link (public -> ../webroot), or
                    // the other way round.
                    let now = setting.path == named.path ? "a folder of its own" : "a link to \(named.path)"
                    reporter.info("the output \(setting.path) is now \(now): serving it from now on")
                } else {
                    reporter.info("the settings now name the output \(named.path): serving it from now on; \(served.path), served until now, is left as it was")
                }
                servedSetting.set(setting.path)
            }
            // The new pages link from base_url's new path: serve them there instead of the old
            // one (and still at /).
            if settings.basePath != server.basePath {
                let dropped = server.basePath == "/" ? "" : ", no longer at \(server.basePath)"
                server.serve(under: settings.basePath)
                reporter.info(settings.basePath == "/" ? "base_url has no path any more: serving at / only\(dropped)"
                                                       : "base_url's path is now \(settings.basePath): serving the site there, as its host will\(dropped)")
            }
            return summary
        }
        session.servedFolder = { server.root }
        // The site served is there, and the output the settings named at the last build still
        // leads to the folder served (a folder replaced by a link to another, moved away).
        session.servesSite = {
            server.holdsSite && URL(fileURLWithPath: servedSetting.path()).resolvingSymlinksInPath().path == server.root.path
        }
        // Said before the first build, so the page can be opened at once: until a build has
        // published a site, it says so and reloads by itself when one is there.
        let watching = noWatch ? "" : "; watching content/, templates/ and \(flags.configURL.lastPathComponent)"
        let (address, interfaces) = server.addressToOpen
        let notes = [basePath == "/" ? nil : "and at \(basePath), base_url's path", interfaces].compactMap { $0 }
        let alsoAt = notes.isEmpty ? "" : " (\(notes.joined(separator: "; ")))"
        // Ctrl-C and SIGTERM stop everything, the first build included: a build under way is
        // cancelled, throws its staging folder away and publishes nothing. Caught from before the
        // line that says Ctrl-C stops it, so that one sent at once is not lost.
        let signals = TerminationSignal.listen()
        StandardStream.error("serving \(output.path) at \(address)\(alsoAt)\(watching). Ctrl-C stops.\n")
        let work = Task {
            await session.run(watching: !noWatch)
        }
        await TerminationSignal.first(of: signals)
        let cancelled = session.isBuilding
        work.cancel()
        await work.value
        await server.stop()
        // As `site build` says when it is stopped: what became of the build under way.
        StandardStream.error(cancelled ? "stopped: the build under way was cancelled and published nothing; \(server.root.path) is as it was\n" : "stopped\n")
        // As every command stopped by Ctrl-C or SIGTERM: 128 + SIGINT, which scripts (and
        // `timeout --preserve-status`) take for "interrupted", not "done".
        throw ExitCode(130)
    }
}

/// The output folder as the settings of the last build named it, links unresolved.
private final class ServedSetting: Sendable {
    private let value: Mutex<String>

    init(_ path: String) {
        value = Mutex(path)
    }

    func path() -> String { value.withLock { $0 } }
    func set(_ path: String) { value.withLock { $0 = path } }
}
