import Hummingbird

/// Turns a ``DemoReply`` into a Hummingbird response, streaming the body as its fault asks.
enum DemoDelivery {
    /// Thrown after a truncated body: Hummingbird then closes the connection, so the client gets
    /// fewer bytes than `Content-Length` announced.
    struct Truncated: Error {}

    static func response(_ reply: DemoReply, ticket: RequestTicket, state: DemoServerState) async -> Response {
        var fields = HTTPFields()
        for field in reply.headers.fields {
            if let name = HTTPFields.Element.Name(field.name) {
                fields.append(HTTPFields.Element(name: name, value: field.value))
            }
        }
        let status = reply.status
        guard reply.sendsBody else {
            if status != 304 {
                fields[.contentLength] = String(reply.body.count)
            }
            await ticket.end(status: status)
            var response = Response(status: .init(code: status), headers: fields, body: ResponseBody())
            if status == 304 {
                response.headers[.contentLength] = nil
            }
            return response
        }
        let body = reply.body
        let responseBody = switch reply.delivery {
        case .whole:
            ResponseBody(contentLength: body.count) { writer in
                await ticket.logCompleted(status: status)
                try await writer.write(ByteBuffer(bytes: body))
                try await writer.finish(nil)
                await ticket.end(status: status)
            }
        case .drip(let interval):
            ResponseBody(contentLength: body.count) { writer in
                for (offset, byte) in body.enumerated() {
                    if offset > 0 { try await state.pause(interval) }
                    if offset == body.count - 1 { await ticket.logCompleted(status: status) }
                    try await writer.write(ByteBuffer(bytes: [byte]))
                }
                if body.isEmpty { await ticket.logCompleted(status: status) }
                try await writer.finish(nil)
                await ticket.end(status: status)
            }
        case .truncate:
            ResponseBody(contentLength: body.count) { writer in
                try await writer.write(ByteBuffer(bytes: body.prefix(body.count / 2)))
                await ticket.end(status: status)
                throw Truncated()
            }
        }
        return Response(status: .init(code: status), headers: fields, body: responseBody)
    }
}
