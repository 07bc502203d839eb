import Foundation

/// One header field as it travelled on the wire: name and value, in order.
public struct HTTPField: Sendable, Hashable, Codable {
    public var name: String
    public var value: String

    public init(_ name: String, _ value: String) {
        self.name = name
        self.value = value
    }

    /// Whether two field names are the same name: ASCII case-insensitive, as RFC 9110 §5.1 says.
    /// (Field names are tokens; comparing bytes keeps this off Foundation's locale-aware paths,
    /// which matters because every cache lookup asks for a dozen fields.)
    @inlinable
    public static func namesMatch(_ a: String, _ b: String) -> Bool {
        var a = a, b = b
        return a.withUTF8 { x in
            b.withUTF8 { y in
                guard x.count == y.count else { return false }
                for index in 0..<x.count where x[index] != y[index] {
                    let lower = x[index] | 0x20
                    guard lower == y[index] | 0x20, lower >= UInt8(ascii: "a"), lower <= UInt8(ascii: "z") else { return false }
                }
                return true
            }
        }
    }
}

/// An ordered list of header fields with case-insensitive lookup.
///
/// Repeated fields stay separate, as HTTP sends them; `self[name]` joins them with ", ".
public struct HTTPHeaders: Sendable, Hashable, Codable, ExpressibleByDictionaryLiteral {
    public private(set) var fields: [HTTPField]

    public init(_ fields: [HTTPField] = []) {
        self.fields = fields
    }

    public init(dictionaryLiteral elements: (String, String)...) {
        self.fields = elements.map { HTTPField($0.0, $0.1) }
    }

    /// Every value of `name`, in order.
    public func values(for name: String) -> [String] {
        fields.filter { HTTPField.namesMatch($0.name, name) }.map(\.value)
    }

    /// The values of `name` joined by ", ", or nil when absent.
    public subscript(name: String) -> String? {
        let all = values(for: name)
        return all.isEmpty ? nil : all.joined(separator: ", ")
    }

    /// Whether any field is called `name`.
    public func contains(_ name: String) -> Bool {
        fields.contains { HTTPField.namesMatch($0.name, name) }
    }

    /// Appends a field, keeping any others of the same name.
    public mutating func add(_ name: String, _ value: String) {
        fields.append(HTTPField(name, value))
    }

    /// Replaces every field called `name` by one with `value`, keeping the first one's place.
    public mutating func set(_ name: String, _ value: String) {
        guard let first = fields.firstIndex(where: { HTTPField.namesMatch($0.name, name) }) else {
            add(name, value)
            return
        }
        fields[first].value = value
        fields = fields.enumerated().compactMap { index, field in
            index != first && HTTPField.namesMatch(field.name, name) ? nil : field
        }
    }

    /// Removes every field called `name`.
    public mutating func remove(_ name: String) {
        fields.removeAll { HTTPField.namesMatch($0.name, name) }
    }
}
