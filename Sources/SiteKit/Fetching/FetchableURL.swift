import Foundation

/// Whether the HTTP client can fetch a URL a person gave (`site fetch URL`, `randomuser_url`),
/// so that a URL it could never fetch is an error naming the reason before any attempt.
enum FetchableURL {
    /// Why `url` cannot be fetched, as a clause ("is not an http or https URL"), or nil.
    static func problem(with url: URL) -> String? {
        guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https" else {
            return "is not an http or https URL"
        }
        guard let host = url.host, !host.isEmpty else { return "has no host name" }
        if host.contains(":") || host.hasPrefix("[") {
            return "names an IPv6 address, which URLSession on Linux (the HTTP client of builds and site fetch) "
                + "does not accept; use a host name for it instead, such as localhost"
        }
        return nil
    }
}
