import Foundation

/// One header field as it travelled on the wire: name and value, in order.
public struct HTTPField: Sendable, Hashable, Codable {
    public var name: String
    public var value: String

    public init(_ name: String, _ value: String) {
        self.name = name
        self.value = value
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
        fields.filter { $0.name.caseInsensitiveCompare(name) == .orderedSame }.map(\.value)
    }

    /// The values of `name` joined by ", ", or nil when absent.
    public subscript(name: String) -> String? {
        let all = values(for: name)
        return all.isEmpty ? nil : all.joined(separator: ", ")
    }

    /// Whether any field is called `name`.
    public func contains(_ name: String) -> Bool {
        fields.contains { $0.name.caseInsensitiveCompare(name) == .orderedSame }
    }

    /// Appends a field, keeping any others of the same name.
    public mutating func add(_ name: String, _ value: String) {
        fields.append(HTTPField(name, value))
    }

    /// Replaces every field called `name` by one with `value`, keeping the first one's place.
    public mutating func set(_ name: String, _ value: String) {
        guard let first = fields.firstIndex(where: { $0.name.caseInsensitiveCompare(name) == .orderedSame }) else {
            add(name, value)
            return
        }
        fields[first].value = value
        fields = fields.enumerated().compactMap { index, field in
            index != first && field.name.caseInsensitiveCompare(name) == .orderedSame ? nil : field
        }
    }

    /// Removes every field called `name`.
    public mutating func remove(_ name: String) {
        fields.removeAll { $0.name.caseInsensitiveCompare(name) == .orderedSame }
    }
}
