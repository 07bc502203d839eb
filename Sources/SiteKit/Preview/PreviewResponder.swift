import Foundation
import Hummingbird

/// Answers the preview server's requests: files from the output folder (folders serve their
/// `index.html`, missing paths the site's own `404.html`), the live-reload script added to HTML,
/// and the event stream pages listen to.
struct PreviewResponder: HTTPResponder {
    typealias Context = BasicRequestContext

    let served: ServedFiles
    let hub: ReloadHub
    let log: @Sendable (_ method: String, _ path: String, _ status: Int) -> Void
    /// Whether the sources are watched and rebuilt (not `--no-watch`), for the "no site yet" page.
    var watching = true

    func respond(to request: Request, context: BasicRequestContext) async throws -> Response {
        let response = try await answer(request)
        log(request.method.rawValue, request.uri.path, response.status.code)
        return response
    }

    private func answer(_ request: Request) async throws -> Response {
        guard request.method == .get || request.method == .head else {
            return Response(status: .methodNotAllowed, headers: [.allow: "GET, HEAD", .contentLength: "0"])
        }
        let path = request.uri.path
        if path == ReloadScript.eventsPath {
            return await events()
        }
        let head = request.method == .head
        let files = served.files
        switch files.resolve(path) {
        case .file(let file):
            return await fileResponse(file, status: .ok, head: head)
        case .redirect(let location):
            // The query goes along, as a host's redirect keeps it (`/about?ref=x` → `/about/?ref=x`).
            let query = request.uri.query.map { "?" + $0 } ?? ""
            return Response(status: .movedPermanently, headers: [.location: location + query, .contentLength: "0", .cacheControl: "no-store"])
        case .notFound:
            if let page = files.notFoundPage {
                return await fileResponse(page, status: .notFound, head: head)
            }
            if !files.holdsSite {
                return await noSiteResponse(output: files.root, head: head)
            }
            let text = "Not found: \(path)\n"
            return Response(status: .notFound,
                            headers: [.contentType: "text/plain; charset=utf-8", .contentLength: String(text.utf8.count)],
                            body: head ? ResponseBody() : ResponseBody(byteBuffer: ByteBuffer(string: text)))
        }
    }

    private func fileResponse(_ file: URL, status: Hummingbird.HTTPResponse.Status, head: Bool) async -> Response {
        guard let data = try? Data(contentsOf: file) else {
            return Response(status: .notFound, headers: [.contentLength: "0"])
        }
        let type = MediaType.forFile(named: file.lastPathComponent)
        var bytes = [UInt8](data)
        if MediaType.isHTML(type) {
            bytes = ReloadScript.inject(into: bytes, version: await hub.state.version)
        }
        let headers: HTTPFields = [
            .contentType: type,
            .contentLength: String(bytes.count),
            // A preview always shows the latest build.
            .cacheControl: "no-store",
            .xContentTypeOptions: "nosniff",
        ]
        return Response(status: status, headers: headers, body: head ? ResponseBody() : ResponseBody(byteBuffer: ByteBuffer(bytes: bytes)))
    }

    /// The page that stands for the site until a build has published one (see `NoSitePage`).
    private func noSiteResponse(output: URL, head: Bool) async -> Response {
        let bytes = ReloadScript.inject(into: Array(NoSitePage.html(output: output, watching: watching).utf8), version: await hub.state.version, noSiteYet: true)
        let headers: HTTPFields = [
            .contentType: "text/html; charset=utf-8",
            .contentLength: String(bytes.count),
            .cacheControl: "no-store",
            .retryAfter: "1",
        ]
        return Response(status: .init(code: NoSitePage.status), headers: headers,
                        body: head ? ResponseBody() : ResponseBody(byteBuffer: ByteBuffer(bytes: bytes)))
    }

    /// Server-sent events: the current state at once, then every change, until the hub finishes
    /// or the page goes away.
    private func events() async -> Response {
        let states = await hub.subscribe()
        let headers: HTTPFields = [.contentType: "text/event-stream", .cacheControl: "no-store"]
        return Response(status: .ok, headers: headers, body: ResponseBody { writer in
            try await writer.write(ByteBuffer(string: "retry: 500\n\n"))
            let encoder = JSONEncoder()
            encoder.outputFormatting = .sortedKeys
            for await state in states {
                let json = String(decoding: try encoder.encode(state), as: UTF8.self)
                try await writer.write(ByteBuffer(string: "data: \(json)\n\n"))
            }
            try await writer.finish(nil)
        })
    }
}
