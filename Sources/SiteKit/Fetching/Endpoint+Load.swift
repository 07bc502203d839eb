import Foundation
import Synchronization

extension HTTPFetching {
    /// Fetches `endpoint` under `baseURL` and decodes its JSON.
    ///
    /// A non-2xx answer becomes `FetchError.httpStatus` carrying the server's own message when
    /// the body is a JSON error. The body is decoded before the response is stored: one that
    /// does not decode (an HTML maintenance page, malformed JSON) is never cached, and a stale
    /// stored copy stands in for it when there is one; without one it becomes
    /// `FetchError.unexpectedBody` saying what arrived, or `FetchError.decoding` with the JSON
    /// path where it failed.
    public func load<Response>(_ endpoint: Endpoint<Response>, from baseURL: URL) async throws -> (Response, FetchResult) {
        do {
            return try await loadOnce(endpoint, from: baseURL)
        } catch is UnusableCachedCopy {
            // A stored copy that does not decode (kept by `site fetch`, which stores what servers
            // send, or by an earlier version) was dropped: ask again, once. Offline, that is an
            // error saying the cache has no copy, which is now true.
            return try await loadOnce(endpoint, from: baseURL)
        }
    }

    private func loadOnce<Response>(_ endpoint: Endpoint<Response>, from baseURL: URL) async throws -> (Response, FetchResult) {
        let request = endpoint.request(baseURL: baseURL)
        // The check's decoding, kept so that the answer it passed is not decoded twice, with what
        // text of it had to be replaced to be read (see `JSONTextRepair`).
        let decoded = Mutex<(value: Response, textProblem: String?)?>(nil)
        @Sendable func decode(_ response: HTTPResponse) throws -> (value: Response, textProblem: String?) {
            let (body, problem) = JSONTextRepair.repaired(response.body, contentType: response.headers["Content-Type"])
            if let parallel = Response.self as? any ParallelJSONDecodable.Type,
               let value = parallel.decodedInParallel(from: body) as? Response {
                return (value, problem)
            }
            let (value, dropped) = try DroppedFields.collecting { try JSONDecoder().decode(Response.self, from: body) }
            // One warning for the answer: what of its text was replaced, and what was left empty.
            let problems = [problem, dropped.clause].compactMap { $0 }
            return (value, problems.isEmpty ? nil : problems.joined(separator: ", and "))
        }
        let check = BodyCheck(name: "JSON \(Response.self)") { response in
            do {
                let value = try decode(response)
                decoded.withLock { $0 = value }
                return nil
            } catch {
                return JSONBody.problem(error, response: response)
            }
        }
        let result = try await fetch(request, limits: .json, check: check)
        let response = result.response
        guard (200..<300).contains(response.status) else {
            throw FetchError(status: result, request: request)
        }
        if result.outcome == .miss || result.outcome == .bypass, let (value, problem) = decoded.withLock({ $0 }) {
            var result = result
            result.textProblem = problem
            return (value, result)
        }
        do {
            let (value, problem) = try decode(response)
            var result = result
            result.textProblem = problem
            return (value, result)
        } catch {
            discard(request.url)
            if result.outcome != .miss, result.outcome != .bypass { throw UnusableCachedCopy() }
            throw FetchError(JSONBody.problem(error, response: response), method: request.method, url: request.url)
        }
    }
}

/// A cached copy that did not decode and was dropped from the cache (see `load`).
private struct UnusableCachedCopy: Error {}

/// Why a body that should hold JSON cannot be used, in words: what arrived instead.
enum JSONBody {
    static func problem(_ error: any Error, response: HTTPResponse) -> FetchError.Kind {
        if let received = notJSON(response) { return .unexpectedBody(received: received, expected: "JSON") }
        let decoding = error as? DecodingError
        var unreadable = decoding == nil
        if case .dataCorrupted(let context)? = decoding, context.codingPath.isEmpty { unreadable = true }
        if unreadable {
            // Where it breaks: one broken entry among thousands is found by it.
            let (body, _) = JSONTextRepair.repaired(response.body, contentType: response.headers["Content-Type"])
            let fault = JSONSyntaxFault.find(in: body)
            if let fault, fault.tooDeep {
                let place = fault.line.map { line in " at line \(line), column \(fault.column ?? 1)" } ?? ""
                return .refusedBody("sent JSON nested deeper than this tool reads (more than 512 lists or objects inside one another\(place))")
            }
            return .unexpectedBody(received: "a body that is not valid JSON\(typeClause(response))"
                                       + (fault.map { " (\($0.clause))" } ?? ""), expected: "JSON")
        }
        guard let error = decoding else { return .unexpectedBody(received: "a body that is not valid JSON", expected: "JSON") }
        let (path, detail) = JSONPath.describe(error)
        // randomuser answers some failures 200 with {"error": "Uh oh, …"} and no results: a field
        // missing at the top, where the server's own words say more than the path.
        let said = path.filter { $0 == "." || $0 == "[" }.count <= 1 ? ServerMessage.topLevel(in: response.body) : nil
        return .decoding(path: path, detail: detail + (said.map { "; the server said \"\($0)\"" } ?? ""))
    }

