import Testing
@testable import SiteKit

@Suite("Slug")
struct SlugTests {
    @Test("Latin text is lowercased, diacritics folded and separators collapsed into single hyphens")
    func latinText() {
        #expect(Slug.make("Hello, World!") == "hello-world")
        #expect(Slug.make("  Zoë   Ångström -- Ñandú  ") == "zoe-angstrom-nandu")
        #expect(Slug.make("sunt aut facere repellat provident occaecati") == "sunt-aut-facere-repellat-provident-occaecati")
        #expect(Slug.make("Ｆｕｌｌ Ｗｉｄｔｈ 123") == "full-width-123")
    }

    @Test("a σ that ends a word is ς, as Greek spells it, so that a name in capitals and the same name in lowercase are one slug (two files to Linux, one to macOS and Windows)")
    func finalSigma() {
        #expect(Slug.make("ΟΔΥΣΣΕΑΣ ΕΛΥΤΗΣ") == "οδυσσεας-ελυτης")
        #expect(Slug.make("Οδυσσεας Ελυτης") == "οδυσσεας-ελυτης")
        #expect(Slug.make("Σίσυφοσ") == "σίσυφος")
        #expect(Slug.make("Σ ΣΑ 2Σ ΑΣ2") == "σ-σα-2σ-ας2")
    }

    @Test("typographic ligatures are spelled as their letters: ﬁona is fiona")
    func ligatures() {
        #expect(Slug.make("ﬁona Ǆuro") == "fiona-dzuro")
        #expect(Slug.make("ǲenan ǈiljana") == "dzenan-ljiljana")
        #expect(Slug.make("Eﬀort ﬂow") == "effort-flow")
    }

    @Test("Latin letters that carry no diacritic to fold are spelled in ASCII too, where Jörg became jorg but Søren søren and Weiß weiß")
    func latinLettersOfTheirOwn() {
        #expect(Slug.make("Søren Ødegård") == "soren-odegard")
        #expect(Slug.make("Weiß STRAẞE") == "weiss-strasse")
        #expect(Slug.make("Işık Çağlar") == "isik-caglar")
        #expect(Slug.make("Łukasz Đorđević") == "lukasz-dordevic")
        #expect(Slug.make("Æsa Œuvre Þóra Guðrún") == "aesa-oeuvre-thora-gudrun")
        #expect(Slug.make("ø") == "o", "a letter of its own, never the fallback")
        #expect(Slug.make("Ǉubo Ǆemal Ǌegoš ĸ") == "ljubo-dzemal-njegos-k", "Croatian digraphs and the Greenlandic kra")
    }

    @Test("path traversal text becomes a harmless slug without dots or slashes")
    func pathTraversal() {
        #expect(Slug.make("../../etc/passwd") == "etc-passwd")
        #expect(Slug.make("..") == "item")
        #expect(Slug.make(".") == "item")
        #expect(Slug.make("a\\b/c\u{0}d\u{7}e\u{202E}f") == "a-b-c-d-e-f")
        for text in ["../..", "/..\\..", "a/../b", "\u{0}\u{1}", "..\u{2215}..", "C:\\Windows"] {
            let slug = Slug.make(text)
            #expect(!slug.contains("/") && !slug.contains("\\") && !slug.contains("."), "\(slug)")
            #expect(!slug.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F })
            #expect(!slug.hasPrefix("-") && !slug.hasSuffix("-"))
        }
    }

    @Test("Persian, Arabic, Cyrillic and CJK letters are kept")
    func otherScripts() {
        #expect(Slug.make("محمد رضا") == "محمد-رضا")
        #expect(Slug.make("Ёлка Иванова") == "ёлка-иванова")
        #expect(Slug.make("東京 2024") == "東京-2024")
        #expect(Slug.make("हिन्दी") == "हिन्दी")
        #expect(Slug.make("۱۲۳ نام") == "۱۲۳-نام")
    }

