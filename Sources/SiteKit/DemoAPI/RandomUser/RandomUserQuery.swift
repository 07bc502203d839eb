import Foundation

/// The query parameters of randomuser's `GET /api/`, validated like the real API.
struct RandomUserQuery: Sendable, Equatable {
    /// The seed when the query gives none; the real API would pick a random one.
    static let defaultSeed = "sitedemo"
    static let maxResults = 5000

    var results = 1
    var seed = Self.defaultSeed
    var page = 1
    var nationalities: [String] = Nationality.codes
    /// Top-level fields to keep; nil keeps all.
    var included: Set<String>?
    var excluded: Set<String> = []
    /// `noinfo` drops the `info` object.
    var includesInfo = true

    /// A query the API refuses, with the message for `{"error": …}`.
    struct Invalid: Error, Equatable {
        var message: String
    }

    init(parameters: [String: String]) throws(Invalid) {
        if let text = parameters["results"] {
            guard let value = Int(text), value >= 1 else {
                throw Invalid(message: "Invalid results value \"\(text)\": expected a whole number from 1 to \(Self.maxResults).")
            }
            results = min(value, Self.maxResults)
        }
        if let text = parameters["page"] {
            guard let value = Int(text), value >= 1, value <= 1_000_000 else {
                throw Invalid(message: "Invalid page value \"\(text)\": expected a whole number from 1.")
            }
            page = value
        }
        if let text = parameters["seed"], !text.isEmpty {
            seed = text
        }
        if let text = parameters["nat"], !text.isEmpty {
            let codes = Self.list(text).map { $0.uppercased() }
            if let unknown = codes.first(where: { Nationality.all[$0] == nil }) {
                throw Invalid(message: "Unknown nationality \"\(unknown)\". Use one or more of \(Nationality.codes.joined(separator: ", ")).")
            }
            var seen = Set<String>()
            nationalities = codes.filter { seen.insert($0).inserted }
        }
        if let text = parameters["inc"], !text.isEmpty {
            included = Set(Self.list(text).map { $0.lowercased() })
        }
        if let text = parameters["exc"], !text.isEmpty {
            excluded = Set(Self.list(text).map { $0.lowercased() })
        }
        includesInfo = parameters["noinfo"] == nil
    }

    /// Whether the top-level field `name` is sent.
    func includes(_ name: String) -> Bool {
        (included?.contains(name) ?? true) && !excluded.contains(name)
    }

    private static func list(_ text: String) -> [String] {
        text.split(separator: ",").map { String($0).trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }
}
