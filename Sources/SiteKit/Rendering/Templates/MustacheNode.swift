import Mustache

/// A context dictionary as mustache looks names up in it: a struct of our own that conforms to
/// `MustacheParent` outright, where `[String: Any]` conforms only conditionally (`where Key ==
/// String`).
///
/// Only pages that mustache's interpreter renders get their context wrapped: those of template
/// sets that do not compile, and contexts with values the compiled rendering leaves to it (see
/// `CompiledTemplate`), which must render exactly as the interpreter renders this.
///
/// Mustache looks every `{{name}}` up in each object on its stack in turn, casting the object to
/// `MustacheParent` each time; for a dictionary the Swift runtime then checks the condition again
/// on every cast, resolving the key type by its mangled name. The casts were a third of a page's
/// rendering. `TemplateSet.render` wraps a context once, nested dictionaries and lists of them
/// included, before rendering it: forced full renders of 500 people went from 9,240-9,530 to
/// 9,740-9,970 pages/s. Only containers are wrapped; text, numbers, flags and lists without
/// dictionaries are left as they are, so transforms (`{{uppercased(name)}}`, `{{sorted(list)}}`)
/// and dynamic partials (`{{>*name}}`, whose name mustache takes only from a `String`) behave as
/// with plain dictionaries. (Text was once handed over wrapped, as a `MustacheParent` with no
/// children, which mustache looks past faster than a `String`; dynamic partials then rendered
/// nothing, and pages that render fast render from `CompiledTemplate` now.)
///
/// A struct, not a class: each of those casts of a class instance also walks the runtime's
/// conformance lookup for classes (`swift_conformsToProtocolMaybeInstantiateSuperclasses`), and a
/// retain and release come with every copy of the reference. Twelve alternating forced renders
/// of 5,000 people: 9,685 pages/s as a class, 11,532 as a struct, faster in every pair.
struct MustacheNode: MustacheParent, CustomStringConvertible {
    private let fields: [String: Any]

    /// What `{{nav}}` prints for a mapping: nothing. Mustache prints a value by its description,
    /// and the struct's own (`MustacheNode(fields: [...])`, Swift's names and all) went into the
    /// published page; a mapping has no text of its own, as in other mustache implementations'
    /// empty rendering of a missing name.
    var description: String { "" }

    init(_ fields: [String: Any]) {
        var wrapped = fields
        for (key, value) in fields {
            if let node = Self.wrap(value) { wrapped[key] = node }
        }
        self.fields = wrapped
    }

    /// The value called `name`.
    func child(named name: String) -> Any? {
        fields[name]
    }

    /// `value` with every dictionary in it wrapped, or nil when nothing in it needed wrapping.
    static func wrap(_ value: Any) -> Any? {
        switch ContextValue(value) {
        case .text, .flag, .number, .texts: return nil
        case .map(let map): return MustacheNode(map)
        case .maps(let maps): return maps.map(MustacheNode.init)
        case .list(let list): return wrapElements(list)
        case .other(let value):
            // Dictionaries and lists of other types (`[String: String]`, optionals, ...).
            switch value {
            case let map as [String: Any]: return MustacheNode(map)
            case let list as [Any]: return wrapElements(list)
            default: return nil
            }
        }
    }

    /// The list with its dictionaries wrapped; nil when it holds none, so that a list of text or
    /// numbers keeps its own type (and the transforms that need it, such as `sorted`).
    private static func wrapElements(_ list: [Any]) -> [Any]? {
        var wrapped: [Any]?
        for (index, element) in list.enumerated() {
            guard let node = wrap(element) else { continue }
            if wrapped == nil { wrapped = list }
            wrapped![index] = node
        }
        return wrapped
    }
}
