import Foundation
import Testing
@testable import SiteKit

@Suite("Person pictures: URLs checked once per build")
struct PersonPictureTests {
    static let strings: [String?] = [
        "https://randomuser.me/api/portraits/women/5.jpg", "javascript:alert(1)", "data:image/png;base64,AAAA",
        "/relative.jpg", " https://example.com/a.jpg", nil, "",
    ]

    @Test("checked or not, each size gives what SafeURL gives for its string")
    func checkedAgreesWithSafeURL() {
        for string in Self.strings {
            var picture = Person.Picture(large: string, medium: "http://127.0.0.1:9/m.jpg", thumbnail: string)
            let unchecked = ImageSize.allCases.map { picture.url($0) }
            var table: [String: URL?] = [:]
            picture.checkURLs(interning: &table)
            #expect(ImageSize.allCases.map { picture.url($0) } == unchecked)
            #expect(picture.url(.large) == SafeURL.http(string))
            #expect(picture.url(.medium)?.absoluteString == "http://127.0.0.1:9/m.jpg")
        }
    }

    @Test("people who share a portrait share its parsed URL, and checking changes no equality")
    func sharedPortraitsAreParsedOnce() {
        let shared = "https://randomuser.me/api/portraits/men/1.jpg"
        var first = Person.Picture(large: shared, medium: nil, thumbnail: "https://randomuser.me/t/1.jpg")
        var second = Person.Picture(large: shared, medium: nil, thumbnail: "https://randomuser.me/t/2.jpg")
        let original = first
        var table: [String: URL?] = [:]
        first.checkURLs(interning: &table)
        second.checkURLs(interning: &table)
        #expect(table.count == 3)
        #expect(first == original && first.hashValue == original.hashValue)
        #expect(first.url(.large) == second.url(.large))
    }

    @Test("a string changed after checking is checked anew")
    func changedStringIsCheckedAgain() {
        var picture = Person.Picture(large: "https://example.com/a.jpg")
        var table: [String: URL?] = [:]
        picture.checkURLs(interning: &table)
        picture.large = "javascript:alert(1)"
        #expect(picture.url(.large) == nil)
        picture.large = "https://example.com/b.jpg"
        #expect(picture.url(.large)?.path == "/b.jpg")
    }
}
