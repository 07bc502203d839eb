import Foundation

/// Whether the HTTP client can fetch a URL a person gave (`site fetch URL`, `randomuser_url`),
/// so that a URL it could never fetch is an error naming the reason before any attempt.
public enum FetchableURL {
    /// Why `url` cannot be fetched, as a clause ("is not an http or https URL"), or nil.
    static func problem(with url: URL) -> String? {
        guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https" else {
            return "is not an http or https URL"
        }
        guard let host = url.host, !host.isEmpty else { return "has no host name" }
        if host.contains(":") || host.hasPrefix("[") {
            return "names an IPv6 address, which the HTTP client of builds and site fetch does not accept on Linux; "
                + "use a host name for it instead, such as localhost"
        }
        if let port = url.port, !(1...65535).contains(port) {
            return "names port \(port), and ports go from 1 to 65535"
        }
        return nil
    }

    /// `url` with its scheme in lower case: schemes are case-insensitive (RFC 3986 §3.1), but the
    /// HTTP client takes only `http` and `https` as written so.
    public static func normalized(_ url: URL) -> URL {
        guard let scheme = url.scheme, scheme.utf8.contains(where: { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") }),
              var components = URLComponents(url: url, resolvingAgainstBaseURL: true) else { return url }
        components.scheme = scheme.lowercased()
        return components.url ?? url
    }
}
