import Foundation

/// A request as the HTTP layer sends it: method, absolute URL, headers and an optional body.
public struct HTTPRequest: Sendable, Hashable {
    /// The method, upper-cased: any token may be sent (`site fetch --method M-SEARCH`).
    public var method: String
    /// The URL, its scheme in lower case (`HTTP://` is `http://`).
    public var url: URL {
        didSet { url = FetchableURL.normalized(url) }
    }
    /// Fields sent to the origin; they also take part in `Vary` matching.
    public var headers: HTTPHeaders
    /// The request content, for methods that carry one.
    public var body: Data?

    public init(method: String = "GET", url: URL, headers: HTTPHeaders = [:], body: Data? = nil) {
        self.method = method.uppercased()
        self.url = FetchableURL.normalized(url)
        self.headers = headers
        self.body = body
    }
}

/// A complete response: status, headers and the whole body.
///
/// The headers are in the order the transport delivered them (URLSession on Linux reports them
/// by name, repeated fields joined with ", "), or in stored order when the cache answered.
public struct HTTPResponse: Sendable, Hashable {
    public var url: URL
    public var status: Int
    public var headers: HTTPHeaders
    public var body: Data

    public init(url: URL, status: Int, headers: HTTPHeaders = [:], body: Data = Data()) {
        self.url = url
        self.status = status
        self.headers = headers
        self.body = body
    }
}
