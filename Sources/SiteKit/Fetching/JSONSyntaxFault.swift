import Foundation

/// Where a body that should be JSON stops being JSON, for the error that names it: one broken
/// person in three megabytes of people is found by its line and column, and the text around it.
struct JSONSyntaxFault: Sendable, Equatable {
    /// What Foundation's parser met, in its words made lower case: "invalid value",
    /// "unescaped control character", "the body ends before the JSON does"…
    var what: String
    /// The byte offset in the body where it was met, when the parser says.
    var offset: Int?
    /// Line and column (from 1) of `offset`, counted in bytes.
    var line: Int?, column: Int?
    /// Up to 40 bytes of the body around `offset`, as text on one line.
    var near: String?
    /// JSON nested deeper than the parser goes: the JSON may be valid, and the server fine.
    var tooDeep: Bool

    /// The fault in `body`, nil when it parses.
    static func find(in body: Data) -> JSONSyntaxFault? {
        let description: String
        do {
            _ = try JSONSerialization.jsonObject(with: body, options: .fragmentsAllowed)
            return nil
        } catch {
            description = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? ""
        }
        let tooDeep = description.lowercased().contains("too many nested")
        let offset = description.firstMatch(of: /around (?:character|line \d+, column \d+,? index) (\d+)/).flatMap { Int($0.1) }
            ?? description.firstMatch(of: /character (\d+)/).flatMap { Int($0.1) }
        var what = description.components(separatedBy: " around ").first ?? description
        what = what.trimmingCharacters(in: CharacterSet(charactersIn: ". "))
        if what.lowercased().hasPrefix("unexpected end of file") {
            what = "the body ends before the JSON does"
        } else if tooDeep {
            what = "lists or objects nested more than 512 deep"
        } else if what.isEmpty {
            what = "not JSON"
        } else {
            what = what.prefix(1).lowercased() + what.dropFirst()
        }
        var fault = JSONSyntaxFault(what: what, offset: nil, tooDeep: tooDeep)
        if let offset, offset >= 0, offset <= body.count {
            fault.offset = offset
            let before = body.prefix(offset)
            let lineStart = before.lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? body.startIndex
            fault.line = before.reduce(1) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
            fault.column = offset - (lineStart - body.startIndex) + 1
            // On character boundaries: a UTF-8 continuation byte (10xxxxxx) does not start one.
            var start = body.startIndex + max(0, offset - 20), end = body.startIndex + min(body.count, offset + 20)
            while start > body.startIndex, start < body.endIndex, body[start] & 0xC0 == 0x80 { start -= 1 }
            while end < body.endIndex, body[end] & 0xC0 == 0x80 { end += 1 }
            let text = String(decoding: body[start..<end], as: UTF8.self)
                .filter { $0 != "\u{FEFF}" }  // byte order marks, invisible
                .map { $0.isNewline || ($0.asciiValue.map { $0 < 0x20 || $0 == 0x7F } ?? false) ? " " : String($0) }.joined()
            fault.near = text.trimmingCharacters(in: .whitespaces)
        }
        return fault
    }

    /// "invalid value at line 1, column 23, near `{"email" "x"}`"
    var clause: String {
        var text = what
        if let line, let column { text += " at line \(line), column \(column)" }
        if let near, !near.isEmpty { text += ", near `\(near)`" }
        return text
    }
}
