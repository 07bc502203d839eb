import Foundation
import Testing
@testable import SiteKit

@Suite("A person page's facts")
struct PersonFactsTests {
    private func registered(_ age: Int) -> String? {
        let person = Person(name: .init(first: "Ann", last: "Abbot"),
                            dob: .init(date: "1980-05-06T01:02:03.000Z", age: 46),
                            registered: .init(date: "2016-02-03T04:05:06.000Z", age: age))
        let facts = SiteRenderer.facts(of: person)
        #expect(facts.first { $0["label"] as? String == "Age" }?["value"] as? String == "46 (born 1980-05-06)")
        return facts.first { $0["label"] as? String == "Registered" }?["value"] as? String
    }

    @Test("a birth date without an age that could be read is still shown, as Born; with neither, there is no row")
    func birthDateWithoutAge() {
        func rows(_ dob: Person.DatedAge?) -> [String: String] {
            let facts = SiteRenderer.facts(of: Person(name: .init(first: "Bo", last: "Berg"), dob: dob))
            return Dictionary(uniqueKeysWithValues: facts.compactMap { fact in
                (fact["label"] as? String).flatMap { label in (fact["value"] as? String).map { (label, $0) } }
            })
        }
        #expect(rows(.init(date: "1986-08-31T10:00:00.000Z", age: nil))["Born"] == "1986-08-31")
        #expect(rows(.init(date: "1986-08-31T10:00:00.000Z", age: nil))["Age"] == nil)
        #expect(rows(.init(date: "1986-08-31T10:00:00.000Z", age: 37))["Born"] == nil)
        #expect(rows(.init(date: nil, age: nil)).keys.contains { $0 == "Age" || $0 == "Born" } == false)
    }

    @Test("the years since registration read as English does: 1 year, not 1 years; less than a year for 0",
          arguments: [(0, "2016-02-03, less than a year ago"), (1, "2016-02-03, 1 year ago"), (10, "2016-02-03, 10 years ago")])
    func yearsSinceRegistration(age: Int, shown: String) {
        #expect(registered(age) == shown)
    }
}
