import Foundation

/// One rendering of a compiled template (`CompiledTemplate`) with a context, into bytes: what
/// mustache's interpreter does with the same tokens and the context wrapped as `MustacheNode`,
/// byte for byte, for contexts made of what the site's renderer builds them from: dictionaries
/// `[String: Any]`, text, whole and fractional numbers, flags, lists of these, and `NSNull` (front
/// matter's `null`).
///
/// A value of any other type (an optional, `[String: String]`) throws `CompiledRendering.Unsupported`, and the page is rendered
/// by mustache instead (`TemplateSet.render`): the interpreter's handling of those goes through
/// `Mirror` and descriptions that this code does not copy.
struct CompiledRendering {
    /// A value this code does not render as mustache would.
    struct Unsupported: Error {}

    /// Partials, blocks and sections nested deeper than `depthLimit` while rendering: a block
    /// filled with a partial that expands the same block, or partials that include one another
    /// for as long as the data lets them. Mustache's interpreter follows such templates until
    /// the thread's stack overflows and the process dies without a word.
    struct TooDeep: Error {
        /// The partial or block at which the limit was reached.
        var at: String
    }

    /// Far beyond any real site's nesting (the theme's is 6), far below what overflows a stack.
    static let depthLimit = 1_000
    private var depth = 0

    /// An entry of the context stack: a dictionary, whose names a lookup reads, or any other
    /// value (text, a number, a list), which has no names.
    private enum Frame {
        case map([String: Any])
        case leaf(Any)
    }

    /// What a lookup found, by its type's identity (`ContextValue`); of the other types only a
    /// `Double` is rendered here, as `.other`.
    private static func kind(_ value: Any) throws -> ContextValue {
        let kind = ContextValue(value)
        if case .other(let other) = kind, type(of: other) != Double.self { throw Unsupported() }
        return kind
    }

    private let templates: [String: CompiledTemplate]
    private var stack: [Frame]
    private(set) var output: [UInt8] = []

    init(templates: [String: CompiledTemplate], context: [String: Any]) {
        self.templates = templates
        stack = [.map(context)]
        output.reserveCapacity(16_384)
    }

    /// Appends `template` rendered; `indentation` and `inherited` as mustache's context carries
    /// them into partials and blocks.
    mutating func render(_ template: CompiledTemplate, indentation: String? = nil, inherited: [String: CompiledTemplate]? = nil,
                         named name: @autoclosure () -> String = "a section") throws {
        depth += 1
        defer { depth -= 1 }
        guard depth <= Self.depthLimit else { throw TooDeep(at: name()) }
        guard let indentation, !indentation.isEmpty else {
            for node in template.nodes { try render(node, indentation: indentation, inherited: inherited) }
            return
        }
        // Inside an indented partial, what a node renders is indented when it is not empty and
        // this template's output so far ends a line with "\n" (mustache compares Characters, so
        // a "\r\n" is no "\n").
        let start = output.count
        for node in template.nodes {
            let before = output.count
            try render(node, indentation: indentation, inherited: inherited)
            guard output.count > before, before > start, output[before - 1] == UInt8(ascii: "\n"),
                  before - 1 == start || output[before - 2] != UInt8(ascii: "\r") else { continue }
            output.insert(contentsOf: indentation.utf8, at: before)
        }
    }

