import Mustache

/// A template as swift-mustache parsed it, in a form `CompiledRendering` renders without
/// mustache's interpreter: the same tokens, with names split once and text kept as bytes.
///
/// Why: mustache's interpreter looks every name up by casting each object of its context stack to
/// two protocols, and prints each value after three more casts. Each cast to a protocol goes
/// through the Swift runtime's conformance cache, whose shared reader count two rendering threads
/// keep taking from each other's cores: 42 % of a cold build of 5,000 people was mustache's
/// rendering, two fifths of that in dynamic casts. The compiled form looks names up in the context's
/// dictionaries directly and tells values apart by their type's identity.
///
/// What it is made from: the tokens of swift-mustache's own parse (read with `Mirror`, as the
/// library keeps them internal), so that standalone lines, indentation and inheritance are exactly
/// mustache's. A template that uses what only the interpreter renders (transforms such as
/// `uppercased(name)`, a content type other than the site's, or tokens of a version of
/// swift-mustache laid out otherwise) is not compiled, and its set renders through
/// mustache as before (`TemplateSet`); `ThemeTests` holds that the theme's own templates compile.
struct CompiledTemplate: Sendable {
    indirect enum Node: Sendable {
        /// Text as it is.
        case text([UInt8])
        /// `{{name}}` (escaped) or `{{{name}}}` / `{{&name}}`.
        case value(Name, escaped: Bool)
        /// `{{#name}}…{{/name}}`.
        case section(Name, CompiledTemplate)
        /// `{{^name}}…{{/name}}`.
        case inverted(Name, CompiledTemplate)
        /// `{{>name}}`, or `{{<name}}…{{/name}}` with the blocks it fills.
        case partial(String, indentation: String?, overrides: [String: CompiledTemplate]?)
        /// `{{>*name}}`: the partial whose name is the text the name stands for.
        case dynamicPartial(Name, indentation: String?, overrides: [String: CompiledTemplate]?)
        /// `{{$name}}…{{/name}}` in a template others extend: the block, or what fills it.
        case block(String, default: CompiledTemplate, indentation: String?)
    }

    /// A tag's name as mustache reads it: `a.b.c` is looked up as `a` on the context stack, then
    /// `b` and `c` inside what that gave; `.name` only in the innermost context; `.` (or no name)
    /// is the innermost context itself.
    struct Name: Sendable, Equatable {
        var parts: [String]
        /// Starts with a dot: looked up in the innermost context only, not climbing the stack.
        var anchored: Bool

        init(_ name: String) {
            anchored = name.first == "."
            parts = name == "." ? [] : name.split(separator: ".").map(String.init)
        }
    }

    var nodes: [Node]

    /// `template` compiled, or nil when it uses what only mustache's interpreter renders. A
    /// template of the library (`topLevel`) starts with the site's content type pragma, and no
    /// template sets another one.
    init?(_ template: MustacheTemplate, topLevel: Bool) {
        guard let tokens = MustacheTokens.of(template) else { return nil }
        var nodes: [Node] = []
        nodes.reserveCapacity(tokens.count)
        for (position, token) in tokens.enumerated() {
            guard let (kind, payload) = MustacheTokens.caseAndPayload(token) else { return nil }
            let fields = Mirror(reflecting: payload).children.map(\.value)
            switch kind {
            case "text":
                guard let text = payload as? String else { return nil }
                nodes.append(.text(Array(text.utf8)))
            case "variable", "unescapedVariable":
                guard fields.count == 2, let name = fields[0] as? String, (fields[1] as? [String])?.isEmpty == true else { return nil }
                nodes.append(.value(Name(name), escaped: kind == "variable"))
            case "section", "invertedSection":
                guard fields.count == 3, let name = fields[0] as? String, (fields[1] as? [String])?.isEmpty == true,
                      let body = fields[2] as? MustacheTemplate, let compiled = CompiledTemplate(body, topLevel: false) else { return nil }
                nodes.append(kind == "section" ? .section(Name(name), compiled) : .inverted(Name(name), compiled))
            case "partial", "dynamicNamePartial":
                guard fields.count == 3, let name = fields[0] as? String, let indentation = fields[1] as? String?,
                      let inherits = fields[2] as? [String: MustacheTemplate]? else { return nil }
                var overrides: [String: CompiledTemplate]?
                if let inherits {
                    overrides = [:]
                    for (block, body) in inherits {
                        guard let compiled = CompiledTemplate(body, topLevel: false) else { return nil }
                        overrides?[block] = compiled
                    }
                }
                nodes.append(kind == "partial" ? .partial(name, indentation: indentation, overrides: overrides)
                                               : .dynamicPartial(Name(name), indentation: indentation, overrides: overrides))
            case "blockExpansion":
                guard fields.count == 3, let name = fields[0] as? String, let body = fields[1] as? MustacheTemplate,
                      let indentation = fields[2] as? String?, let compiled = CompiledTemplate(body, topLevel: false) else { return nil }
                nodes.append(.block(name, default: compiled, indentation: indentation))
            case "contentType":
                // Only as the first token of a library template: the pragma `TemplateSet` puts there.
                guard topLevel, position == 0, payload is SiteHTMLContentType else { return nil }
            default:
                // Block definitions outside a parent, and any token of a later swift-mustache.
                return nil
            }
        }
        if topLevel {
            guard let first = tokens.first, MustacheTokens.caseAndPayload(first)?.kind == "contentType" else { return nil }
        }
        self.nodes = nodes
    }
}

/// Reading swift-mustache's parse: a template's `tokens`, each an enum case with its payload.
enum MustacheTokens {
    static func of(_ template: MustacheTemplate) -> [Any]? {
        Mirror(reflecting: template).children.first { $0.label == "tokens" }?.value as? [Any]
    }

    static func caseAndPayload(_ token: Any) -> (kind: String, payload: Any)? {
        let mirror = Mirror(reflecting: token)
        guard mirror.displayStyle == .enum, let only = mirror.children.first, let kind = only.label else { return nil }
        return (kind, only.value)
    }
}
