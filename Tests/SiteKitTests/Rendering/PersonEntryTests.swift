import Foundation
import Testing
@testable import SiteKit

@Suite("A person in a list")
struct PersonEntryTests {
    private func person(large: String, medium: String, thumbnail: String) -> Person {
        Person(name: Person.Name(first: "Ann", last: "Abbot"), picture: Person.Picture(large: large, medium: medium, thumbnail: thumbnail))
    }

    @Test("an API that gives one URL for all three sizes gets a plain img, never a srcset naming one width twice")
    func oneURLForEverySizeHasNoSrcset() throws {
        let url = "https://pictures.example/ann.jpg"
        let images = [URL(string: url)!: PublishedImage(path: "thumbs/ann.jpg", width: 128, height: 128)]
        let entry = PersonEntry.context(for: person(large: url, medium: url, thumbnail: url), images: images, root: "../", eager: false)
        let tag = try #require(entry["image"] as? [String: Any])
        #expect(tag["src"] as? String == "../thumbs/ann.jpg")
        #expect(tag["srcset"] == nil)
    }

    @Test("each width appears once in srcset, smallest first")
    func eachWidthOnce() throws {
        let (small, medium, large) = ("https://p.example/s.jpg", "https://p.example/m.jpg", "https://p.example/l.jpg")
        let images = [
            URL(string: small)!: PublishedImage(path: "thumbs/s.jpg", width: 48, height: 48),
            URL(string: medium)!: PublishedImage(path: "thumbs/m.jpg", width: 128, height: 128),
            URL(string: large)!: PublishedImage(path: "thumbs/l.jpg", width: 128, height: 128),
        ]
        let entry = PersonEntry.context(for: person(large: large, medium: medium, thumbnail: small), images: images, root: "", eager: false)
        let tag = try #require(entry["image"] as? [String: Any])
        #expect(tag["srcset"] as? String == "thumbs/s.jpg 48w, thumbs/m.jpg 128w")
    }

    @Test("a list placeholder takes its initials from the given and family names, never the title, and is hidden from screen readers (the name is the link beside it)",
          arguments: [
              (Person.Name(title: "Ms", first: "Yaretzi", last: "Rodríguez"), "YR"),
              (Person.Name(title: "Mr", first: "امیر", last: "صادقی"), "اص"),
              // A title alone is no name: the person is an "Unnamed person".
              (Person.Name(title: "Miss", first: "", last: ""), "UP"),
          ])
    func placeholderInitialsSkipTheTitle(name: Person.Name, initials: String) throws {
        let entry = PersonEntry.context(for: Person(name: name), images: [:], root: "", eager: false)
        let svg = try #require(entry["placeholder"] as? String)
        #expect(svg.contains(">\(initials)</text></svg>"), "\(svg)")
        #expect(svg.contains(#"aria-hidden="true""#) && !svg.contains("aria-label"), "\(svg)")
    }
}
