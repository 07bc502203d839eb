import Foundation

/// A local web server for the built site, as `site serve` runs it: correct content types,
/// `index.html` for folders, the site's own 404 page, nothing from outside the output folder,
/// and live reload through ``ReloadHub``.
public final class PreviewServer: Sendable {
    /// Where the site is served, e.g. `http://127.0.0.1:8000`.
    public let baseURL: URL
    /// Open pages follow this hub's state.
    public let hub: ReloadHub

    private let server: LocalServer
    private let served: ServedFiles

    private init(hub: ReloadHub, server: LocalServer, served: ServedFiles) {
        self.baseURL = server.baseURL
        self.hub = hub
        self.server = server
        self.served = served
    }

    /// The address to open, for the line `site serve` starts with: `baseURL` and a slash, but for
    /// a server listening on every interface (`--host 0.0.0.0` or `::`), the loopback address,
    /// with a note that says so (`http://0.0.0.0:8000/` is no address a browser on another
    /// machine can use).
    public var addressToOpen: (address: String, note: String?) { Self.addressToOpen(baseURL) }

    static func addressToOpen(_ url: URL) -> (address: String, note: String?) {
        guard let host = url.host, ["0.0.0.0", "::", "[::]"].contains(host), let port = url.port else { return (url.absoluteString + "/", nil) }
        return ("http://\(host == "0.0.0.0" ? "127.0.0.1" : "[::1]"):\(port)/",
                "on every interface: from another machine, this one's address and port \(port)")
    }

    /// The path the site is served under besides `/`, with one trailing `/`.
    public var basePath: String { served.files.basePath }

    /// The folder served.
    public var root: URL { served.files.root }

    /// Whether the folder served holds a site, as requests find it: the folder as it was when
    /// it began to be served, not where its path leads now (a folder replaced by a link to
    /// another is served as the link leads only once the server is told, see `serve(root:)`).
    public var holdsSite: Bool { served.files.holdsSite }

    /// Serves `root` from now on instead of the folder before: `site serve` calls it after a
    /// rebuild into the folder that an edited `output` names, so that open pages reload into
    /// the site just built, not the one left in the folder before.
    public func serve(root: URL) {
        served.serve(root: root)
    }

    /// Serves the folder under `basePath` from now on instead of the path before: `site serve`
    /// calls it after a rebuild for a `base_url` whose path changed, so that the 404 page's links
    /// keep working without a restart.
    public func serve(under basePath: String) {
        served.move(to: basePath)
    }

    /// Serves `root` on `host:port` (port 0 picks a free one) until ``stop()``, at `/` and at
    /// `basePath` (see ``StaticFiles``); returns once the socket is bound. `log` hears about every
    /// request answered. `watching` says whether builds will follow edits (not `--no-watch`).
    public static func start(
        root: URL, basePath: String = "/", host: String = "127.0.0.1", port: Int = 8000, hub: ReloadHub = ReloadHub(), watching: Bool = true,
        log: @escaping @Sendable (_ method: String, _ path: String, _ status: Int) -> Void = { _, _, _ in }
    ) async throws -> PreviewServer {
        do {
            let served = ServedFiles(StaticFiles(root: root, basePath: basePath))
            let server = try await LocalServer.start(responder: PreviewResponder(served: served, hub: hub, log: log, watching: watching),
                                                     host: host, port: port, label: "site.preview")
            return PreviewServer(hub: hub, server: server, served: served)
        } catch let failure as LocalServer.StartFailure {
            throw PreviewError(message: failure.message(host: host, port: port))
        }
    }

    /// Closes open event streams, then stops serving. Safe to call more than once.
    public func stop() async {
        await server.stop { await hub.finish() }
    }
}

/// The preview server could not start or serve.
public struct PreviewError: Error, LocalizedError, CustomStringConvertible {
    public var message: String
    public var description: String { message }
    public var errorDescription: String? { message }
}
