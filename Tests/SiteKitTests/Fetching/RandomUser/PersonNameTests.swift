import Foundation
import Testing
@testable import SiteKit

@Suite("The name a person is shown by")
struct PersonNameTests {
    @Test("an empty or blank name falls back to the e-mail address, then the username, then 'Unnamed person'; never to nothing")
    func displayNameIsNeverEmpty() {
        let blank = Person.Name(title: "", first: "", last: " ")
        #expect(Person(name: .init(title: "Ms", first: "Ann", last: "Lee")).displayName == "Ms Ann Lee")
        #expect(Person(name: blank, email: "ann@example.com", username: "lion").displayName == "ann@example.com")
        #expect(Person(name: blank, email: "", username: "ticklishlion425").displayName == "ticklishlion425")
        #expect(Person(name: blank, email: "  ", username: "").displayName == "Unnamed person")
        #expect(Person(name: blank).displayName == "Unnamed person")
    }
}
