import Foundation

/// JSON text as the decoder can take it, where an API sent text it cannot: bytes that are not
/// UTF-8 (a Latin-1 `é`), or a `\u` escape of half a character (a lone surrogate, as a backend
/// that cut an emoji in two sends). Either made the decoder drop the whole field, a post's title
/// or a person's name, without a word. Each such part becomes U+FFFD (�), as a browser shows it,
/// and the build says what was replaced; text in ISO-8859-1 or windows-1252, as its Content-Type
/// says, is read in that charset.
enum JSONTextRepair {
    /// `body` ready to decode, and what was replaced in it, as a clause for a warning
    /// ("holds 2 bytes that are not UTF-8, the first after \"caf\""), or nil when nothing was.
    static func repaired(_ body: Data, contentType: String?) -> (body: Data, problem: String?) {
        var body = body
        var problems: [String] = []
        // JSON in UTF-16 or UTF-32 (a byte order mark, or the zero bytes of its first characters,
        // as the decoder tells them): made UTF-8 first, or left to the decoder as it is.
        if let encoding = wideEncoding(of: body, contentType: contentType) {
            guard var text = String(data: body, encoding: encoding) else { return (body, nil) }
            if text.hasPrefix("\u{FEFF}") { text.removeFirst() }
            body = Data(text.utf8)
        }
        if let bytes = invalidUTF8(body) {
            if let encoding = declaredSingleByteCharset(contentType), let text = String(data: body, encoding: encoding) {
                body = Data(text.utf8)
            } else {
                problems.append("holds \(count(bytes.count, "byte", "bytes")) that \(bytes.count == 1 ? "is" : "are") not UTF-8 "
                    + "(the first after \(context(before: bytes.first, in: body))), shown as \u{FFFD}: JSON is UTF-8, and no charset "
                    + "the answer gives says otherwise")
                body = Data(String(decoding: body, as: UTF8.self).utf8)
            }
        }
        if let (fixed, halves, first) = withoutLoneSurrogates(body) {
            problems.append("holds \(count(halves, "\\u escape", "\\u escapes")) of half a character (a lone surrogate, the first after "
                + "\(context(before: first, in: body))), shown as \u{FFFD}")
            body = fixed
        }
        return (body, problems.isEmpty ? nil : problems.joined(separator: ", and "))
    }

    /// The offsets of the bytes that start an invalid UTF-8 sequence, or nil when all is valid.
    private static func invalidUTF8(_ body: Data) -> [Int]? {
        if String(validating: body, as: UTF8.self) != nil { return nil }
        var offsets: [Int] = []
        body.withUnsafeBytes { (raw: UnsafeRawBufferPointer) in
            let bytes = raw.bindMemory(to: UInt8.self)
            var index = 0
            while index < bytes.count {
                let length = validSequenceLength(bytes, at: index)
                if length == 0 {
                    offsets.append(index)
                    index += 1
                } else {
                    index += length
                }
            }
        }
        return offsets
    }

