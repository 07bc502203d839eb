import Foundation

/// A typed description of one API call: method, path, query and headers, and the type its JSON decodes to.
public struct Endpoint<Response: Decodable & Sendable>: Sendable {
    public var method: String
    public var path: String
    public var queryItems: [URLQueryItem]
    public var headers: HTTPHeaders

    public init(method: String = "GET", path: String, queryItems: [URLQueryItem] = [], headers: HTTPHeaders = ["Accept": "application/json"]) {
        self.method = method
        self.path = path
        self.queryItems = queryItems
        self.headers = headers
    }

    /// The request for this endpoint under `baseURL`; `path` is appended to the base URL's own path.
    public func request(baseURL: URL) -> HTTPRequest {
        var components = URLComponents(url: baseURL, resolvingAgainstBaseURL: true) ?? URLComponents()
        if !path.isEmpty {
            let basePath = components.path.hasSuffix("/") ? String(components.path.dropLast()) : components.path
            components.path = basePath + (path.hasPrefix("/") ? path : "/" + path)
        }
        if components.path.isEmpty { components.path = "/" }
        if !queryItems.isEmpty {
            components.queryItems = (components.queryItems ?? []) + queryItems
        }
        return HTTPRequest(method: method, url: components.url ?? baseURL, headers: headers)
    }
}