    @Test("a letter joined to a zero-width joiner or non-joiner stays: the non-joiner separates words, the joiner goes")
    func joiners() {
        // Persian compound names are written with a non-joiner: حسن‌زاده, علی‌پور.
        #expect(Slug.make("\u{062D}\u{0633}\u{0646}\u{200C}\u{0632}\u{0627}\u{062F}\u{0647} \u{0639}\u{0644}\u{06CC}\u{200C}\u{067E}\u{0648}\u{0631}")
                == "حسن-زاده-علی-پور")
        #expect(Slug.make("Zoë\u{200D} Test") == "zoe-test")
        #expect(Slug.make("a\u{200D}b zwj") == "ab-zwj")
        #expect(Slug.make("\u{200C}\u{200D}") == "item")
    }

    @Test("decomposed text (as macOS writes file names) gives the slug of the composed text typed in an address bar")
    func decomposedTextIsComposed() {
        let decomposed = "\u{0415}\u{0308}лка \u{0418}\u{0306}ога"  // Е + diaeresis, И + breve
        #expect(decomposed.unicodeScalars.count == 11)
        #expect(Array(Slug.make(decomposed).unicodeScalars) == Array("ёлка-йога".unicodeScalars))
        #expect(Slug.make("U\u{0308}ber uns") == "uber-uns")
    }

    @Test("length is limited in UTF-8 bytes without cutting a character, and never ends with a hyphen")
    func lengthInBytes() {
        let cyrillic = Slug.make("ЖЖЖЖЖЖЖЖЖЖ", maxLength: 7)  // two bytes each
        #expect(cyrillic == "жжж")
        #expect(cyrillic.utf8.count == 6)
        #expect(Slug.make("ab cd", maxLength: 3) == "ab")
        #expect(Slug.make("😀 emoji only") == "emoji-only")
        let long = Slug.make(String(repeating: "سلام ", count: 40))
        #expect(long.utf8.count <= 60)
        #expect(!long.hasSuffix("-"))
        #expect(long.hasPrefix("سلام-سلام"))
    }

    @Test("text with no letters or digits gives the fallback")
    func fallback() {
        #expect(Slug.make("") == "item")
        #expect(Slug.make("!!! ??? 😀", fallback: "person") == "person")
        #expect(Slug.make("abc", maxLength: 0, fallback: "x") == "x")
    }

    @Test("the registry makes collisions distinct in order and never reuses a produced name")
    func registryCollisions() {
        var registry = SlugRegistry()
        #expect(registry.unique("ada") == "ada")
        #expect(registry.unique("ada") == "ada-2")
        #expect(registry.unique("ada-3") == "ada-3")
        #expect(registry.unique("ada") == "ada-4")
        #expect(registry.unique("ada-2") == "ada-2-2")
        #expect(registry.unique("bob") == "bob")

        var other = SlugRegistry()
        let names = ["x", "x-2", "x", "x", "x-2"].map { other.unique($0) }
        #expect(names == ["x", "x-2", "x-3", "x-4", "x-2-2"])
        #expect(Set(names).count == names.count)
    }

    @Test("ASCII text, slugged byte by byte, gets exactly the slug the Character by Character way gives")
    func asciiAgreesWithCharacters() {
        var generator = SystemRandomNumberGenerator()
        var texts = (0..<128).map { "\(Character(Unicode.Scalar($0)!))Ab\(Character(Unicode.Scalar($0)!))9-\(Character(Unicode.Scalar($0)!))" }
        texts += ["", "-", "--a--", "A\r\nB", "  x  ", "x---", String(repeating: "ab-", count: 40), "..", "Con", "LPT1"]
        let alphabet = Array("aZ09 -_.\t\r\n/\\:!~".unicodeScalars)
        for _ in 0..<500 {
            texts.append(String(String.UnicodeScalarView((0..<Int.random(in: 0...12, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! })))
        }
        for text in texts {
            for maxLength in [0, 1, 2, 5, 60] {
                #expect(Slug.asciiSlug(text.utf8, maxLength: maxLength, fallback: "item") == Slug.slugByCharacters(text, maxLength: maxLength, fallback: "item"),
                        "\(text.debugDescription), maxLength \(maxLength)")
            }
        }
    }
}
