import Foundation

/// The `site fetch --json` contract: exactly one JSON object per run.
///
/// Success, whatever the HTTP status:
/// `{"age": 12, "body_base64": "…", "cache": "hit", "headers": [["ETag", "\"x\""]], "status": 200, "url": "…"}`
/// (`age` is null unless the cache answered). Failure without a response:
/// `{"error": "…", "kind": "transport" | "timeout" | "offline" | "limit" | "usage" | …}`.
public enum FetchJSON {
    private struct Success: Encodable {
        var url: String
        var status: Int
        var headers: [[String]]
        var cache: String
        var age: Int?
        var bodyBase64: String

        enum CodingKeys: String, CodingKey {
            case url, status, headers, cache, age
            case bodyBase64 = "body_base64"
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(url, forKey: .url)
            try container.encode(status, forKey: .status)
            try container.encode(headers, forKey: .headers)
            try container.encode(cache, forKey: .cache)
            try container.encode(age, forKey: .age)
            try container.encode(bodyBase64, forKey: .bodyBase64)
        }
    }

    private struct Failure: Encodable {
        var error: String
        var kind: String
    }

    /// The object for a response, headers as the cache hands them (name/value pairs, in order);
    /// a password in the URL is masked.
    public static func success(_ result: FetchResult, url: URL) -> Data {
        let response = result.response
        return encode(Success(url: url.shownWhole, status: response.status,
                              headers: response.headers.fields.map { [$0.name, $0.value] },
                              cache: result.outcome.rawValue, age: result.age,
                              bodyBase64: response.body.base64EncodedString()))
    }

    /// The object for a failure with no HTTP response.
    public static func failure(message: String, kind: String) -> Data {
        encode(Failure(error: message, kind: kind))
    }

    private static func encode(_ value: some Encodable) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let data = (try? encoder.encode(value)) ?? Data(#"{"error":"the output could not be encoded","kind":"internal"}"#.utf8)
        return data + Data("\n".utf8)
    }
}
