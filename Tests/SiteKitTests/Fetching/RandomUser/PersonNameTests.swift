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

    @Test("a title alone (Mrs, and first and last names of spaces or a zero-width space) is no name: the e-mail is shown, where the person was \"Mrs\" on every page")
    func aTitleAloneIsNoName() {
        #expect(Person(name: .init(title: "Mrs", first: "  ", last: " "), email: "mona@example.com").displayName == "mona@example.com")
        #expect(Person(name: .init(title: "Mr", first: "\u{200B}", last: ""), username: "zw").displayName == "zw")
        #expect(Person(name: .init(title: "Dr", first: "", last: "Who")).displayName == "Dr Who")
    }
}

/// Names in right-to-left scripts after randomuser's Latin titles.
@Suite("A right-to-left name after a Latin title")
struct RightToLeftNameTests {
    @Test("starts with a right-to-left mark on right-to-left pages, so that they lay it out right to left, the title first for its reader; other names are as given")
    func markedName() {
        #expect(Person.Name(title: "Ms", first: "مریم", last: "نوری").forRightToLeftPages.full == "\u{200F}Ms مریم نوری")
        #expect(Person.Name(title: "Ms", first: "مریم", last: "نوری").full == "Ms مریم نوری")
        #expect(Person.Name(title: "Mr", first: "Ada", last: "Lovelace").forRightToLeftPages.full == "Mr Ada Lovelace")
        #expect(Person.Name(title: "", first: "مریم", last: "نوری").forRightToLeftPages.full == "مریم نوری")
        #expect(Person.Name(title: "Mr", first: "דוד", last: "").forRightToLeftPages.full == "\u{200F}Mr דוד")
        #expect(WritingDirection.startsRightToLeft("12 Ms") == false && WritingDirection.startsRightToLeft("— 12") == nil)
    }
}