    /// The length of the valid UTF-8 sequence at `index`, or 0 when none starts there.
    private static func validSequenceLength(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Int {
        let lead = bytes[index]
        let (length, low, high): (Int, UInt8, UInt8) = switch lead {
        case 0x00...0x7F: (1, 0, 0)
        case 0xC2...0xDF: (2, 0x80, 0xBF)
        case 0xE0: (3, 0xA0, 0xBF)
        case 0xE1...0xEC, 0xEE...0xEF: (3, 0x80, 0xBF)
        case 0xED: (3, 0x80, 0x9F)
        case 0xF0: (4, 0x90, 0xBF)
        case 0xF1...0xF3: (4, 0x80, 0xBF)
        case 0xF4: (4, 0x80, 0x8F)
        default: (0, 0, 0)
        }
        guard length > 1 else { return length }
        guard index + length <= bytes.count, (low...high).contains(bytes[index + 1]) else { return 0 }
        for offset in 2..<length where !(0x80...0xBF).contains(bytes[index + offset]) { return 0 }
        return length
    }

    /// The UTF-16 or UTF-32 encoding `body` is in, by its byte order mark, its first bytes (JSON
    /// text starts with an ASCII character, so its zero bytes tell the width and order, RFC 4627
    /// §3) or the charset its `Content-Type` names; nil for UTF-8.
    private static func wideEncoding(of body: Data, contentType: String?) -> String.Encoding? {
        let head = Array(body.prefix(4)) + [UInt8](repeating: 1, count: max(0, 4 - body.count))
        switch (head[0], head[1], head[2], head[3]) {
        case (0x00, 0x00, 0xFE, 0xFF), (0x00, 0x00, 0x00, _): return .utf32BigEndian
        // A UTF-32LE byte order mark needs no length check; three zero bytes after a first one
        // are a UTF-32LE character only in a body that has them, not in the padding above.
        case (0xFF, 0xFE, 0x00, 0x00): return .utf32LittleEndian
        case (_, 0x00, 0x00, 0x00) where body.count >= 4: return .utf32LittleEndian
        case (0xFE, 0xFF, _, _), (0x00, _, _, _): return .utf16BigEndian
        case (0xFF, 0xFE, _, _), (_, 0x00, _, _): return .utf16LittleEndian
        default: break
        }
        switch charset(in: contentType) {
        case "utf-16", "utf-16be": return .utf16BigEndian
        case "utf-16le": return .utf16LittleEndian
        case "utf-32", "utf-32be": return .utf32BigEndian
        case "utf-32le": return .utf32LittleEndian
        default: return nil
        }
    }

    /// The `charset` parameter of a `Content-Type`, lowercased (`"utf-16le"`), or nil.
    private static func charset(in contentType: String?) -> String? {
        contentType.flatMap { $0.lowercased().firstMatch(of: /charset\s*=\s*"?([a-z0-9_.:-]+)/) }.map { String($0.1) }
    }

    /// The single-byte charset a `Content-Type` names (`charset=iso-8859-1`), when it is one.
    private static func declaredSingleByteCharset(_ contentType: String?) -> String.Encoding? {
        switch charset(in: contentType) {
        case "iso-8859-1", "iso8859-1", "latin1", "latin-1", "l1", "iso_8859-1": return .isoLatin1
        case "windows-1252", "cp1252", "x-cp1252": return .windowsCP1252
        default: return nil
        }
    }

    /// `body` with every `\u` escape of a lone surrogate made `\uFFFD`, how many there were and
    /// where the first was; nil when there is none. Escapes are read in pairs (`\\` and `\u…`),
    /// so an escaped backslash before a `u` is never taken for an escape.
    private static func withoutLoneSurrogates(_ body: Data) -> (Data, Int, Int)? {
        body.withUnsafeBytes { (raw: UnsafeRawBufferPointer) -> (Data, Int, Int)? in
            let bytes = raw.bindMemory(to: UInt8.self)
            var output: Data?
            var halves = 0, first = 0, index = 0, copied = 0
            func hex(at start: Int) -> Int? {
                guard start + 4 <= bytes.count else { return nil }
                var value = 0
                for byte in bytes[start..<start + 4] {
                    let digit: UInt8 = switch byte {
                    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
                    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
                    case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
                    default: 255
                    }
                    guard digit < 16 else { return nil }
                    value = value * 16 + Int(digit)
                }
                return value
            }
            guard let base = bytes.baseAddress else { return nil }
            while index < bytes.count {
                // Straight to the next backslash: most answers hold few, or none.
                guard let found = memchr(base + index, Int32(UInt8(ascii: "\\")), bytes.count - index) else { break }
                index = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                guard index + 1 < bytes.count else { break }
                guard bytes[index + 1] == UInt8(ascii: "u"), let unit = hex(at: index + 2) else { index += 2; continue }
                if (0xD800...0xDBFF).contains(unit), index + 7 < bytes.count, bytes[index + 6] == UInt8(ascii: "\\"),
                   bytes[index + 7] == UInt8(ascii: "u"), let next = hex(at: index + 8), (0xDC00...0xDFFF).contains(next) {
                    index += 12
                    continue
                }
                guard (0xD800...0xDFFF).contains(unit) else { index += 6; continue }
                if output == nil {
                    output = Data(capacity: bytes.count)
                    first = index
                }
                output?.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[copied..<index]))
                output?.append(contentsOf: Array("\\uFFFD".utf8))
                halves += 1
                index += 6
                copied = index
            }
            guard var output else { return nil }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[copied...]))
            return (output, halves, first)
        }
    }

    /// Up to 24 characters before `offset`, quoted, for the reader to find the place.
    private static func context(before offset: Int?, in body: Data) -> String {
        guard let offset, offset > 0 else { return "the start" }
        let start = max(0, offset - 24)
        let text = String(decoding: body[body.startIndex + start..<body.startIndex + offset], as: UTF8.self)
        return "\"\(start > 0 ? "…" : "")\(text.replacingOccurrences(of: "\n", with: " "))\""
    }

    private static func count(_ number: Int, _ one: String, _ many: String) -> String {
        "\(number) \(number == 1 ? one : many)"
    }
}
