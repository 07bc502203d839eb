import Foundation
import Testing
@testable import SiteKit

@Suite("Demo API: randomuser")
struct DemoAPIRandomUserTests {
    private func people(_ result: DemoHTTPResult) throws -> [[String: Any]] {
        try #require(try result.object()["results"] as? [[String: Any]])
    }

    private func uuids(_ people: [[String: Any]]) -> [String] {
        people.compactMap { ($0["login"] as? [String: Any])?["uuid"] as? String }
    }

    @Test func sameSeedGivesByteIdenticalJSONAndOtherSeedsDiffer() async throws {
        try await DemoAPIServer.with { server in
            let first = try await server.get("/api/?results=25&seed=abc")
            let again = try await server.get("/api/?results=25&seed=abc")
            let other = try await server.get("/api/?results=25&seed=xyz")
            #expect(first.status == 200)
            #expect(first.header("Content-Type") == "application/json; charset=utf-8")
            #expect(first.body == again.body)
            #expect(first.body != other.body)
        }
    }

    @Test func personNumbersDoNotDependOnPageSize() async throws {
        try await DemoAPIServer.with { server in
            let whole = uuids(try people(try await server.get("/api/?results=20&seed=split")))
            let page1 = uuids(try people(try await server.get("/api/?results=10&seed=split&page=1")))
            let page2 = uuids(try people(try await server.get("/api/?results=10&seed=split&page=2")))
            #expect(whole.count == 20)
            #expect(page1 + page2 == whole)
            #expect(Set(page1).isDisjoint(with: page2))
        }
    }

    /// randomuser counts ages to the day it answers: a birth year and an age on a page built today
    /// agree (counted to a fixed day, a build in 2026 published "Age 21 (born 2002)").
    @Test func agesAreCountedToToday() async throws {
        try await DemoAPIServer.with { server in
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = TimeZone(identifier: "UTC")!
            let today = calendar.dateComponents([.year, .month, .day], from: Date())
            let everyone = try people(try await server.get("/api/?results=200&seed=ages"))
            #expect(everyone.count == 200)
            for person in everyone {
                for field in ["dob", "registered"] {
                    let value = try #require(person[field] as? [String: Any])
                    let date = try #require(value["date"] as? String)
                    let (year, month, day) = (Int(date.prefix(4))!, Int(date.dropFirst(5).prefix(2))!, Int(date.dropFirst(8).prefix(2))!)
                    let hadBirthday = (today.month!, today.day!) >= (month, day)
                    #expect(value["age"] as? Int == today.year! - year - (hadBirthday ? 0 : 1), "\(field) \(date)")
                }
            }
        }
    }

    /// Drawn on their own, one person in a hundred registered before being born.
    @Test func peopleRegisterAsAdults() async throws {
        try await DemoAPIServer.with { server in
            let formatter = ISO8601DateFormatter()
            formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
            let everyone = try people(try await server.get("/api/?results=3000&seed=registered"))
            #expect(everyone.count == 3000)
            var latest = Date.distantPast
            for person in everyone {
                let dates = ["dob", "registered"].map { person[$0] as? [String: Any] }
                    .map { ($0?["date"] as? String).flatMap(formatter.date(from:)) }
                let born = try #require(dates[0])
                let registered = try #require(dates[1])
                #expect(registered.timeIntervalSince(born) >= 18 * 365 * 86_400, "born \(born), registered \(registered)")
                #expect(registered >= Date(timeIntervalSince1970: 1_009_843_200))
                latest = max(latest, registered)
            }
            // The span is kept, not squeezed onto one day.
            #expect(latest > Date(timeIntervalSince1970: 1_690_000_000))
        }
    }

    @Test func defaultsAndInfoMatchTheRealAPI() async throws {
        try await DemoAPIServer.with { server in
            let result = try await server.get("/api")
            let object = try result.object()
            #expect(try people(result).count == 1)
            let info = try #require(object["info"] as? [String: Any])
            #expect(info["seed"] as? String == RandomUserQuery.defaultSeed)
            #expect(info["results"] as? Int == 1)
            #expect(info["page"] as? Int == 1)
            #expect(info["version"] as? String == "1.4")
            let text = String(decoding: result.body, as: UTF8.self)
            #expect(text.hasPrefix("{\"results\":[{\"gender\":"))
            let bare = try await server.get("/api/?noinfo")
            #expect(try bare.object()["info"] == nil)
        }
    }