    /// What the body is when it plainly is not JSON: empty, an HTML page, or another media type.
    static func notJSON(_ response: HTTPResponse) -> String? {
        let type = mediaType(response)
        if response.body.isEmpty { return "an empty body\(typeClause(response))" }
        let start = String(decoding: response.body.prefix(200), as: UTF8.self)
            .trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        if type == "text/html" || type == "application/xhtml+xml" || start.hasPrefix("<!doctype html") || start.hasPrefix("<html") {
            return "an HTML page (\(type ?? "no Content-Type"))"
        }
        if let type, !type.contains("json"), type != "text/plain", type != "application/octet-stream" {
            return "a body of type \(type)"
        }
        return nil
    }

    private static func mediaType(_ response: HTTPResponse) -> String? {
        guard let value = response.headers["Content-Type"] else { return nil }
        let type = value.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() } ?? ""
        return type.isEmpty ? nil : type
    }

    private static func typeClause(_ response: HTTPResponse) -> String {
        mediaType(response).map { " (\($0))" } ?? ""
    }
}

/// The human message inside an API's JSON error body, e.g.
/// `{"statusCode":503,"message":["try later"],"error":"Service Unavailable"}` or `{"error":"…"}`.
enum ServerMessage {
    static func extract(from body: Data) -> String? {
        guard !body.isEmpty else { return nil }
        if let value = try? JSONSerialization.jsonObject(with: body, options: .fragmentsAllowed) {
            // A list or a number says nothing of itself (its first line was "[").
            guard let object = value as? [String: Any] else { return nil }
            for key in ["message", "error", "detail", "title"] {
                if let text = object[key] as? String, !text.isEmpty { return clip(text) }
                if let list = object[key] as? [Any] {
                    let joined = list.map { "\($0)" }.joined(separator: "; ")
                    if !joined.isEmpty { return clip(joined) }
                }
            }
            return nil
        }
        let text = String(decoding: body.prefix(400), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard !text.isEmpty, !text.hasPrefix("<") else { return nil }
        return clip(text.components(separatedBy: .newlines).first ?? text)
    }

    /// The `error` or `message` text of a JSON object body, and nothing else: what a 200 answer
    /// that holds no data says of itself.
    static func topLevel(in body: Data) -> String? {
        guard let object = try? JSONSerialization.jsonObject(with: body) as? [String: Any] else { return nil }
        return ["error", "message"].lazy.compactMap { object[$0] as? String }.first { !$0.isEmpty }.map(clip)
    }

    private static func clip(_ text: String) -> String {
        text.clipped(to: 200)
    }
}

/// Where a JSON decoding error happened, as a path such as `$.results[3].name`.
enum JSONPath {
    static func describe(_ error: DecodingError) -> (path: String, detail: String) {
        switch error {
        case .typeMismatch(let type, let context):
            return (path(context.codingPath), "expected \(typeName(type))\(found(context.debugDescription))")
        case .valueNotFound(let type, let context):
            return (path(context.codingPath), "expected \(typeName(type)), found null")
        case .keyNotFound(let key, let context):
            return (path(context.codingPath + [key]), "the field is missing")
        case .dataCorrupted(let context):
            let underlying = (context.underlyingError as NSError?)?.localizedDescription
            return (path(context.codingPath), "the body is not valid JSON\(underlying.map { " (\($0))" } ?? "")")
        @unknown default:
            return ("$", "\(error)")
        }
    }

    /// A position in a JSON array, for paths.
    struct Index: CodingKey {
        var intValue: Int?
        var stringValue: String { "Index \(intValue ?? 0)" }
        init(_ index: Int) { intValue = index }
        init?(intValue: Int) { self.intValue = intValue }
        init?(stringValue: String) { nil }
    }

    static func path(_ keys: [any CodingKey]) -> String {
        keys.reduce("$") { partial, key in
            if let index = key.intValue { return partial + "[\(index)]" }
            return partial + "." + key.stringValue
        }
    }

    /// ", found an object" from Foundation's "Expected to decode Array<Any> but found a
    /// dictionary instead.", which names Swift types; another description (a decoder of our own
    /// wrote it for people) in brackets.
    static func found(_ description: String) -> String {
        guard let start = description.range(of: "but found "),
              let end = description.range(of: " instead", range: start.upperBound..<description.endIndex) else {
            return description.isEmpty ? "" : " (\(description))"
        }
        let what = description[start.upperBound..<end.lowerBound]
        let named = ["a dictionary": "an object", "an array": "a list", "number": "a number", "bool": "true or false",
                     "a string": "a string", "null": "null"]
        return ", found " + (named[String(what)] ?? String(what))
    }

    private static func typeName(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: "a string"
        case is LenientString.Type: "text or a number"
        case is Int.Type, is Double.Type: "a number"
        case is Bool.Type: "true or false"
        default: "\(type)".contains("Array") ? "a list" : "an object"
        }
    }
}
