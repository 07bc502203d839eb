import Foundation

/// The directives of one or more `Cache-Control` field lines, parsed as RFC 9111 §5.2 asks.
///
/// Names are case-insensitive; values may be tokens or quoted strings (a `max-age` inside a quoted
/// value is never mistaken for a directive). A directive whose syntax is broken (`max-age =5`,
/// `max-age= 5`, `max-age='5'`) keeps its name but has no usable value, so callers treat it as
/// invalid rather than as absent. Repeated directives keep every occurrence in order; the typed
/// accessors use the first one, as §4.2.1 recommends.
struct CacheControl: Sendable, Equatable {
    struct Directive: Sendable, Equatable {
        var name: String
        /// The unquoted argument; nil when the directive has none or when it is malformed.
        var value: String?
        /// False when the directive's syntax is broken.
        var isWellFormed: Bool
    }

    private(set) var directives: [Directive] = []

    /// Parses every `Cache-Control` line of `headers`.
    init(_ headers: HTTPHeaders) {
        for line in headers.values(for: "Cache-Control") {
            directives += Self.parse(line)
        }
    }

    init(parsing line: String) {
        directives = Self.parse(line)
    }

    func has(_ name: String) -> Bool {
        directives.contains { $0.name == name }
    }

    /// The first occurrence of `name`.
    func first(_ name: String) -> Directive? {
        directives.first { $0.name == name }
    }

    /// A `delta-seconds` argument (§1.2.2): digits only; values past 2^31 are clamped to 2^31.
    func seconds(_ name: String) -> DeltaSeconds {
        guard let directive = first(name) else { return .absent }
        guard directive.isWellFormed, let raw = directive.value, let value = Self.deltaSeconds(raw) else { return .invalid }
        return .value(value)
    }

    /// The field names of a qualified `no-cache="a, b"` or `private="a"`; nil when unqualified or absent.
    func fieldNames(_ name: String) -> [String]? {
        guard let directive = first(name), let value = directive.value, directive.isWellFormed else { return nil }
        let names = value.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }.filter { !$0.isEmpty }
        return names.isEmpty ? nil : names
    }

    /// True when `name` appears at least once without an argument.
    func hasUnqualified(_ name: String) -> Bool {
        directives.contains { $0.name == name && $0.value == nil }
    }

    static func deltaSeconds(_ text: String) -> Int? {
        guard !text.isEmpty, text.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }) else { return nil }
        let digits = text.drop { $0 == "0" }
        if digits.count > 10 { return 2_147_483_648 }
        return min(Int(digits) ?? 0, 2_147_483_648)
    }

    /// Splits one field line into directives, honouring quoted strings and skipping empty members.
    static func parse(_ line: String) -> [Directive] {
        var result: [Directive] = []
        var scanner = Array(line.unicodeScalars)[...]
        while true {
            while let c = scanner.first, c == " " || c == "\t" || c == "," { scanner.removeFirst() }
            guard !scanner.isEmpty else { break }
            var name = ""
            while let c = scanner.first, c != "=", c != ",", c != " ", c != "\t" {
                name.unicodeScalars.append(c)
                scanner.removeFirst()
            }
            var directive = Directive(name: name.lowercased(), value: nil, isWellFormed: !name.isEmpty)
            if scanner.first == "=" {
                scanner.removeFirst()
                if scanner.first == "\"" {
                    scanner.removeFirst()
                    var value = ""
                    var closed = false
                    while let c = scanner.popFirst() {
                        if c == "\\", let escaped = scanner.popFirst() { value.unicodeScalars.append(escaped); continue }
                        if c == "\"" { closed = true; break }
                        value.unicodeScalars.append(c)
                    }
                    directive.value = closed ? value : nil
                    directive.isWellFormed = directive.isWellFormed && closed
                } else {
                    var value = ""
                    while let c = scanner.first, c != ",", c != " ", c != "\t" {
                        value.unicodeScalars.append(c)
                        scanner.removeFirst()
                    }
                    directive.value = value.isEmpty ? nil : value
                    directive.isWellFormed = directive.isWellFormed && !value.isEmpty
                }
            }
            // Anything but whitespace before the next comma makes the member malformed (`max-age =5`).
            while let c = scanner.first, c != "," {
                if c != " " && c != "\t" { directive.isWellFormed = false; directive.value = nil }
                scanner.removeFirst()
            }
            if !directive.name.isEmpty { result.append(directive) }
        }
        return result
    }
}

/// A `delta-seconds` directive argument: absent, present but unreadable, or a value.
enum DeltaSeconds: Sendable, Equatable {
    case absent
    case invalid
    case value(Int)

    var value: Int? {
        if case .value(let seconds) = self { return seconds }
        return nil
    }
}