    @Test func badResultsAndUnknownNationalityAnswer400WithAnError() async throws {
        try await DemoAPIServer.with { server in
            for query in ["results=abc", "results=0", "nat=us,xx", "page=-1"] {
                let result = try await server.get("/api/?\(query)")
                #expect(result.status == 400, "\(query)")
                #expect(try result.object()["error"] is String, "\(query)")
            }
        }
    }

    @Test func nationalityFilterIsCaseInsensitive() async throws {
        try await DemoAPIServer.with { server in
            let found = Set(try people(try await server.get("/api/?results=60&nat=us,Gb")).compactMap { $0["nat"] as? String })
            #expect(found == ["US", "GB"])
        }
    }

    @Test func incAndExcSelectTopLevelFields() async throws {
        try await DemoAPIServer.with { server in
            let included = try people(try await server.get("/api/?results=3&inc=name,nat,picture"))
            #expect(included.allSatisfy { Set($0.keys) == ["name", "nat", "picture"] })
            let excluded = try people(try await server.get("/api/?results=3&exc=login,id"))
            #expect(excluded.allSatisfy { $0["login"] == nil && $0["id"] == nil && $0["email"] != nil })
        }
    }

    @Test func postcodesAreNumbersOrStringsAndSomeIDsAreNull() async throws {
        try await DemoAPIServer.with { server in
            let everyone = try people(try await server.get("/api/?results=400&seed=types"))
            let postcodes = everyone.compactMap { ($0["location"] as? [String: Any])?["postcode"] }
            #expect(postcodes.contains { $0 is String })
            #expect(postcodes.contains { !($0 is String) && $0 is NSNumber })
            let ids = everyone.compactMap { ($0["id"] as? [String: Any])?["value"] }
            #expect(ids.contains { $0 is NSNull })
            #expect(ids.contains { $0 is String })
        }
    }

    @Test func namesUsePersianCyrillicAndLatinScriptsWithASCIIEmails() async throws {
        try await DemoAPIServer.with { server in
            let everyone = try people(try await server.get("/api/?results=300&seed=scripts"))
            let firstNames = everyone.compactMap { ($0["name"] as? [String: Any])?["first"] as? String }
            func uses(_ range: ClosedRange<UInt32>) -> Bool {
                firstNames.contains { $0.unicodeScalars.contains { range.contains($0.value) } }
            }
            #expect(uses(0x0600...0x06FF))  // Persian, right to left
            #expect(uses(0x0400...0x04FF))  // Cyrillic
            #expect(uses(0x00C0...0x017F))  // Latin with diacritics
            let emails = everyone.compactMap { $0["email"] as? String }
            #expect(emails.count == 300)
            #expect(emails.allSatisfy { $0.unicodeScalars.allSatisfy(\.isASCII) && $0.hasSuffix("@example.com") })
        }
    }

    @Test func picturesPointBackAtTheServerAndDecodeAsPeople() async throws {
        try await DemoAPIServer.with { server in
            let result = try await server.get("/api/?results=5&seed=pics")
            struct Page: Decodable { var results: [Person] }
            let page = try JSONDecoder().decode(Page.self, from: result.body)
            #expect(page.results.count == 5)
            for person in page.results {
                let picture = try #require(person.picture)
                let origin = server.baseURL.absoluteString
                #expect(picture.large?.hasPrefix(origin + "/api/portraits/") == true)
                #expect(picture.medium?.hasPrefix(origin + "/api/portraits/med/") == true)
                #expect(picture.thumbnail?.hasPrefix(origin + "/api/portraits/thumb/") == true)
                #expect(person.uuid?.count == 36)
                #expect(person.dob?.age != nil)
            }
        }
    }

    @Test func resultsAreCappedAt5000() throws {
        #expect(try RandomUserQuery(parameters: ["results": "9000"]).results == 5000)
        #expect(try RandomUserQuery(parameters: ["nat": "fr, de"]).nationalities == ["FR", "DE"])
        #expect(throws: RandomUserQuery.Invalid.self) { try RandomUserQuery(parameters: ["results": "1.5"]) }
    }
}
