import Foundation

/// A scalar that real APIs send as a string one day and a number the next (e.g. randomuser's
/// `location.postcode`). Always read as text.
public struct LenientString: Sendable, Hashable, Codable, CustomStringConvertible {
    public var value: String

    public init(_ value: String) { self.value = value }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            value = ""
        } else if let text = try? container.decode(String.self) {
            value = text
        } else if let integer = try? container.decode(Int.self) {
            value = String(integer)
        } else if let number = try? container.decode(Double.self) {
            // Digits as sent where Double would write an exponent: a postcode of 30 digits was
            // published as 1.2345678901234568e+29. (Decimal holds 38 digits exactly.)
            let written = String(number)
            if written.contains("e"), let digits = try? container.decode(Decimal.self) {
                value = "\(digits)"
            } else {
                value = written
            }
        } else if let flag = try? container.decode(Bool.self) {
            value = String(flag)
        } else {
            // Worded as Foundation words it, so that the warning says what came instead.
            let found = (try? container.decode([Skipped].self)) != nil ? "an array"
                : (try? container.decode([String: Skipped].self)) != nil ? "a dictionary" : "a number too large to read"
            throw DecodingError.typeMismatch(LenientString.self, .init(codingPath: decoder.codingPath,
                                                                       debugDescription: "Expected to decode String but found \(found) instead."))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(value)
    }

    public var description: String { value }

    /// Any JSON value, read to tell a list from an object.
    private struct Skipped: Decodable {}
}

extension KeyedDecodingContainer {
    /// Decodes a field when present and of the right shape; otherwise nil. Odd fields never fail a
    /// build; one that is there but cannot be read is recorded (`DroppedFields`) for the warning.
    func lenient<T: Decodable>(_ type: T.Type, _ key: Key) -> T? {
        do {
            return try decodeIfPresent(type, forKey: key)
        } catch {
            DroppedFields.record(error, at: codingPath + [key])
            return nil
        }
    }

    /// As `lenient`, for a first guess at a field's shape that the caller follows with another
    /// (a street as an object, else as text): a field of the other shape is not a dropped one.
    func attempt<T: Decodable>(_ type: T.Type, _ key: Key) -> T? {
        (try? decodeIfPresent(type, forKey: key)) ?? nil
    }

    /// A text field that may arrive as a string or a number; nil when absent or null. A
    /// right-to-left override it leaves open is closed at its end, so that the fields joined
    /// after it (a postcode after a city) are not turned around.
    func text(_ key: Key) -> String? {
        // Most fields are strings: read those directly, without the nested decoder that
        // `LenientString` costs per field: decoding 5,000 people took about a third less CPU.
        // Composed (NFC), as HTML wants text: a name sent decomposed is published as people type it.
        do {
            guard let text = try decodeIfPresent(String.self, forKey: key) else { return nil }
            return HTML.closingDirectionalFormatting(bounded(text.composed, key))
        } catch DecodingError.typeMismatch {
            return lenient(LenientString.self, key).map { bounded($0.value, key) }
        } catch {
            // A string that cannot be read (a raw line break, a bad escape): not a number either.
            DroppedFields.record(error, at: codingPath + [key])
            return nil
        }
    }

    /// `text` cut to its first `DroppedFields.maxTextLength` characters, recorded when it was longer.
    private func bounded(_ text: String, _ key: Key) -> String {
        // Characters are never more than bytes: most fields need no count.
        guard text.utf8.count > DroppedFields.maxTextLength else { return text }
        let length = text.count
        guard length > DroppedFields.maxTextLength else { return text }
        DroppedFields.recordCut(length: length, at: codingPath + [key])
        return String(text.prefix(DroppedFields.maxTextLength))
    }

    /// A field that usually holds a number (randomuser's `dob.age`) but may arrive as text, read
    /// as `text(_:)` reads it: the number first, so the common case costs no failed attempt.
    func numberText(_ key: Key) -> String? {
        if let number = try? decodeIfPresent(Int.self, forKey: key) { return String(number) }
        return text(key)
    }
}
