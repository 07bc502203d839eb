/// A JSON value whose objects keep their keys in the order written, so the demo API can answer
/// with the same field order as the real services and with byte-identical output for equal input.
indirect enum DemoJSON: Sendable, Equatable {
    case null
    case bool(Bool)
    case int(Int)
    case string(String)
    case array([DemoJSON])
    case object([Member])

    /// One key and its value in an object.
    struct Member: Sendable, Equatable {
        var key: String
        var value: DemoJSON
    }

    /// Compact output, as randomuser.me sends it.
    var compact: [UInt8] {
        var out: [UInt8] = []
        write(into: &out, indent: nil, level: 0)
        return out
    }

    /// Two-space indented output, as JSONPlaceholder sends it.
    var pretty: [UInt8] {
        var out: [UInt8] = []
        write(into: &out, indent: 2, level: 0)
        return out
    }

    /// The object without the members whose key is not accepted.
    func filteringMembers(_ keep: (String) -> Bool) -> DemoJSON {
        guard case .object(let members) = self else { return self }
        return .object(members.filter { keep($0.key) })
    }

    private func write(into out: inout [UInt8], indent: Int?, level: Int) {
        switch self {
        case .null: out += Array("null".utf8)
        case .bool(let value): out += Array((value ? "true" : "false").utf8)
        case .int(let value): out += Array(String(value).utf8)
        case .string(let value): Self.writeString(value, into: &out)
        case .array(let items):
            writeContainer(items.map { (nil, $0) }, open: UInt8(ascii: "["), close: UInt8(ascii: "]"),
                           into: &out, indent: indent, level: level)
        case .object(let members):
            writeContainer(members.map { ($0.key, $0.value) }, open: UInt8(ascii: "{"), close: UInt8(ascii: "}"),
                           into: &out, indent: indent, level: level)
        }
    }

    private func writeContainer(_ entries: [(String?, DemoJSON)], open: UInt8, close: UInt8,
                                into out: inout [UInt8], indent: Int?, level: Int) {
        out.append(open)
        guard !entries.isEmpty else {
            out.append(close)
            return
        }
        for (index, (key, value)) in entries.enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            if let indent { Self.newline(into: &out, spaces: indent * (level + 1)) }
            if let key {
                Self.writeString(key, into: &out)
                out.append(UInt8(ascii: ":"))
                if indent != nil { out.append(UInt8(ascii: " ")) }
            }
            value.write(into: &out, indent: indent, level: level + 1)
        }
        if let indent { Self.newline(into: &out, spaces: indent * level) }
        out.append(close)
    }

    private static func newline(into out: inout [UInt8], spaces: Int) {
        out.append(UInt8(ascii: "\n"))
        out += repeatElement(UInt8(ascii: " "), count: spaces)
    }

    private static func writeString(_ text: String, into out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): out += [UInt8(ascii: "\\"), UInt8(ascii: "\"")]
            case UInt8(ascii: "\\"): out += [UInt8(ascii: "\\"), UInt8(ascii: "\\")]
            case UInt8(ascii: "\n"): out += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
            case UInt8(ascii: "\r"): out += [UInt8(ascii: "\\"), UInt8(ascii: "r")]
            case UInt8(ascii: "\t"): out += [UInt8(ascii: "\\"), UInt8(ascii: "t")]
            case 0..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                out += Array("\\u00".utf8) + [hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
            default: out.append(byte)
            }
        }
        out.append(UInt8(ascii: "\""))
    }
}

extension DemoJSON: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByArrayLiteral,
    ExpressibleByDictionaryLiteral, ExpressibleByNilLiteral {
    init(stringLiteral value: String) { self = .string(value) }
    init(integerLiteral value: Int) { self = .int(value) }
    init(arrayLiteral elements: DemoJSON...) { self = .array(elements) }
    init(nilLiteral: ()) { self = .null }

    /// Keeps the keys in source order.
    init(dictionaryLiteral elements: (String, DemoJSON)...) {
        self = .object(elements.map { Member(key: $0.0, value: $0.1) })
    }
}
