import Foundation

/// Why a `base_url` is an address no published site is served at, if it is one: the sitemap,
/// the feed and canonical links would send everyone there.
enum PlaceholderAddress: Equatable, Sendable {
    /// A domain reserved for documentation (RFC 2606 and 6761): example.com, .org and .net and
    /// their subdomains, as `site init` writes, any name under `.example`, and `.invalid`.
    /// (`.test` is left alone: test setups serve sites there, through a hosts file.)
    case example
    /// This machine: `localhost` and names under `.localhost`, loopback and unspecified
    /// addresses, as a `site serve` address pasted into site.yml would be.
    case local

    init?(_ baseURL: String) {
        guard let host = URL(string: baseURL.trimmingCharacters(in: .whitespaces))?.host?.lowercased() else { return nil }
        let name = host.hasSuffix(".") ? String(host.dropLast()) : host
        func within(_ domain: String) -> Bool { name == domain || name.hasSuffix("." + domain) }
        if ["example.com", "example.org", "example.net", "example", "invalid"].contains(where: within) {
            self = .example
        } else if within("localhost") || Self.isLocalAddress(name) {
            self = .local
        } else {
            return nil
        }
    }

    /// `127.0.0.0/8`, `0.0.0.0`, `::1` and `::` (with or without brackets).
    private static func isLocalAddress(_ host: String) -> Bool {
        let bare = host.trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
        if bare == "::1" || bare == "::" || bare == "0:0:0:0:0:0:0:1" { return true }
        let octets = bare.split(separator: ".", omittingEmptySubsequences: false)
        guard octets.count == 4, octets.allSatisfy({ UInt8($0) != nil }) else { return false }
        return octets[0] == "127" || bare == "0.0.0.0"
    }

    var description: String {
        switch self {
        case .example: "a placeholder (an example domain, as site init writes)"
        case .local: "an address of the machine that reads it (localhost or a loopback address), not of a published site"
        }
    }
}
