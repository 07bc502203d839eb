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

    /// The value when it is a number, or text that reads as one (`02`, `1e3`, `2.50`), for the
    /// settings front matter makes (`weight`), where templates' exact text does not matter.
    public var number: Double? {
        switch self {
        case .integer(let number): return Double(number)
        case .number(let number): return number
        case .string(let text): return Double(text.trimmingCharacters(in: .whitespaces))
        default: return nil
        }
    }

    /// The value when it is `true` or `false`, or the text of a YAML 1.1 flag (`yes`, `no`, `on`,
    /// `off`, `"false"`, in any case), for the settings front matter makes (`menu`).
    public var flag: Bool? {
        switch self {
        case .bool(let flag): return flag
        case .string(let text):
            switch text.trimmingCharacters(in: .whitespaces).lowercased() {
            case "true", "yes", "on": return true
            case "false", "no", "off": return false
            default: return nil
            }
        default: return nil
        }
    }
}

extension FrontMatterValue {
    /// How deep lists and mappings may nest in front matter: far more than any template walks.
    static let maxDepth = 100
    /// How many values one file's front matter may hold, counted as aliases expand: a YAML alias
    /// repeats what it names, so 400 bytes of aliases of aliases can stand for billions of values
    /// (the "billion laughs"), more memory than any machine has.
    static let maxValues = 100_000 // as the error about it says

    /// Converts a composed YAML node: `3`, `2.5`, `true` and `~` become numbers, flags and null
    /// (see `scalar(_:tag:)`), while quoted text stays text. `budget`
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
            var merged: [[String: FrontMatterValue]] = []
            for (key, value) in mapping {
                guard let name = key.scalar?.string else { throw .keyNotText(line: key.mark?.line) }
                let line = key.mark?.line ?? 0
                // `<<: *base` (or a list of them): YAML's merge key, whose mappings' entries the
                // mapping takes unless it gives them itself. It was kept as a key named "<<",
                // which no template can look up: the merged values were silently lost.
                if Self.isMergeKey(key) {
                    merged += try Self.merged(FrontMatterValue(node: value, budget: &budget, depth: depth + 1), line: line)
                    continue
                }
                if let first = keyLines[name] { throw .duplicateKey(name, first: first, line: line) }
                keyLines[name] = line
                entries[name] = try FrontMatterValue(node: value, budget: &budget, depth: depth + 1)
            }
            // The mapping's own entries first, then each merged mapping's, the first one winning.
            for map in merged {
                entries.merge(map) { own, _ in own }
            }
            self = .map(entries)
        } else if let sequence = node.sequence {
            var items: [FrontMatterValue] = []
            for item in sequence { items.append(try FrontMatterValue(node: item, budget: &budget, depth: depth + 1)) }
            self = .list(items)
        } else if let scalar = node.scalar {
            self = Self.scalar(scalar.string, tag: Tag.Name(rawValue: node.tag.description))
        } else {
            // Newer YAML libraries may add node kinds; treat them as absent rather than guess.
            self = .null
        }
    }

    /// Whether `key` is YAML's merge key, a plain `<<`.
    static func isMergeKey(_ key: Node) -> Bool {
        key.scalar?.string == "<<" && Tag.Name(rawValue: key.tag.description) == .merge
    }

    /// The mappings a merge key's value gives (`<<: *base`, or `<<: [*a, *b]`), in order; any
    /// other value is an error on `line`.
    static func merged(_ value: FrontMatterValue, line: Int) throws(Problem) -> [[String: FrontMatterValue]] {
        switch value {
        case .map(let map): return [map]
        case .list(let items):
            let maps = items.compactMap { if case .map(let map) = $0 { map } else { nil } }
            guard maps.count == items.count else { throw .mergeNotMapping(line: line) }
            return maps
        default: throw .mergeNotMapping(line: line)
        }
    }

    /// A scalar as written, with the tag YAML resolved for it (`Tag.name` is not public in every
    /// Yams release, so the caller passes its description's). A number or a flag only when it
    /// reads back as written: templates print what the file says. Yams resolves tags by YAML 1.1,
    /// where `9:30` is the number 570, `01234` is 668 in octal, `1.20` is 1.2 and `yes` and `off`
    /// are flags; those stay text, as in YAML 1.2. `true` and `false` (and `True`, `FALSE`, as the
    /// YAML 1.2 core schema reads them) are flags; `~`, `null` and nothing are null.
    static func scalar(_ text: String, tag: Tag.Name) -> FrontMatterValue {
        switch tag {
        case .null:
            return .null
        case .bool:
            switch text {
            case "true", "True", "TRUE": return .bool(true)
            case "false", "False", "FALSE": return .bool(false)
            default: return .string(text)
            }
        case .int:
            guard let number = Int(text), String(number) == text else { return .string(text) }
            return .integer(number)
        case .float:
            guard let number = Double(text), number.isFinite else { return .string(text) }
            let value = FrontMatterValue.number(number)
            return value.text == text ? value : .string(text)
        default:
            return .string(text)
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
        /// A merge key (`<<`) whose value is not a mapping nor a list of mappings.
        case mergeNotMapping(line: Int)
    }
}
