import Foundation

/// One byte range of a `Range` request (RFC 9110 §14.1), resolved against a body's length.
///
/// Only a single range in `bytes` is understood: `first-last`, `first-` and `-suffix`. Anything
/// else (several ranges, another unit, a range that cannot be satisfied) is nil, and the request
/// goes to the origin as it is.
enum ByteRange {
    /// The bytes `header` asks for in a body of `length` bytes, or nil.
    static func resolve(_ header: String, length: Int) -> ClosedRange<Int>? {
        let trimmed = header.trimmedWhiteSpace
        guard let equals = trimmed.firstIndex(of: "="),
              trimmed[..<equals].trimmedWhiteSpace.lowercased() == "bytes" else { return nil }
        let spec = trimmed[trimmed.index(after: equals)...].trimmedWhiteSpace
        guard !spec.contains(","), let dash = spec.firstIndex(of: "-"), length > 0 else { return nil }
        let firstText = spec[..<dash].trimmedWhiteSpace
        let lastText = spec[spec.index(after: dash)...].trimmedWhiteSpace
        guard firstText.allSatisfy(\.isASCIIDigit), lastText.allSatisfy(\.isASCIIDigit) else { return nil }
        if firstText.isEmpty {
            // A suffix: the last N bytes.
            guard let count = Int(lastText), count > 0 else { return nil }
            return max(0, length - count)...(length - 1)
        }
        guard let first = Int(firstText), first < length else { return nil }
        if lastText.isEmpty { return first...(length - 1) }
        guard let last = Int(lastText), last >= first else { return nil }
        return first...min(last, length - 1)
    }
}

private extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
}
