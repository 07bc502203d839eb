import Foundation

/// One selecting header of a stored response: a name from its `Vary` and the value the original
/// request had for it (nil when that request did not send it).
struct VaryField: Sendable, Hashable, Codable {
    var name: String
    var value: String?
}

/// Secondary cache keys (RFC 9111 §4.1).
enum Vary {
    /// The lower-cased field names of every `Vary` line; nil when there is none. `*` is kept as a name.
    static func names(in headers: HTTPHeaders) -> [String]? {
        let lines = headers.values(for: "Vary")
        guard !lines.isEmpty else { return nil }
        var names: [String] = []
        for line in lines {
            for part in line.split(separator: ",") {
                let name = part.trimmingCharacters(in: .whitespaces).lowercased()
                if !name.isEmpty, !names.contains(name) { names.append(name) }
            }
        }
        return names
    }

    /// True when the response can never be selected (`Vary: *` anywhere in the list).
    static func isUnmatchable(_ headers: HTTPHeaders) -> Bool {
        names(in: headers)?.contains("*") ?? false
    }

    /// The selecting fields a stored response keeps for the request that produced it.
    static func fields(for response: HTTPHeaders, request: HTTPHeaders) -> [VaryField] {
        (names(in: response) ?? []).sorted().map { VaryField(name: $0, value: normalizedValue(of: $0, in: request)) }
    }

    /// All lines of `name`, combined and with the whitespace around list separators removed, so
    /// that `Foo: 1,2`, `Foo:  1, 2 ` and two lines `Foo: 1` / `Foo: 2` select the same response.
    static func normalizedValue(of name: String, in headers: HTTPHeaders) -> String? {
        let lines = headers.values(for: name)
        guard !lines.isEmpty else { return nil }
        return lines.flatMap { $0.split(separator: ",", omittingEmptySubsequences: false) }
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .joined(separator: ",")
    }

    /// Whether a stored response with `fields` (and these response headers) may answer `request`.
    static func matches(_ fields: [VaryField], responseHeaders: HTTPHeaders, request: HTTPHeaders) -> Bool {
        if isUnmatchable(responseHeaders) { return false }
        return fields.allSatisfy { normalizedValue(of: $0.name, in: request) == $0.value }
    }
}
