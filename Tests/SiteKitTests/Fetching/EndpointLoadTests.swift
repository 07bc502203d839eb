import Foundation
import Testing
@testable import SiteKit

@Suite("Endpoint decoding")
struct EndpointLoadTests {
    let base = URL(string: "https://randomuser.example/api/")!

    @Test("randomuser quirks decode: numeric and text postcodes, null id values, RTL and Cyrillic names, extra fields")
    func quirksDecode() async throws {
        let fetcher = StubFetcher.always(200, try Fixture.data("Fetching/randomuser-quirks.json"))
        let (page, _) = try await fetcher.load(RandomUserAPI.people(results: 5, seed: "quirks", page: 1), from: base)
        #expect(page.results.count == 5)
        #expect(page.results[0].name.full == "Mr محمدرضا کریمی")
        #expect(page.results[0].name.first == "محمدرضا")
        #expect(page.results[0].location?.postcode == "59731")
        #expect(page.results[0].location?.street == "7279 شهید باهنر")
        #expect(page.results[0].idValue == nil)
        #expect(page.results[1].location?.postcode == "01001")
        #expect(page.results[1].name.last == "Шевченко")
        #expect(page.results[2].idValue == "AB 12 34 56 C")
        #expect(page.results[4].displayName == "Only Name")
        #expect(page.results[4].picture == nil)
    }

