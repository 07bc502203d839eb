import Foundation

/// A request as the HTTP layer sends it: method, absolute URL and headers.
public struct HTTPRequest: Sendable, Hashable {
    public var method: String
    public var url: URL
    public var headers: HTTPHeaders

    public init(method: String = "GET", url: URL, headers: HTTPHeaders = [:]) {
        self.method = method.uppercased()
        self.url = url
        self.headers = headers
    }
}

/// A complete response: status, headers in wire order and the whole body.
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
