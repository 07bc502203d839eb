import Hummingbird

/// The demo API's single responder: logs the request, applies its fault, routes it and hands the
/// reply to ``DemoDelivery``.
struct DemoResponder: HTTPResponder {
    typealias Context = BasicRequestContext

    let state: DemoServerState
    let faults: FaultInjector
    let log: RequestLog
    let routes: DemoRoutes

    func respond(to request: Request, context: BasicRequestContext) async throws -> Response {
        let path = request.uri.path
        let query = request.uri.query
        let method = request.method.rawValue
        var headers = HTTPHeaders()
        for field in request.headers {
            headers.add(field.name.rawName, field.value)
        }
        let sequence = await log.begin(method: method, path: path, query: query, headers: headers)
        await state.requestStarted(sequence)
        let ticket = RequestTicket(sequence: sequence, log: log, state: state)
        do {
            let injected = await faults.decide(path: path)
            if injected.fault.stall {
                // Lasts until the client closes the connection or the server stops.
                try await request.body.consumeWithCancellationOnInboundClose { _ in
                    try await state.pause(nil)
                }
            }
            if injected.delay > 0 {
                // Unlike stalls and drips, a delayed response may finish while the server stops.
                try await DedicatedExecutor.sleep(for: .nanoseconds(Int64((injected.delay * 1e9).rounded())))
            }
            let resource: DemoResource
            if let status = injected.status {
                resource = .injectedError(status: status)
            } else if method == "GET" || method == "HEAD" {
                resource = await routes.resource(path: path, query: query, origin: state.origin)
            } else {
                resource = DemoResource(status: 405, body: Array("{}".utf8), contentType: DemoResource.jsonType)
            }
            var reply = DemoReply(resource: resource, method: method, request: headers, injected: injected)
            if reply.status == 405 {
                reply.headers.set("Allow", "GET, HEAD")
            }
            return await DemoDelivery.response(reply, ticket: ticket, state: state)
        } catch {
            await ticket.end(status: nil)
            throw error
        }
    }
}
