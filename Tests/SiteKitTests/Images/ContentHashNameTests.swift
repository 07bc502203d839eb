import Foundation
import Testing

@testable import SiteKit

struct ContentHashNameTests {
    @Test func nameIsTwentyHexDigitsOfSHA256AndTheExtension() {
        // SHA-256 of "abc" begins ba7816bf8f01cfea4141.
        #expect(ContentHashName.fileName(for: Data("abc".utf8), format: .png) == "ba7816bf8f01cfea4141.png")
        #expect(ContentHashName.fileName(for: Data(), format: .jpeg) == "e3b0c44298fc1c149afb.jpg")
    }

    @Test func identicalBytesShareOneNameAndDifferentBytesDoNot() throws {
        let png = try Fixture.data("Images/good/png-48x48.png")
        let copy = Data(Array(png))
        #expect(ContentHashName.fileName(for: png, format: .png) == ContentHashName.fileName(for: copy, format: .png))
        let names = try GoodImage.all.map { ContentHashName.fileName(for: try Fixture.data($0.path), format: $0.format) }
        #expect(Set(names).count == GoodImage.all.count)
        for (name, image) in zip(names, GoodImage.all) {
            #expect(name.hasSuffix(".\(image.format.fileExtension)"))
            #expect(name.count == 20 + 1 + image.format.fileExtension.count)
        }
    }

    @Test func sliceHashesItsOwnBytes() {
        let bytes = Data("xxabc".utf8)
        #expect(ContentHashName.fileName(for: bytes[2...], format: .gif) == "ba7816bf8f01cfea4141.gif")
    }
}
