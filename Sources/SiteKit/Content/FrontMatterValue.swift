import Foundation
import Yams

/// One value from a content file's YAML front matter, kept in a form that is `Sendable`
/// (unlike the `Any` trees YAML libraries produce).
public enum FrontMatterValue: Sendable, Hashable {
    /// Text, including YAML timestamps, which are kept exactly as written.
    case string(String)
    /// A YAML integer that fits 64 bits, exactly (a `Double` holds whole numbers exactly only up
    /// to 2^53: 9007199254740993 came out as 9007199254740992). Larger ones stay text.
    case integer(Int)
    /// A YAML float.
    case number(Double)
    /// `true` / `false`.
    case bool(Bool)
    /// A YAML sequence.
    case list([FrontMatterValue])
    /// A YAML mapping with text keys.
    case map([String: FrontMatterValue])
    /// `null`, `~` or an empty value.
    case null

    /// The value as plain Swift values for Mustache templates: `String`, `Int` (for whole
    /// numbers, so `3` renders as `3`, not `3.0`), `Double`, `Bool`, `[Any]`, `[String: Any]`,
    /// and `NSNull` for null (which Mustache treats as empty and false).
    public var templateValue: Any {
        switch self {
        case .string(let text): return text
        case .integer(let number): return number
        case .number(let number):
            if number.rounded() == number, abs(number) < 9_007_199_254_740_992 { return Int(number) }
            return number
        case .bool(let flag): return flag
        case .list(let items): return items.map(\.templateValue)
        case .map(let entries): return entries.mapValues(\.templateValue)
        case .null: return NSNull()
        }
    }

    /// The value as display text, or `nil` for lists, maps and null.
    public var text: String? {
        switch self {
        case .string(let text): return text
        case .integer(let number): return String(number)
        case .number: return String(describing: templateValue)
        case .bool(let flag): return flag ? "true" : "false"
        case .list, .map, .null: return nil
        }
    }

    /// The value when it is a number.
    public var number: Double? {
        switch self {
        case .integer(let number): return Double(number)
        case .number(let number): return number
        default: return nil
        }
    }

    /// The value when it is `true` or `false`.
    public var flag: Bool? {
        if case .bool(let flag) = self { return flag }
        return nil
    }
}

extension FrontMatterValue {
    /// How deep lists and mappings may nest in front matter: far more than any template walks.
    static let maxDepth = 100
    /// How many values one file's front matter may hold, counted as aliases expand: a YAML alias
    /// repeats what it names, so 400 bytes of aliases of aliases can stand for billions of values
    /// (the "billion laughs"), more memory than any machine has.
    static let maxValues = 100_000 // as the error about it says

    /// Converts a composed YAML node, using the YAML core schema's tag resolution so `3`,
    /// `true` and `~` become numbers, booleans and null while quoted text stays text. `budget`
    /// counts the values made so far against `maxValues`; `depth` is the node's nesting level.
    init(node: Node, budget: inout Int, depth: Int = 1) throws(FrontMatterValue.Problem) {
        budget += 1
        guard budget <= Self.maxValues else { throw .tooMany(line: node.mark?.line) }
        guard depth <= Self.maxDepth || (node.mapping == nil && node.sequence == nil) else {
            throw .tooDeep(line: node.mark?.line)
        }
        if let mapping = node.mapping {
            var entries: [String: FrontMatterValue] = [:]
            var keyLines: [String: Int] = [:]
            for (key, value) in mapping {
                guard let name = key.scalar?.string else { throw .keyNotText(line: key.mark?.line) }
                let line = key.mark?.line ?? 0
                if let first = keyLines[name] { throw .duplicateKey(name, first: first, line: line) }
                keyLines[name] = line
                entries[name] = try FrontMatterValue(node: value, budget: &budget, depth: depth + 1)
            }
            self = .map(entries)
        } else if let sequence = node.sequence {
            var items: [FrontMatterValue] = []
            for item in sequence { items.append(try FrontMatterValue(node: item, budget: &budget, depth: depth + 1)) }
            self = .list(items)
        } else if let scalar = node.scalar {
            // `Tag.name` is not public in every Yams release; its description is the tag name.
            switch Tag.Name(rawValue: node.tag.description) {
            case .null: self = .null
            case .bool: self = node.bool.map(FrontMatterValue.bool) ?? .string(scalar.string)
            case .int: self = node.int.map(FrontMatterValue.integer) ?? .string(scalar.string)
            case .float: self = node.float.map(FrontMatterValue.number) ?? .string(scalar.string)
            default: self = .string(scalar.string)
            }
        } else {
            // Newer YAML libraries may add node kinds; treat them as absent rather than guess.
            self = .null
        }
    }

    /// Why a node could not become a value; lines are inside the YAML text, counted from 1.
    enum Problem: Error {
        /// A mapping key that is itself a list or mapping, which templates could never look up.
        case keyNotText(line: Int?)
        /// Lists or mappings nested deeper than `maxDepth`.
        case tooDeep(line: Int?)
        /// More than `maxValues` values, aliases expanded.
        case tooMany(line: Int?)
        /// A key given twice in one mapping, where YAML lets the last silently win.
        case duplicateKey(String, first: Int, line: Int)
    }
}
