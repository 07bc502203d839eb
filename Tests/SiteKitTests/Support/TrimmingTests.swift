import Foundation
import Testing
@testable import SiteKit

@Suite("Trimming white space")
struct TrimmingTests {
    @Test("trims exactly what CharacterSet.whitespacesAndNewlines trims", arguments: [
        "", " ", "\t\n\r", "plain", "  both  ", "\u{00A0}nbsp\u{3000}", "\u{2028}line\u{2029}", "\u{0085}x\u{000B}\u{000C}",
        "inner  space", " \u{200B}zero width\u{200B} ", "e\u{0301} ", " \u{202E}rtl", "🙂 ", "\u{1680}\u{2000}\u{200A}\u{202F}\u{205F}a",
    ])
    func matchesFoundation(text: String) {
        #expect(text.trimmedWhiteSpace == text.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    @Test("every scalar of the BMP trims alike on its own and around text")
    func everyScalar() {
        for value in 0...0xFFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let text = "\(scalar)a\(scalar)"
            #expect(text.trimmedWhiteSpace == text.trimmingCharacters(in: .whitespacesAndNewlines), "U+\(String(value, radix: 16))")
        }
    }

    @Test("within a line (newlines split off), it trims exactly what CharacterSet.whitespaces trims")
    func withinALine() {
        for value in 0...0xFFFF {
            guard let scalar = Unicode.Scalar(value), !Character(scalar).isNewline else { continue }
            let text = "\(scalar)a\(scalar)"
            #expect(text.trimmedWhiteSpace == text.trimmingCharacters(in: .whitespaces), "U+\(String(value, radix: 16))")
        }
    }
}

@Suite("Splitting lines")
struct LineSplittingTests {
    @Test("lines are what a Character split at newlines gives", arguments: [
        "", "\n", "one", "a\nb", "a\r\nb", "a\n\n\nb\n", "\r\n\r\n", "a\u{2028}b\u{2029}c\u{85}d\u{0B}e\u{0C}f\rg",
        "\n\u{301}accent after a break", "e\u{301}\ne\u{301}", "🙂\n👩‍👩‍👧", "  spaced  \n\t tabbed \t",
    ])
    func matchesCharacterSplit(text: String) {
        #expect(text.lines == text.split(whereSeparator: \.isNewline))
    }

    @Test("every BMP scalar between two words splits alike")
    func everyScalar() {
        for value in 0...0xFFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            for text in ["a\(scalar)b", "\(scalar)a\r\n\(scalar)"] {
                #expect(text.lines == text.split(whereSeparator: \.isNewline), "U+\(String(value, radix: 16))")
            }
        }
    }

    @Test("a value a message quotes is whole up to its limit, else cut with an ellipsis, so that it reads as cut (a 1 MB name from an API made a 1 MB line of a warning; a 40-character cut read as the whole value)")
    func clippedForMessages() {
        #expect("Ada".clipped(to: 40) == "Ada")
        #expect(String(repeating: "x", count: 40).clipped(to: 40) == String(repeating: "x", count: 40))
        #expect(String(repeating: "N", count: 1_048_576).clipped(to: 80) == String(repeating: "N", count: 80) + "…")
        #expect("Jörg Weiß".clipped(to: 4) == "Jörg…", "characters, not bytes")
    }
}
