import Foundation

/// A fault rule as `site api --fault` writes it: `PREFIX=ITEM;ITEM;…`.
///
/// Items: `latency:50ms`, `jitter:10ms`, `status:503,503` (answered one per request, then normal),
/// `fixed-status:404` (every request), `retry-after:1`, `stall`, `drip` or `drip:5ms` (per byte), `truncate`,
/// `malformed-json`, `content-type:text/html`, `body:TEXT`, `header:Name=Value`,
/// `remove-header:Name`. Durations take `ms` or `s`; a bare number means seconds.
public struct FaultSpec: Sendable, Hashable {
    /// The path prefix the fault applies to, e.g. `/api/portraits/`.
    public var pathPrefix: String
    /// The parsed fault.
    public var fault: Fault

    /// An example shown in error messages.
    public static let example = "/posts=status:503,503;retry-after:1"

    /// Parses `PREFIX=ITEM;ITEM;…`, throwing a ``FaultSpecError`` that says what is wrong.
    public init(parsing text: String) throws {
        guard let equals = text.firstIndex(of: "=") else {
            throw FaultSpecError(spec: text, problem: "it has no \"=\" between the path prefix and the faults")
        }
        let prefix = String(text[..<equals]).trimmingCharacters(in: .whitespaces)
        guard prefix.hasPrefix("/") else {
            throw FaultSpecError(spec: text, problem: "the path prefix \"\(prefix)\" does not start with \"/\"")
        }
        let items = text[text.index(after: equals)...].split(separator: ";")
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }
        guard !items.isEmpty else {
            throw FaultSpecError(spec: text, problem: "no fault follows \"=\"")
        }
        var fault = Fault()
        for item in items {
            try Self.apply(item, to: &fault, spec: text)
        }
        pathPrefix = prefix
        self.fault = fault
    }

    private static let kinds = ["latency", "jitter", "status", "fixed-status", "retry-after", "stall", "drip", "truncate",
                                "malformed-json", "content-type", "body", "header", "remove-header"]

    private static func apply(_ item: String, to fault: inout Fault, spec: String) throws {
        let colon = item.firstIndex(of: ":")
        let kind = String(item[..<(colon ?? item.endIndex)]).lowercased()
        let value = colon.map { String(item[item.index(after: $0)...]).trimmingCharacters(in: .whitespaces) }
        func required() throws -> String {
            guard let value, !value.isEmpty else {
                throw FaultSpecError(spec: spec, problem: "\"\(kind)\" needs a value, as in \"\(kind):…\"")
            }
            return value
        }
        func duration() throws -> Double {
            let text = try required()
            guard let seconds = parseDuration(text) else {
                throw FaultSpecError(spec: spec, problem: "\"\(text)\" is not a duration for \"\(kind)\" (try 50ms or 0.5s)")
            }
            return seconds
        }
        // A name HTTP does not allow (`Bad Name`) was taken and then never sent, without a word.
        func checkName(_ name: String) throws {
            guard name.unicodeScalars.allSatisfy(FetchTool.tokenCharacters.contains) else {
                throw FaultSpecError(spec: spec, problem: "\"\(name)\" is not a header name (letters, digits and !#$%&'*+-.^_`|~, no spaces)")
            }
        }
        func statusCode(_ text: some StringProtocol) throws -> Int {
            guard let code = Int(text.trimmingCharacters(in: .whitespaces)), (100...599).contains(code) else {
                throw FaultSpecError(spec: spec, problem: "\"\(text)\" is not an HTTP status code (100-599)")
            }
            return code
        }
        switch kind {
        case "latency": fault.latency = try duration()
        case "jitter": fault.jitter = try duration()
        case "status": fault.statuses += try required().split(separator: ",").map(statusCode)
        case "fixed-status": fault.status = try statusCode(try required())
        case "retry-after": fault.retryAfter = try required()
        case "stall": fault.stall = true
        case "drip": fault.dripInterval = try value == nil ? 0.01 : duration()
        case "truncate": fault.truncate = true
        case "malformed-json": fault.malformedJSON = true
        case "content-type": fault.contentType = try required()
        case "body": fault.body = Data(try required().utf8)
        case "header":
            let header = try required()
            guard let equals = header.firstIndex(of: "="), equals != header.startIndex else {
                throw FaultSpecError(spec: spec, problem: "\"header\" needs Name=Value, as in \"header:Cache-Control=max-age=3600\"")
            }
            let name = String(header[..<equals])
            try checkName(name)
            fault.headers[name] = String(header[header.index(after: equals)...])
        case "remove-header":
            let name = try required()
            try checkName(name)
            fault.removedHeaders.insert(name)
        default:
            throw FaultSpecError(spec: spec, problem: "unknown fault \"\(kind)\"; known faults: \(kinds.joined(separator: ", "))")
        }
    }

    /// Seconds from `50ms`, `0.5s` or a bare number of seconds; nil for anything else.
    public static func parseDuration(_ text: String) -> Double? {
        let trimmed = text.trimmingCharacters(in: .whitespaces).lowercased()
        var number = Substring(trimmed)
        var scale = 1.0
        if trimmed.hasSuffix("ms") {
            number = number.dropLast(2)
            scale = 0.001
        } else if trimmed.hasSuffix("s") {
            number = number.dropLast()
        }
        guard let value = Double(number), value.isFinite, value >= 0 else { return nil }
        return value * scale
    }
}

/// A `--fault` spec that could not be parsed.
public struct FaultSpecError: Error, LocalizedError, CustomStringConvertible, Hashable {
    /// The spec as given.
    public var spec: String
    /// What is wrong with it.
    public var problem: String

    public var description: String {
        "invalid fault \"\(spec)\": \(problem). Example of a valid one: --fault \"\(FaultSpec.example)\""
    }

    public var errorDescription: String? { description }
}
