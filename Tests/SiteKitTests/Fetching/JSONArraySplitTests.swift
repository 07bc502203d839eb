import Foundation
import Testing
@testable import SiteKit

@Suite("A large JSON array cut for decoding on every core")
struct JSONArraySplitTests {
    /// A page of 1,500 people from the demo API (1.6 MB), made once: in a debug build, making and
    /// decoding it is seconds of CPU that the timing tests running beside these would lose.
    private static let page = Data(RandomUserEndpoint.resource(parameters: ["results": "1500", "seed": "split", "page": "1"],
                                                               origin: "http://127.0.0.1:9").body)

    /// The elements of the pieces, in order, and the envelope, as JSON values.
    private func reassembled(_ split: JSONArraySplit) throws -> (elements: [NSObject], envelope: NSObject) {
        let elements = try split.pieces.flatMap { piece in
            try #require(try JSONSerialization.jsonObject(with: piece) as? [NSObject])
        }
        return (elements, try #require(try JSONSerialization.jsonObject(with: split.envelope) as? NSObject))
    }

    @Test("the pieces hold the array's elements in order, and the envelope the rest of the document with the array emptied")
    func piecesAndEnvelope() throws {
        let text = """
            {"info": {"seed": "x", "results": [9]}, "results" : [ {"a": "[,]"}, {"b": "\\"},{"}, 3, "four", [5, [6]], {"results": [7]}, null ] ,"tail": true}
            """
        let split = try #require(JSONArraySplit.cut(Data(text.utf8), field: "results", into: 3))
        #expect(split.pieces.count == 3)
        let (elements, envelope) = try reassembled(split)
        let original = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(elements == (original["results"] as? [NSObject]))
        var emptied = original
        emptied["results"] = [Any]()
        #expect(envelope == (emptied as NSDictionary))
    }

    @Test("never more pieces than elements, and each piece is a JSON array of whole elements")
    func fewElements() throws {
        let split = try #require(JSONArraySplit.cut(Data(#"{"results":[{"n":1},{"n":2}]}"#.utf8), field: "results", into: 8))
        #expect(split.pieces.map { String(decoding: $0, as: UTF8.self) } == [#"[{"n":1}]"#, #"[{"n":2}]"#])
        #expect(String(decoding: split.envelope, as: UTF8.self) == #"{"results":[]}"#)
    }

    @Test("documents the scan is not sure of are left whole", arguments: [
        #"{"info": {}}"#,                                    // no such field
        #"{"results": {"a": [1, 2]}}"#,                      // not an array
        #"{"results": [1, 2], "results": [3, 4]}"#,          // the field twice
        #"{"res\u0075lts": [1, 2], "results": [3, 4]}"#,     // a key spelt with an escape
        #"{"results": [1]}"#,                                // one element: nothing to share
        #"{"results": [1, 2]} trailing"#,                    // text after the document
        #"{"results": [1, 2], "x": "unterminated}"#,         // a string that never ends
        #"[{"results": [1, 2]}]"#,                           // not an object
        #"{"results": [1, 2]"#,                              // cut short
        "{\"results\": [1, " + String(repeating: "[", count: 300) + String(repeating: "]", count: 300) + "]}", // deeper than the scan goes
    ])
    func leftWhole(_ text: String) {
        #expect(JSONArraySplit.cut(Data(text.utf8), field: "results", into: 2) == nil)
    }

    @Test("a page of people read on every core gives the people, in order, that one decoder gives")
    func sameAsOneDecoder() throws {
        let body = Self.page
        #expect(body.count >= 1 << 20)
        let whole = try JSONDecoder().decode(RandomUserPage.self, from: body)
        let parallel = try #require(RandomUserPage.decoded(from: body, pieces: 2))
        #expect(parallel.results.count == 1500)
        #expect(parallel.results == whole.results)
        #expect(parallel.info?.seed == "split" && parallel.info?.page == 1 && parallel.info?.results == 1500)
        #expect(parallel.skipped == 0 && parallel.firstProblem == nil)
    }

    @Test("a page with a person that cannot be read is decoded whole, so that the warning's JSON path is the page's")
    func unreadablePersonFallsBack() throws {
        let body = Self.page
        var document = try #require(try JSONSerialization.jsonObject(with: body) as? [String: Any])
        var people = try #require(document["results"] as? [Any])
        people[1200] = "not a person"
        document["results"] = people
        let damaged = try JSONSerialization.data(withJSONObject: document)
        #expect(RandomUserPage.decoded(from: damaged, pieces: 2) == nil)
        let whole = try JSONDecoder().decode(RandomUserPage.self, from: damaged)
        #expect(whole.results.count == 1499 && whole.skipped == 1)
        #expect(whole.firstProblem?.hasPrefix("at $.results[1200]") == true)
    }

    @Test("a page with a field that cannot be read is decoded whole, so that the warning names the field by its place in the page")
    func unreadableFieldFallsBack() async throws {
        let body = Self.page
        var document = try #require(try JSONSerialization.jsonObject(with: body) as? [String: Any])
        var people = try #require(document["results"] as? [[String: Any]])
        var location = try #require(people[1200]["location"] as? [String: Any])
        location["city"] = ["not", "a", "city"]
        people[1200]["location"] = location
        document["results"] = people
        let damaged = try JSONSerialization.data(withJSONObject: document)
        #expect(RandomUserPage.decoded(from: damaged, pieces: 2) == nil)
        let (page, result) = try await StubFetcher.always(200, damaged)
            .load(RandomUserAPI.people(results: 1500, seed: "split", page: 1), from: URL(string: "https://randomuser.example/api/")!)
        #expect(page.results.count == 1500 && page.results[1200].location?.city == nil)
        #expect(result.textProblem?.hasPrefix("has a field that could not be read and was left empty (the first at $.results[1200].location.city: ") == true,
                "\(result.textProblem ?? "")")
    }

    @Test("a small page is decoded by one decoder: cutting it costs more than it saves")
    func smallPageLeftWhole() {
        let body = Data(RandomUserEndpoint.resource(parameters: ["results": "20", "seed": "split", "page": "1"],
                                                    origin: "http://127.0.0.1:9").body)
        #expect(RandomUserPage.decoded(from: body, pieces: 2) == nil)
    }
}
