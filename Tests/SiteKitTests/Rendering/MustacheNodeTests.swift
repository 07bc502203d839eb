import Foundation
import Mustache
import Testing
@testable import SiteKit

@Suite("Contexts wrapped for mustache render exactly as the plain dictionaries would")
struct MustacheNodeTests {
    /// What `Fixtures/Rendering/Templates/probe.mustache` probes: names climbing the stack,
    /// dotted names, dictionaries of other value types, lists of dictionaries and of text, mixed
    /// lists, optionals, flags, inverted sections, transforms, and sections over text (empty
    /// text included).
    static var context: [String: Any] { [
        "site": ["title": "People & <Posts>"] as [String: Any],
        "people": [
            ["name": "Zoë", "links": [["href": "a.html", "label": "A"], ["href": "b.html", "label": "B"]]],
            ["name": "ali", "links": [] as [[String: String]]],
        ] as [[String: Any]],
        "labels": ["prev": "Ada", "next": "Bo"] as [String: String],
        "tags": ["gamma", "alpha", "beta"],
        "mixed": [["name": "in a map"] as [String: Any], "plain text", 3] as [Any],
        "maybe": Optional<[String: Any]>.some(["inner": "unwrapped"]) as Any,
        "flag": true, "off": false,
        "empty": [] as [[String: Any]],
        "numbers": [1, 2, 3],
        "raw": "<b>kept</b>",
        "email": "Zoë@Example.org", "blank": "",
        "deep": ["a": ["b": ["c": "nested three deep"]]] as [String: Any],
    ] }

    @Test("the site's templates render a context as mustache renders the same dictionaries unwrapped")
    func sameOutputAsPlainDictionaries() throws {
        let folder = Fixture.url("Rendering/Templates")
        let wrapped = try TemplateSet(overridesIn: folder).render("probe", Self.context)

        let probe = try String(contentsOf: folder.appendingPathComponent("probe.mustache"), encoding: .utf8)
        var plain = MustacheLibrary()
        try plain.register(SiteHTMLContentType.pragma + probe, named: "probe")
        let expected = try #require(plain.render(Self.context, withTemplate: "probe"))

        #expect(wrapped == expected)
        // And the probe really exercised what it names.
        #expect(wrapped.contains("People &amp; &lt;Posts&gt;|Zoë/ZOË/People &amp; &lt;Posts&gt;/a.html:A;b.html:B;|"))
        #expect(wrapped.contains("Ada-Bo|gamma|alpha,beta,gamma,|3"))
        #expect(wrapped.contains("[in a map][plain text][3]|unwrapped|none"))
        #expect(wrapped.contains("yesno|empty|321"))
        #expect(wrapped.contains("first:Zoëlast:ali|<b>kept</b>|nested three deep"))
        // Sections over text: names inside climb past it, `.` is the text, empty text is a value.
        #expect(wrapped.contains("<a href=\"mailto:Zoë@Example.org\">Zoë@Example.org</a> People &amp; &lt;Posts&gt; zoë@example.org Zoëali"))
        #expect(wrapped.contains("|[]|blank-is-empty|Zoë@Example.org"))
    }

    @Test("only containers are wrapped ahead: text, numbers, flags and lists without dictionaries stay as they are")
    func scalarsAndPlainListsAreLeftAlone() {
        #expect(MustacheNode.wrap("text") == nil)
        #expect(MustacheNode.wrap(42) == nil)
        #expect(MustacheNode.wrap(true) == nil)
        #expect(MustacheNode.wrap(["a", "b"]) == nil)
        #expect(MustacheNode.wrap([1, 2] as [Any]) == nil)
        #expect(MustacheNode.wrap(["k": "v"] as [String: String]) is MustacheNode)
        #expect(MustacheNode.wrap([["k": "v"]] as [[String: Any]]) is [MustacheNode])
        let mixed = MustacheNode.wrap(["text", ["k": "v"] as [String: Any]] as [Any]) as? [Any]
        #expect(mixed?.first as? String == "text")
        #expect(mixed?.last is MustacheNode)
    }

    @Test("text comes back as the String it is, so that a dynamic partial ({{>*name}}) finds its name: mustache takes it only from a String")
    func textIsHandedOverAsItIs() throws {
        let node = MustacheNode(["name": "Ada", "count": 3, "blank": ""])
        #expect(node.child(named: "name") as? String == "Ada")
        #expect(node.child(named: "blank") as? String == "")
        #expect(node.child(named: "count") as? Int == 3)
        #expect(node.child(named: "missing") == nil)
    }

    @Test("a mapping printed as a value ({{nav}}) prints nothing, never the Swift struct's description; its section still renders")
    func aMappingPrintsNothing() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try Data("[{{nav}}]{{#nav}}<{{label}}>{{/nav}}".utf8).write(to: folder.url.appendingPathComponent("card.mustache"))
        let set = try TemplateSet(overridesIn: folder.url)
        #expect(try set.render("card", ["nav": ["label": "Home"] as [String: Any]]) == "[]<Home>")
    }
}
