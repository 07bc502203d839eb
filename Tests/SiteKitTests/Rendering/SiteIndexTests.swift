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
}