    private mutating func render(_ node: CompiledTemplate.Node, indentation: String?, inherited: [String: CompiledTemplate]?) throws {
        switch node {
        case .text(let bytes):
            output.append(contentsOf: bytes)
        case .value(let name, let escaped):
            guard let value = try lookUp(name) else { return }
            try print(value, escaped: escaped)
        case .section(let name, let body):
            guard let value = try lookUp(name) else { return }
            switch try Self.kind(value) {
            case .flag(let flag):
                if flag { try render(body, indentation: indentation, inherited: inherited) }
            case .maps(let maps):
                for map in maps { try render(body, with: .map(map), indentation: indentation, inherited: inherited) }
            case .list(let list):
                for element in list { try render(body, with: try Self.frame(element), indentation: indentation, inherited: inherited) }
            case .texts(let texts):
                for text in texts { try render(body, with: .leaf(text), indentation: indentation, inherited: inherited) }
            case .map(let map):
                try render(body, with: .map(map), indentation: indentation, inherited: inherited)
            case .text, .number, .other:
                // Any other value, empty text and 0 included, is pushed and rendered once.
                try render(body, with: .leaf(value), indentation: indentation, inherited: inherited)
            }
        case .inverted(let name, let body):
            guard let value = try lookUp(name) else { return try render(body, indentation: indentation, inherited: inherited) }
            switch try Self.kind(value) {
            case .flag(let flag):
                if !flag { try render(body, indentation: indentation, inherited: inherited) }
            case .maps(let maps):
                if maps.isEmpty { try render(body, with: .leaf(maps), indentation: indentation, inherited: inherited) }
            case .list(let list):
                // mustache pushes the empty list, which has no names.
                if list.isEmpty { try render(body, with: .leaf(list), indentation: indentation, inherited: inherited) }
            case .texts(let texts):
                if texts.isEmpty { try render(body, with: .leaf(texts), indentation: indentation, inherited: inherited) }
            case .map, .text, .number, .other:
                break
            }
        case .partial(let name, let indented, let overrides):
            try renderPartial(name, indented: indented, overrides: overrides, indentation: indentation, inherited: inherited)
        case .dynamicPartial(let name, let indented, let overrides):
            // mustache takes the name only from text; anything else renders nothing.
            guard let value = try lookUp(name), case .text(let partial) = try Self.kind(value) else { return }
            try renderPartial(partial, indented: indented, overrides: overrides, indentation: indentation, inherited: inherited)
        case .block(let name, let fallback, let indented):
            let inner = indented.map { (indentation ?? "") + $0 } ?? indentation
            try render(inherited?[name] ?? fallback, indentation: inner, inherited: inherited, named: "block \(name)")
        }
    }

    private mutating func renderPartial(_ name: String, indented: String?, overrides: [String: CompiledTemplate]?,
                                        indentation: String?, inherited: [String: CompiledTemplate]?) throws {
        guard let template = templates[name] else { return }
        let inner = indented.map { (indentation ?? "") + $0 } ?? indentation
        // The blocks of the outermost template that fills them win.
        let blocks = overrides.map { inherited?.merging($0) { outer, _ in outer } ?? $0 } ?? inherited
        try render(template, indentation: inner, inherited: blocks, named: "partial \(name)")
    }

    /// `body` rendered with `frame` on top of the stack.
    private mutating func render(_ body: CompiledTemplate, with frame: Frame, indentation: String?, inherited: [String: CompiledTemplate]?) throws {
        stack.append(frame)
        defer { stack.removeLast() }
        try render(body, indentation: indentation, inherited: inherited)
    }

    private static func frame(_ value: Any) throws -> Frame {
        if case .map(let map) = try Self.kind(value) { return .map(map) }
        return .leaf(value)
    }

    /// The value `name` stands for: its first part from the innermost context that has it (or
    /// from the innermost alone when anchored), the rest inside that value.
    private func lookUp(_ name: CompiledTemplate.Name) throws -> Any? {
        guard let first = name.parts.first else {
            switch stack[stack.count - 1] {
            case .map(let map): return map
            case .leaf(let value): return value
            }
        }
        var found: Any?
        if name.anchored {
            if case .map(let map) = stack[stack.count - 1] { found = map[first] }
        } else {
            for frame in stack.reversed() {
                if case .map(let map) = frame, let value = map[first] {
                    found = value
                    break
                }
            }
        }
        for part in name.parts.dropFirst() {
            guard let value = found, !Self.isNull(value) else { return nil }
            guard case .map(let map) = try Self.kind(value) else { return nil }
            found = map[part]
        }
        return found.flatMap { Self.isNull($0) ? nil : $0 }
    }

    /// Front matter's `null`: found, so the lookup climbs no further, but nothing, as mustache
    /// takes `NSNull` (its `MustacheCustomRepresentation` is nil).
    private static func isNull(_ value: Any) -> Bool {
        type(of: value) == NSNull.self
    }

    /// `{{value}}` or `{{{value}}}`: text as it is (escaped or not), numbers and flags as Swift
    /// prints them, a dictionary as nothing (`MustacheNode`'s description), a list as its items
    /// joined by ", " (`ListText`).
    private mutating func print(_ value: Any, escaped: Bool) throws {
        let text: String
        switch try Self.kind(value) {
        case .text(let value): text = value
        case .number(let number): text = String(number)
        case .other(let number): text = String(describing: number)
        case .flag(let flag): text = flag ? "true" : "false"
        case .texts(let texts): text = ListText.text(of: texts)
        case .list(let list): text = ListText.text(of: list)
        case .map, .maps: return
        }
        output.append(contentsOf: (escaped ? HTML.escapeAttribute(text) : text).utf8)
    }
}
