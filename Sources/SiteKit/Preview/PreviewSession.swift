import Foundation
import Synchronization

/// `site serve` after its first build: watches the sources, rebuilds on every change and tells
/// open pages to reload, or shows them the error while the last good site keeps being served.
public struct PreviewSession: Sendable {
    /// Runs one build into the served folder; its error text is shown to people as is.
    public typealias Rebuild = @Sendable () async throws -> BuildSummary

    public let watcher: SourceWatcher
    public let hub: ReloadHub
    public let reporter: Reporter
    public let rebuild: Rebuild
    /// The folder served, when known: a failed build then says whether a site is served at all.
    public let output: URL?
    /// Whether `watch()` follows the first build (not `--no-watch`): what a failed build advises.
    public let watching: Bool
    /// The folder served now (`output` unless the server moved to another, see
    /// `PreviewServer.serve(root:)`).
    public var servedFolder: @Sendable () -> URL?
    /// Whether the site served is there, where the settings name the output: when it stops
    /// being (removed by site clean, moved, its folder replaced by a link), it is built again.
    public var servesSite: @Sendable () -> Bool

    public init(watcher: SourceWatcher, hub: ReloadHub, reporter: Reporter, output: URL? = nil, watching: Bool = true,
                rebuild: @escaping Rebuild) {
        self.watcher = watcher
        self.hub = hub
        self.reporter = reporter
        self.output = output
        self.watching = watching
        self.rebuild = rebuild
        self.servedFolder = { output }
        self.servesSite = { output.map { StaticFiles(root: $0).holdsSite } ?? false }
    }

    /// Whether a build runs right now: `site serve`, stopped during one, says it was cancelled.
    public var isBuilding: Bool { building.value.withLock { $0 } }
    private let building = Flag()

    /// A flag the session's copies share.
    private final class Flag: Sendable {
        let value = Mutex(false)
    }

    /// Builds once, then reports whether that worked to the hub.
    @discardableResult
    public func buildOnce() async -> Bool {
        building.value.withLock { $0 = true }
        defer { building.value.withLock { $0 = false } }
        do {
            let summary = try await rebuild()
            reporter.info(summary.text)
            // Nothing changed in the output (a save that left the text as it was, a file no
            // build reads): open pages stay as they are, scrolled and typed into, unless they
            // show an error to take away.
            let showsError = await hub.state.error != nil
            if summary.upToDate != .intact || showsError {
                await hub.published()
            }
            return true
        } catch where error is CancellationError || Task.isCancelled {
            // site serve is stopping: nothing was published, and there is nothing to report.
            return false
        } catch {
            let message = (error as? LocalizedError)?.errorDescription ?? "\(error)"
            // Whole every time: cut short, a failure that came back hid what is wrong, its end.
            if let output, !StaticFiles(root: output).holdsSite {
                let until = watching ? "until a build succeeds" : "until you fix it and restart site serve (--no-watch builds only once)"
                reporter.warning("the build failed, and there is no site in \(output.path) to serve yet: pages say so, and show this error, \(until). \(message)", whole: true)
            } else {
                reporter.warning("the rebuild failed; still serving the last good site. \(message)", whole: true)
            }
            await hub.failed(message)
            return false
        }
    }

    /// Builds once, then, when `watching`, watches and rebuilds until the task is cancelled. The
    /// sources are looked at before the first build, so that a save made while it runs is built
    /// next: looked at after it, such a save was taken for the state already built, and the page
    /// kept the old text until the next save.
    public func run(watching: Bool) async {
        let before = watcher.snapshot()
        await buildOnce()
        if watching { await watch(from: before) }
    }

    /// Watches and rebuilds until the task is cancelled.
    public func watch() async {
        await watch(from: watcher.snapshot())
    }

    private func watch(from start: [String: SourceWatcher.Stamp]) async {
        var snapshot = start
        while !Task.isCancelled {
            // A site served that goes away (site clean, rm -r) is built again: the page said
            // "No site yet" until the next save, and blamed a build that had not failed.
            let folder = servedFolder()
            let hadSite = servesSite()
            let servesSite = self.servesSite
            guard let change = try? await watcher.nextChange(after: snapshot, or: { hadSite && !servesSite() }) else { return }
            snapshot = change.snapshot
            if change.changed.isEmpty, let folder {
                reporter.info("the site served from \(folder.path) is gone, or the output no longer leads there; building it again")
            } else {
                let names = change.changed.map(watcher.shown)
                reporter.info("changed: \(names.prefix(5).joined(separator: ", "))\(names.count > 5 ? " and \(names.count - 5) more" : ""); rebuilding")
            }
            await buildOnce()
        }
    }
}
