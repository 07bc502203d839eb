/// A response decided but not yet sent: the route's resource with faults, validators and
/// conditional-request handling applied.
struct DemoReply: Sendable {
    /// How the body goes on the wire.
    enum Delivery: Sendable, Equatable {
        case whole
        /// One byte at a time, this many seconds apart.
        case drip(Double)
        /// About half the body, then the connection closes.
        case truncate
    }

    var status: Int
    var headers: HTTPHeaders
    var body: [UInt8]
    /// False for HEAD and 304; `Content-Length` still describes `body` for HEAD.
    var sendsBody: Bool
    var delivery: Delivery

    init(resource original: DemoResource, method: String, request: HTTPHeaders, injected: InjectedFault) {
        let fault = injected.fault
        var resource = original
        if fault.malformedJSON || fault.body != nil {
            resource.etag = nil
        }
        if fault.malformedJSON {
            resource.body = Array(resource.body.prefix(resource.body.count / 2))
        }
        if let body = fault.body {
            resource.body = Array(body)
        }
        if let contentType = fault.contentType {
            resource.contentType = contentType
        }

        var headers = HTTPHeaders()
        headers.add("Content-Type", resource.contentType)
        if resource.status == 200 {
            headers.add("ETag", resource.etag ?? DemoCaching.etag(for: resource.body))
            headers.add("Last-Modified", DemoCaching.lastModified)
            if let cacheControl = resource.cacheControl {
                headers.add("Cache-Control", cacheControl)
            }
        }
        if injected.status != nil, let retryAfter = fault.retryAfter {
            headers.add("Retry-After", retryAfter)
        }
        for (name, value) in fault.headers.sorted(by: { $0.key < $1.key }) {
            headers.set(name, value)
        }
        for name in fault.removedHeaders {
            headers.remove(name)
        }

        status = resource.status
        sendsBody = method != "HEAD"
        if status == 200, method == "GET" || method == "HEAD",
           DemoCaching.isNotModified(request: request, etag: headers["ETag"], lastModified: headers["Last-Modified"]) {
            status = 304
            sendsBody = false
            headers.remove("Content-Type")
        }
        self.headers = headers
        body = resource.body
        delivery = fault.truncate ? .truncate : fault.dripInterval.map(Delivery.drip) ?? .whole
    }
}
