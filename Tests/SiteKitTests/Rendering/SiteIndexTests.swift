import Testing
@testable import SiteKit

@Suite("SiteIndex")
struct SiteIndexTests {
    @Test("a person or author whose slug would be a list page's name or a Windows device name gets a numbered one")
    func reservedSlugs() {
        let people = ["Index", "Con", "nul", "Com1", "Page", "Ada", "COM0", "lpt0"].map { Person(name: .init(first: $0, last: "")) }
        let authors = [Author(id: 1, name: "Console", username: "CON"), Author(id: 2, name: "Lp", username: "lpt9"),
                       Author(id: 3, name: "Bret", username: "Bret")]
        let index = SiteIndex(SiteData(people: people, posts: [], authors: authors, comments: []))
        #expect(index.people.map(\.slug) == ["index-2", "con-2", "nul-2", "com1-2", "page-2", "ada", "com0-2", "lpt0-2"])
        #expect(index.authors.map(\.slug) == ["con-2", "lpt9-2", "bret"])
        // Names that only begin with a device name are file names Windows takes.
        let console = SiteIndex(SiteData(people: [Person(name: .init(first: "Con", last: "Rad"))], posts: [], authors: [], comments: []))
        #expect(console.people.map(\.slug) == ["con-rad"])
    }

    @Test("namesakes' pages are titled apart: by their city where it is theirs alone, else by a number in list order")
    func namesakeTitles() {
        var count = 0
        func person(_ first: String, _ last: String, city: String?) -> Person {
            count += 1
            return Person(name: .init(title: "Mr", first: first, last: last), uuid: "id-\(count)", location: .init(city: city))
        }
        let decomposed = "Ümit".decomposedStringWithCanonicalMapping
        let people = [person("Eoin", "Walsh", city: "Cork"), person("Ann", "Lee", city: "Oslo"), person("Eoin", "Walsh", city: "Dublin"),
                      person("Eoin", "Walsh ", city: " Dublin"), person("Ümit", "Kaya", city: nil), person(decomposed, "Kaya", city: "  ")]
        let titles = SiteIndex(SiteData(people: people, posts: [], authors: [], comments: [])).namesakeTitles
        #expect(titles == [0: "Mr Eoin Walsh, Cork", 2: "Mr Eoin Walsh (2)", 3: "Mr Eoin Walsh (3)",
                           4: "Mr Ümit Kaya (1)", 5: "Mr \(decomposed) Kaya (2)"])
        // Cards: the city before the country where it tells namesakes apart, else the numbered title.
        let index = SiteIndex(SiteData(people: people, posts: [], authors: [], comments: []))
        #expect(index.card(0, country: "Ireland") == ("Mr Eoin Walsh", "Cork, Ireland"))
        #expect(index.card(0, country: nil) == ("Mr Eoin Walsh", "Cork"))
        #expect(index.card(2, country: "Ireland") == ("Mr Eoin Walsh (2)", "Ireland"))
        #expect(index.card(1, country: "Norway") == ("Mr Ann Lee", "Norway"))
        // Titles aside, as in addresses: Miss and Ms Pari Sharma are namesakes, told apart by city.
        let sharmas = [Person(name: .init(title: "Miss", first: "Pari", last: "Sharma"), uuid: "a", location: .init(city: "Pune")),
                       Person(name: .init(title: "Ms", first: "Pari", last: "Sharma"), uuid: "b", location: .init(city: "Agra"))]
        let both = SiteIndex(SiteData(people: sharmas, posts: [], authors: [], comments: []))
        #expect(both.namesakeTitles == [0: "Miss Pari Sharma, Pune", 1: "Ms Pari Sharma, Agra"])
        #expect(both.card(1, country: "India") == ("Ms Pari Sharma", "Agra, India"))
    }
}
