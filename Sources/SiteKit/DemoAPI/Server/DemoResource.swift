/// What a route answers before faults, caching and delivery are applied.
struct DemoResource: Sendable {
    static let jsonType = "application/json; charset=utf-8"

    var status: Int
    var body: [UInt8]
    var contentType: String
    var cacheControl: String?
    /// The body's ETag when already known (cached resources); computed from the body otherwise.
    var etag: String?

    /// A JSON response; randomuser is compact, JSONPlaceholder indented.
    static func json(_ value: DemoJSON, status: Int = 200, pretty: Bool = false) -> DemoResource {
        DemoResource(status: status, body: pretty ? value.pretty : value.compact, contentType: jsonType)
    }

    /// JSONPlaceholder's answer to an unknown path or id: 404 with `{}`.
    static let notFound = DemoResource(status: 404, body: Array("{}".utf8), contentType: jsonType)

    init(status: Int, body: [UInt8], contentType: String, cacheControl: String? = nil, etag: String? = nil) {
        self.status = status
        self.body = body
        self.contentType = contentType
        self.cacheControl = cacheControl
        self.etag = etag
    }

    /// An injected error status, with a body shaped like a typical API gateway's:
    /// `{"statusCode":503,"message":["try later"],"error":"Service Unavailable"}`.
    static func injectedError(status: Int) -> DemoResource {
        let message = status == 429 || status >= 500 ? "try later" : "request refused"
        return .json(["statusCode": .int(status), "message": [.string(message)], "error": .string(reason(for: status))],
                     status: status)
    }

    /// The standard reason phrase of common statuses.
    static func reason(for status: Int) -> String {
        switch status {
        case 400: "Bad Request"
        case 401: "Unauthorized"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 408: "Request Timeout"
        case 410: "Gone"
        case 429: "Too Many Requests"
        case 500: "Internal Server Error"
        case 501: "Not Implemented"
        case 502: "Bad Gateway"
        case 503: "Service Unavailable"
        case 504: "Gateway Timeout"
        default: "Error"
        }
    }
}