    @Test("fields there but unreadable (a raw line break or a bad escape in a string, an e-mail sent as a list, a name as a number) are left empty and counted for the answer's warning, with the first one's JSON path; the rest of the person is kept")
    func droppedFieldsAreCounted() async throws {
        let fetcher = StubFetcher.always(200, try Fixture.data("Fetching/randomuser-dropped-fields.json"))
        let (page, result) = try await fetcher.load(RandomUserAPI.people(results: 5, seed: "dropped", page: 1), from: base)
        let people = page.results
        try #require(people.count == 5)
        #expect(people[1].location?.city == nil && people[1].location?.state == "Viken" && people[1].location?.street == "7 Elm")
        #expect(people[2].location?.state == nil && people[2].location?.city == "Bergen")
        #expect(people[3].email == nil && people[3].location?.city == "Molde")
        #expect(people[4].name.full.isEmpty && people[4].displayName == "eve@example.com")
        let problem = try #require(result.textProblem)
        #expect(problem == "has 4 fields that could not be read and were left empty (the first at $.results[1].location.city: a raw control character (U+000A), which JSON writes as an escape such as \\n (line 36))", "\(problem)")
        #expect(try Self.dropped(#"{"a": "x\qy"}"#) == #"has a field that could not be read and was left empty (the first at $.a: an escape JSON does not have (\q))"#)
        #expect(try Self.dropped(#"{"a": ["x"]}"#) == "has a field that could not be read and was left empty (the first at $.a: expected text or a number, found a list)")
        #expect(try Self.dropped(#"{"a": {"b": 1}}"#) == "has a field that could not be read and was left empty (the first at $.a: expected text or a number, found an object)")
        #expect(try Self.dropped(#"{"a": 1e400}"#) == "has a field that could not be read and was left empty (the first at $.a: expected text or a number, found a number too large to read)")
        // A number too long for Int keeps its digits (it was 1.2345678901234568e+29).
        let postcode = try JSONDecoder().decode(Person.Location.self, from: Data(#"{"postcode": 123456789012345678901234567890, "city": 1e-7}"#.utf8))
        #expect(postcode.postcode == "123456789012345678901234567890" && postcode.city == "0.0000001")
        #expect(try Self.dropped(#"{"a": 12}"#) == nil && Self.dropped(#"{"a": null}"#) == nil && Self.dropped("{}") == nil)
        // The shapes APIs really send are no problem: a street as text, a postcode as a number, a null e-mail.
        #expect(people[0].location?.street == "12 Main" && people[0].location?.postcode == "12345" && people[0].email == nil)
    }

    @Test("a text field longer than 10,000 characters is cut to its first 10,000 and named in the answer's warning, with its length: a last name of a million characters made its person's page 4 MB, in silence")
    func overlongFieldsAreCut() async throws {
        let long = String(repeating: "é", count: 1_000_000)
        let json = #"{"results": [{"name": {"first": "Ann", "last": "\#(long)"}}, {"name": {"first": "Bo", "last": "Berg"}, "email": "b@example.com"}]}"#
        let (page, result) = try await StubFetcher.always(200, Data(json.utf8)).load(RandomUserAPI.people(results: 2, seed: "k", page: 1), from: base)
        #expect(page.results.count == 2 && page.results[0].name.last.count == 10_000 && page.results[0].name.last.allSatisfy { $0 == "é" })
        #expect(page.results[1].name.last == "Berg")
        #expect(result.textProblem == "has a field longer than 10,000 characters, cut to its first 10,000 (at $.results[0].name.last, 1,000,000 characters)",
                "\(result.textProblem ?? "")")
        // Exactly the limit is kept whole; several are counted, the first named; a field left
        // empty beside them is a clause of its own.
        #expect(try Self.dropped(#"{"a": "\#(String(repeating: "x", count: 10_000))"}"#) == nil)
        let several = try JSONDecoder().decode(LenientList<Post>.self, from: Data(#"""
            [{"userId": 1, "id": 1, "title": "\#(String(repeating: "t", count: 10_001))", "body": "\#(String(repeating: "b", count: 20_000))"}]
            """#.utf8))
        #expect(several.elements.first?.title.count == 10_000 && several.elements.first?.body.count == 10_000)
        let (_, both) = try DroppedFields.collecting {
            try JSONDecoder().decode(LenientList<Post>.self, from: Data(#"[{"userId": 1, "id": 1, "title": "\#(String(repeating: "t", count: 10_001))", "body": "b\qc"}, {"userId": 1, "id": 2, "title": "t", "body": "\#(String(repeating: "b", count: 10_002))"}]"#.utf8))
        }
        #expect(both.clause == #"has a field that could not be read and was left empty (the first at $[0].body: an escape JSON does not have (\q)), and has 2 fields longer than 10,000 characters, each cut to its first 10,000 (the first at $[0].title, 10,001 characters)"#,
                "\(both.clause ?? "")")
    }

    /// What reading the field `a` of `json` as the people's text fields are read leaves empty.
    private static func dropped(_ json: String) throws -> String? {
        struct A: Decodable {
            init(from decoder: any Decoder) throws {
                _ = try decoder.container(keyedBy: Key.self).text(.a)
            }
            enum Key: String, CodingKey { case a }
        }
        return try DroppedFields.collecting { try JSONDecoder().decode(A.self, from: Data(json.utf8)) }.dropped.clause
    }

    @Test("a person with a key that cannot be read (a bad escape in it) is skipped with its path and why, where the warning gave neither")
    func unreadableKeySkipsWithAReason() async throws {
        let json = #"{"results": [{"name": {"first": "Ann", "last": "Lee"}}, {"name": {"first": "Bo", "last": "Berg"}, "email": ["b@example.com"], "ex\qtra": 1}]}"#
        let (page, result) = try await StubFetcher.always(200, Data(json.utf8)).load(RandomUserAPI.people(results: 2, seed: "k", page: 1), from: base)
        #expect(page.results.map(\.name.first) == ["Ann"] && page.skipped == 1)
        #expect(page.firstProblem == #"at $.results[1]: an escape JSON does not have (\q)"#, "\(page.firstProblem ?? "")")
        // The skipped person's unreadable e-mail is in the skip's warning, not counted again.
        #expect(result.textProblem == nil, "\(result.textProblem ?? "")")
    }

    @Test("a post whose id is a word is skipped, and the warning says what came where a number belongs")
    func wordForAnID() async throws {
        let json = #"[{"userId": 1, "id": "six", "title": "t", "body": "b"}, {"userId": 1, "id": 7, "title": "t", "body": "b"}]"#
        let (posts, _) = try await StubFetcher.always(200, Data(json.utf8)).load(JSONPlaceholderAPI.posts, from: base)
        #expect(posts.elements.map(\.id) == [7] && posts.skipped == 1)
        #expect(posts.firstProblem == #"at $[0].id: expected a number, found the text "six""#, "\(posts.firstProblem ?? "")")
    }

    @Test("the fields APIs send in more than one shape (numbers as text, nulls, missing fields, extra ones) are read without a word")
    func quirksAreNotDroppedFields() async throws {
        let fetcher = StubFetcher.always(200, try Fixture.data("Fetching/randomuser-quirks.json"))
        let (_, result) = try await fetcher.load(RandomUserAPI.people(results: 10, seed: "quirks", page: 1), from: base)
        #expect(result.textProblem == nil, "\(result.textProblem ?? "")")
    }

    @Test("numbers and text read alike: a street number or an age sent as a number, as text, as a fraction, as true or not at all; an age no Int holds (1e20) is none, where it trapped; so is one below 0 or above 150, which no person has, and those are counted for the warning")
    func numberFields() async throws {
        let fetcher = StubFetcher.always(200, try Fixture.data("Fetching/randomuser-number-fields.json"))
        let (page, result) = try await fetcher.load(RandomUserAPI.people(results: 10, seed: "numbers", page: 1), from: base)
        // People 5, 6, 7 and 9 each have two (1e20, -1e300, 2^63, "1e19", -3, 151, -0.5, 150.5);
        // a null age (person 3), none at all (4) and the edges 0 and 150 (8) are no problem.
        #expect(result.textProblem == "has 8 fields that could not be read and were left empty (the first at $.results[5].dob.age: expected an age from 0 to 150, found 100000000000000000000)",
                "\(result.textProblem ?? "")")
        let people = page.results
        try #require(people.count == 10)
        #expect(people.prefix(5).map { $0.location?.street } == ["12 Main", "12a Main", "12.5 Main", "true 7", "Main"])
        #expect(people.map { $0.dob?.age } == [46, 46, 46, nil, nil, nil, nil, nil, 150, nil])
        #expect(people.suffix(5).map { $0.registered?.age } == [nil, nil, nil, 0, nil])
        #expect(people.prefix(5).map { $0.dob?.date } == ["1980-01-01T00:00:00Z", "1980-01-01T00:00:00Z", "1980-01-01T00:00:00Z", "1980", nil])
    }

    @Test("a right-to-left override a field leaves open is closed where the field ends, so the fields joined after it (state, postcode, last name) read as sent")
    func overridesEndWithTheirField() throws {
        let json = #"{"name": {"title": "Mrs", "first": "\u202eEvil", "last": "Sch\u00e4fer"}, "location": {"city": "\u202eBerlin", "state": "Hessen", "postcode": 62529}}"#
        let person = try JSONDecoder().decode(Person.self, from: Data(json.utf8))
        #expect(person.location?.city == "\u{202E}Berlin\u{202C}")
        #expect(person.displayName == "Mrs \u{202E}Evil\u{202C} Schäfer")
        // Balanced text is left alone, and so is text with no control at all.
        #expect(HTML.closingDirectionalFormatting("\u{202E}a\u{202C} b") == "\u{202E}a\u{202C} b")
        #expect(HTML.closingDirectionalFormatting("\u{2067}x\u{202B}y") == "\u{2067}x\u{202B}y\u{202C}\u{2069}")
        #expect(HTML.closingDirectionalFormatting("plain – text") == "plain – text")
    }

    @Test("text sent decomposed (NFD) is read composed (NFC), as HTML wants it: the Nu checker warned of every such name; Hangul jamo too; composed text is unchanged")
    func decomposedTextIsComposed() throws {
        let json = #"{"name": {"first": "U\u0308mit", "last": "O\u0308zdag\u0306"}, "location": {"city": "\u1112\u1161\u11ab"}, "email": "zoe\u0301@example.com"}"#
        let person = try JSONDecoder().decode(Person.self, from: Data(json.utf8))
        #expect(Array(person.name.first.unicodeScalars) == Array("\u{DC}mit".unicodeScalars))
        #expect(Array(person.name.last.unicodeScalars) == Array("\u{D6}zda\u{11F}".unicodeScalars))
        #expect(person.location?.city.map { Array($0.unicodeScalars) } == Array("\u{D55C}".unicodeScalars))
        let author = try JSONDecoder().decode(Author.self, from: Data(#"{"id": 1, "name": "Zoe\u0308 Smith"}"#.utf8))
        #expect(Array(author.name.unicodeScalars) == Array("Zo\u{EB} Smith".unicodeScalars))
        #expect("plain ASCII".composed == "plain ASCII" && "Ωμέγα".composed == "Ωμέγα")
        // Singletons, which compose to another code point with no mark involved.
        #expect(Array("\u{212B}ngstr\u{F6}m \u{212A}im \u{2126}mega \u{F900}".composed.unicodeScalars)
            == Array("\u{C5}ngstr\u{F6}m Kim \u{3A9}mega \u{8C48}".unicodeScalars))
    }

    @Test("the same login.uuid and name twice is one person, the first one, counted as a repeat")
    func duplicatesCollapse() async throws {
        let fetcher = StubFetcher.always(200, try Fixture.data("Fetching/randomuser-quirks.json"))
        let (page, _) = try await fetcher.load(RandomUserAPI.people(results: 5, seed: "quirks", page: 1), from: base)
        let data = SiteData(people: page.results, posts: [], authors: [], comments: [])
        #expect(data.people.count == 4)
        #expect(data.repeats == 1)
        #expect(data.people[1].email == "yaroslava.shevchenko@example.com")
    }

    @Test("the request carries results, seed, page, inc and nat")
    func requestQuery() throws {
        let request = RandomUserAPI.people(results: 300, seed: "s", page: 2, nationalities: ["IR", "ua"]).request(baseURL: base)
        let query = URLComponents(url: request.url, resolvingAgainstBaseURL: false)?.queryItems ?? []
        let values = Dictionary(query.map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { $1 })
        #expect(values["results"] == "300")
        #expect(values["seed"] == "s")
        #expect(values["page"] == "2")
        #expect(values["nat"] == "ir,ua")
        #expect(values["inc"]?.contains("picture") == true)
        #expect(request.url.absoluteString.hasPrefix("https://randomuser.example/api/?"))
    }

    @Test("more than 5000 people become equal pages of one seed", arguments: [(1, 1), (5000, 1), (5001, 2), (50_000, 10)])
    func paging(total: Int, pages: Int) {
        let split = RandomUserAPI.pages(for: total)
        #expect(split.count == pages)
        #expect(split.allSatisfy { $0.results <= 5000 && $0.results == split[0].results })
        #expect(split.reduce(0) { $0 + $1.results } >= total)
    }

    @Test("a decoding failure names the URL and the JSON path")
    func decodingErrorHasPath() async throws {
        let body = Data(#"{"results": "not a list"}"#.utf8)
        let error = await #expect(throws: FetchError.self) {
            try await StubFetcher.always(200, body).load(RandomUserAPI.people(results: 1, seed: "s", page: 1), from: base)
        }
        guard case .decoding(let path, let detail)? = error?.kind else { Issue.record("expected a decoding error"); return }
        #expect(path == "$.results")
        #expect(detail == "expected a list, found a string")
        #expect(error?.description.contains("randomuser.example/api/") == true)
    }

    @Test("a JSON value of the wrong kind is named in words, never by Swift type names")
    func wrongKindsInWords() async throws {
        let error = await #expect(throws: FetchError.self) {
            try await StubFetcher.always(200, Data(#"{"a": 1}"#.utf8)).load(JSONPlaceholderAPI.posts, from: base)
        }
        #expect(error?.description.contains("expected a list, found an object") == true, "\(String(describing: error))")
        #expect(error.map { !"\($0)".contains("Array<") && !"\($0)".contains("Dictionary<") } == true)
        // Entries of the wrong shape inside a list are skipped by the lenient models; the words
        // are checked on a strict one.
        struct Strict: Decodable { var id: Int; var title: String }
        let cases: [(String, String, String)] = [
            (#"[{"id": "x", "title": "t"}]"#, "$[0].id", "expected a number, found a string"),
            (#"[{"id": 1, "title": [1]}]"#, "$[0].title", "expected a string, found a list"),
            (#"[{"id": 1, "title": 5}]"#, "$[0].title", "expected a string, found a number"),
            (#"[{"id": true, "title": "t"}]"#, "$[0].id", "expected a number, found true or false"),
        ]
        for (body, expectedPath, expectedDetail) in cases {
            let decoding = #expect(throws: DecodingError.self) { try JSONDecoder().decode([Strict].self, from: Data(body.utf8)) }
            let described = try #require(decoding.map(JSONPath.describe))
            #expect(described.path == expectedPath && described.detail == expectedDetail, "\(body): \(described)")
        }
    }

    @Test("malformed JSON is a decoding error, not a crash")
    func malformedJSON() async {
        let error = await #expect(throws: FetchError.self) {
            try await StubFetcher.always(200, Data(#"[{"id": 1, "title": "cut"#.utf8)).load(JSONPlaceholderAPI.posts, from: base)
        }
        #expect(error?.kindName == "decoding")
    }

    @Test("an HTTP error carries the server's own message")
    func serverMessage() async {
        let body = Data(#"{"statusCode":503,"message":["try later"],"error":"Service Unavailable"}"#.utf8)
        let error = await #expect(throws: FetchError.self) {
            try await StubFetcher.always(503, body).load(JSONPlaceholderAPI.posts, from: base)
        }
        #expect(error?.kind == .httpStatus(503, serverMessage: "try later"))
        #expect(error?.description.contains("HTTP 503") == true)
        #expect(error?.description.contains("try later") == true)
    }

    @Test("advice fits the status: a 429 says to retry later or ask less often, a 408 to retry, a 404 to check the URL, a 401 or 403 the credentials, an unasked-for 304 blames the server",
          arguments: [(429, "The server limits how often it may be asked; retry later, build with fewer --jobs, or run with --demo."),
                      (408, "The server gave up waiting for the request; retry later or run with --demo."),
                      (404, "Check the URL and its parameters."),
                      // Credentials, not the URL's parameters, are what a 401 and a 403 are about.
                      (401, "give it in the URL as the API documents (a query parameter, or user:password@ before the host), and check the URL."),
                      (403, "The server refuses this client: check the URL, and whether the API needs a key or allows requests from this machine."),
                      (503, "The server is failing; retry later or run with --demo."),
                      // To a request that asked nothing, a 304 is the server's fault, not the URL's.
                      (304, "A 304 (Not Modified) answers a conditional request, and this one had no copy to confirm: the server is at fault. Retry later, or tell whoever runs it.")])
    func adviceFitsTheStatus(status: Int, advice: String) async {
        let error = await #expect(throws: FetchError.self) {
            try await StubFetcher.always(status, Data("{}".utf8)).load(JSONPlaceholderAPI.posts, from: base)
        }
        #expect(error?.message(forBuild: true).hasSuffix(advice) == true, "\(String(describing: error))")
    }

    @Test("an error status whose body is a JSON list or number quotes nothing of it, where it quoted its first line, \"[\"")
    func aListSaysNothingOfItself() async {
        for body in ["[\n  {\"id\": 1}\n]", "42"] {
            let error = await #expect(throws: FetchError.self) {
                try await StubFetcher.always(600, Data(body.utf8)).load(JSONPlaceholderAPI.posts, from: base)
            }
            #expect(error?.kind == .httpStatus(600, serverMessage: nil), "\(String(describing: error))")
        }
    }

    @Test("a 206 to a request that asked for no range is an answer that cannot be read as HTTP, not JSON that is not valid")
    func partialContentUnasked() async throws {
        let harness = try CacheHarness()
        defer { harness.remove() }
        try await TestOrigin.run({ _ in .text("[{\"id\": 1", status: 206, headers: ["Content-Range": "bytes 0-9/20"]) }) { origin in
            // site fetch, which checks no body, is told the same.
            let raw = await #expect(throws: FetchError.self) { try await harness.client().fetch(HTTPRequest(url: origin.url("/raw")), limits: FetchTool.limits) }
            #expect(raw?.kindName == "http", "\(String(describing: raw))")
            let error = await #expect(throws: FetchError.self) { try await harness.client().load(JSONPlaceholderAPI.posts, from: origin.url("/")) }
            #expect(error?.description.contains("cannot be read as HTTP: it answered 206 Partial Content, a part of the body, to a request that asked for no range") == true,
                    "\(String(describing: error))")
        }
    }

    @Test("a 200 answer with no results but an error text (randomuser's {\"error\": \"Uh oh…\"}) is reported with the server's words")
    func anErrorTextInAnOKAnswerIsQuoted() async throws {
        let body = Data(#"{"error": "Uh oh, something has gone wrong. Please tweet us @randomapi about the issue. Thank you."}"#.utf8)
        let error = await #expect(throws: FetchError.self) {
            try await StubFetcher.always(200, body).load(RandomUserAPI.people(results: 5, seed: "s", page: 1), from: base)
        }
        #expect(error?.message(forBuild: false).contains(#"at $.results: the field is missing; the server said "Uh oh, something has gone wrong. Please tweet us @randomapi about the issue. Thank you."; it was not cached."#) == true,
                "\(String(describing: error?.message(forBuild: false)))")
        let list = Data(#"[{"error": "not an object"}]"#.utf8)
        let top = await #expect(throws: FetchError.self) {
            try await StubFetcher.always(200, list).load(RandomUserAPI.people(results: 5, seed: "s", page: 1), from: base)
        }
        #expect(top?.message(forBuild: false).contains("the server said") == false, "only an object's own error text is quoted")
    }

    @Test("JSONPlaceholder lists skip malformed entries and keep the rest")
    func lenientLists() async throws {
        let body = Data(#"[{"id": 1, "userId": "2", "title": "ok", "body": "b"}, {"title": "no id"}, {"id": 3, "title": 5, "body": null}]"#.utf8)
        let (posts, _) = try await StubFetcher.always(200, body).load(JSONPlaceholderAPI.posts, from: base)
        #expect(posts.elements.map(\.id) == [1, 3])
        #expect(posts.elements[0].userId == 2)
        #expect(posts.elements[1].title == "5")
        #expect(posts.skipped == 1)
        #expect(posts.firstProblem == "at $[1].id: the field is missing")
    }
}
