import Foundation

/// The page envelope randomuser answers with.
public struct RandomUserPage: Sendable, Decodable {
    public struct Info: Sendable, Decodable {
        public var seed: String?
        public var results: Int?
        public var page: Int?
    }

    public var results: [Person]
    public var info: Info?
    /// People in `results` that could not be read at all, and why the first could not.
    public var skipped = 0
    public var firstProblem: String?

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        // `results` is the one field we cannot do without: let its absence fail with a JSON path.
        let list = try c.decode(LenientList<Person>.self, forKey: .results)
        results = list.elements
        skipped = list.skipped
        firstProblem = list.firstProblem
        info = c.lenient(Info.self, .info)
    }

    enum CodingKeys: String, CodingKey { case results, info }
}

extension RandomUserPage: ParallelJSONDecodable {
    /// A page of a megabyte or more (about 1,000 people) is read on every core: its `results`
    /// cut in one piece per core (`JSONArraySplit`). Nil when the page cannot be cut, or one of
    /// its people or of their fields cannot be read: the whole page is then decoded at once, so
    /// that what is skipped or left empty, and the JSON path of the first, are those of the page.
    static func decodedInParallel(from body: Data) -> RandomUserPage? {
        decoded(from: body, pieces: ProcessInfo.processInfo.activeProcessorCount)
    }

    /// `body` decoded as up to `pieces` pieces at once; nil as for `decodedInParallel(from:)`.
    static func decoded(from body: Data, pieces: Int) -> RandomUserPage? {
        guard body.count >= 1 << 20,
              let split = JSONArraySplit.cut(body, field: CodingKeys.results.stringValue, into: pieces),
              let envelope = try? DroppedFields.collecting({ try JSONDecoder().decode(RandomUserPage.self, from: split.envelope) }),
              envelope.dropped.count == 0, envelope.value.results.isEmpty, envelope.value.skipped == 0,
              let lists = try? ParallelMap.map(split.pieces.count, { piece in
                  try DroppedFields.collecting { try JSONDecoder().decode(LenientList<Person>.self, from: split.pieces[piece]) }
              }),
              lists.allSatisfy({ $0.value.skipped == 0 && $0.dropped.count == 0 }) else { return nil }
        var page = envelope.value
        page.results = lists.flatMap(\.value.elements)
        return page
    }
}

/// A JSON array whose malformed elements are skipped instead of failing the whole list.
struct LenientList<Element: Decodable & Sendable>: Decodable, Sendable {
    var elements: [Element]
    var skipped: Int
    /// Why the first skipped element could not be read, with its JSON path ("at $[3].id:
    /// expected a number, found a string"), for the warning.
    var firstProblem: String?

    init(from decoder: any Decoder) throws {
        var container = try decoder.unkeyedContainer()
        var elements: [Element] = []
        var skipped = 0
        var firstProblem: String?
        while !container.isAtEnd {
            let index = container.currentIndex
            let dropped = DroppedFields.current, mark = dropped?.mark
            do {
                elements.append(try container.decode(Element.self))
            } catch {
                if let dropped, let mark { dropped.rollback(to: mark) }
                skipped += 1
                if firstProblem == nil {
                    if let error = error as? DecodingError {
                        let (path, detail) = JSONPath.describe(error)
                        firstProblem = "at \(path): \(detail)"
                    } else {
                        // Foundation's scanner met text it cannot read (a key with a bad escape).
                        firstProblem = "at \(JSONPath.path(container.codingPath + [JSONPath.Index(index)])): \(DroppedFields.describe(error))"
                    }
                }
                _ = try? container.decode(Skip.self)
            }
        }
        self.elements = elements
        self.skipped = skipped
        self.firstProblem = firstProblem
    }

    private struct Skip: Decodable {}
}

/// randomuser.me's endpoints.
public enum RandomUserAPI {
    /// The most people randomuser returns in one page.
    public static let maxPageSize = 5000

    /// The nationalities randomuser documents for its `nat` parameter, in lower case. The demo API
    /// makes people of each of these, and `site.yml`'s `nationalities` must be among them.
    public static let nationalities = ["au", "br", "ca", "ch", "de", "dk", "es", "fi", "fr", "gb", "ie",
                                       "in", "ir", "mx", "nl", "no", "nz", "rs", "tr", "ua", "us"]

    /// The fields the site uses, for the `inc` parameter.
    public static let includedFields = "gender,name,location,email,login,dob,registered,phone,cell,id,picture,nat"

    /// One page of people. The same `seed` must be used for every page of a build.
    public static func people(results: Int, seed: String, page: Int, nationalities: [String] = []) -> Endpoint<RandomUserPage> {
        var query = [
            URLQueryItem(name: "results", value: String(results)),
            URLQueryItem(name: "seed", value: seed),
            URLQueryItem(name: "page", value: String(page)),
            URLQueryItem(name: "inc", value: includedFields),
        ]
        if !nationalities.isEmpty {
            query.append(URLQueryItem(name: "nat", value: nationalities.joined(separator: ",").lowercased()))
        }
        return Endpoint(path: "", queryItems: query)
    }

    /// Splits `total` people into pages of equal size, at most `maxPageSize` each: [(page, results)].
    ///
    /// Every page asks for the same `results`, so a page number always addresses the same people
    /// for a seed; the build trims the surplus of the last page (fewer than one per page).
    public static func pages(for total: Int, maxSize: Int = maxPageSize) -> [(page: Int, results: Int)] {
        guard total > 0 else { return [] }
        let limit = max(1, min(maxSize, maxPageSize))
        let count = (total + limit - 1) / limit
        let size = (total + count - 1) / count
        return (1...count).map { ($0, size) }
    }
}
