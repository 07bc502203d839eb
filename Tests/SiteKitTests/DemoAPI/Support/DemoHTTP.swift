import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
@testable import SiteKit

/// A response as the demo API tests look at it.
struct DemoHTTPResult: Sendable {
    var status: Int
    var headers: [String: String]
    var body: Data

    /// Case-insensitive header lookup.
    func header(_ name: String) -> String? {
        headers.first { $0.key.caseInsensitiveCompare(name) == .orderedSame }?.value
    }

    /// The body parsed as a JSON object.
    func object() throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: body) as? [String: Any])
    }

    /// The body parsed as a JSON array of objects.
    func array() throws -> [[String: Any]] {
        try #require(try JSONSerialization.jsonObject(with: body) as? [[String: Any]])
    }
}

/// URLSession over loopback, with Foundation's cache off so conditional requests reach the server.
enum DemoHTTP {
    static func session(timeout: Double = 10) -> URLSession {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.httpMaximumConnectionsPerHost = 32
        configuration.timeoutIntervalForRequest = timeout
        return URLSession(configuration: configuration)
    }

    static func get(_ url: URL, method: String = "GET", headers: [String: String] = [:], timeout: Double = 10,
                    session: URLSession? = nil) async throws -> DemoHTTPResult {
        var request = URLRequest(url: url)
        request.httpMethod = method
        request.timeoutInterval = timeout
        for (name, value) in headers {
            request.setValue(value, forHTTPHeaderField: name)
        }
        let (data, response) = try await (session ?? Self.session(timeout: timeout)).data(for: request)
        let http = try #require(response as? HTTPURLResponse)
        var fields: [String: String] = [:]
        for (name, value) in http.allHeaderFields {
            fields["\(name)"] = "\(value)"
        }
        return DemoHTTPResult(status: http.statusCode, headers: fields, body: data)
    }
}

extension DemoAPIServer {
    /// `pathAndQuery` on this server, e.g. `/api/?results=5`.
    func url(_ pathAndQuery: String) throws -> URL {
        try #require(URL(string: baseURL.absoluteString + pathAndQuery))
    }

    /// One request to `pathAndQuery` on this server.
    func get(_ pathAndQuery: String, method: String = "GET", headers: [String: String] = [:], timeout: Double = 10,
             session: URLSession? = nil) async throws -> DemoHTTPResult {
        try await DemoHTTP.get(try url(pathAndQuery), method: method, headers: headers, timeout: timeout, session: session)
    }

    /// Port of `baseURL`, for the raw socket client.
    var port: Int { baseURL.port ?? 0 }
}
