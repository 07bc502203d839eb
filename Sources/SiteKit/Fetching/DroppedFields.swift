import Foundation
import Synchronization

/// Fields of an answer that were there but could not be read, and were left empty: a string with
/// a raw line break or a bad escape, an e-mail address sent as a list, a name sent as a number.
/// Odd fields never fail a build (see `KeyedDecodingContainer.lenient`), but they are not dropped
/// in silence either: the answer's warning says how many there were and where the first was.
///
/// The decoding of one answer collects them (`collecting`); the lenient readers record into
/// whatever collection is under way on their task or thread, and into none outside one.
final class DroppedFields: Sendable {
    @TaskLocal static var current: DroppedFields?

    private let state = Mutex(Tally())

    /// Fields left empty, and fields cut short (`recordCut`), each with where the first was.
    fileprivate struct Tally: Sendable {
        var count = 0
        var first: String?
        var cut = 0
        var firstCut: String?
    }

    /// The most characters a text field of an answer keeps (`recordCut`): a name of a million
    /// characters made its person's page 4 MB, and the lists and search index with it.
    static let maxTextLength = 10_000

    /// Records `error`, met reading the field at `path`, in the collection under way.
    static func record(_ error: any Error, at path: [any CodingKey]) {
        current?.add(error, at: path)
    }

    /// Records a field at `path` that was read but holds no usable value, and why (`detail`).
    static func record(_ detail: String, at path: [any CodingKey]) {
        current?.add(Unusable(detail: detail), at: path)
    }

    /// Records a text field at `path` of `length` characters, cut to its first `maxTextLength`.
    static func recordCut(length: Int, at path: [any CodingKey]) {
        current?.state.withLock { state in
            state.cut += 1
            if state.firstCut == nil { state.firstCut = "at \(JSONPath.path(path)), \(ChartFormat.number(length)) characters" }
        }
    }

    /// A value read as sent that means nothing (an age of 200), with why.
    private struct Unusable: Error {
        var detail: String
    }

    /// `body` run with a new collection under way, and what it collected.
    static func collecting<T>(_ body: () throws -> T) rethrows -> (value: T, dropped: DroppedFields) {
        let dropped = DroppedFields()
        let value = try $current.withValue(dropped) { try body() }
        return (value, dropped)
    }

    private func add(_ error: any Error, at path: [any CodingKey]) {
        let first: String
        if let error = error as? DecodingError {
            let (where_, detail) = JSONPath.describe(error)
            if case .dataCorrupted(let context) = error {
                // The field's own text, not the whole body: the rest of it was read.
                let underlying = (context.underlyingError as NSError?)?.localizedDescription
                first = "at \(where_): its text is not valid JSON\(underlying.map { " (\($0))" } ?? "")"
            } else {
                first = "at \(where_): \(detail)"
            }
        } else if let error = error as? Unusable {
            first = "at \(JSONPath.path(path)): \(error.detail)"
        } else {
            // Foundation's JSON scanner throws its own errors for a string it cannot read.
            first = "at \(JSONPath.path(path)): \(Self.describe(error))"
        }
        state.withLock { state in
            state.count += 1
            if state.first == nil { state.first = first }
        }
    }

    /// A string's fault as Foundation's scanner names it (`unescapedControlCharacterInString(ascii:
    /// 10, location: …(line: 37, column: 0, …))`), in words: "a raw control character (U+000A),
    /// which JSON writes as an escape (line 36)", on the line the string's line feed breaks. Anything else is "its text is not valid JSON".
    static func describe(_ error: any Error) -> String {
        if case .dataCorrupted(let context)? = error as? DecodingError, let underlying = context.underlyingError {
            return describe(underlying)
        }
        let text = String(describing: error)
        let ascii = text.firstMatch(of: /ascii: (\d+)/).flatMap { UInt8($0.1) }
        // The line only where there are lines: compact JSON, as APIs send it, is all line 1. A raw
        // line feed is placed on the line it starts.
        let lineFeed = text.hasPrefix("unescapedControlCharacterInString") && ascii == 0x0A
        let line = text.firstMatch(of: /line: (\d+)/).flatMap { Int($0.1) }
            .map { $0 - (lineFeed ? 1 : 0) }.map { $0 > 1 ? " (line \($0))" : "" } ?? ""
        let what: String
        if text.hasPrefix("unescapedControlCharacterInString"), let ascii {
            what = "a raw control character (U+\(String(format: "%04X", ascii))), which JSON writes as an escape such as \\n"
        } else if text.hasPrefix("unexpectedEscapedCharacter"), let ascii, (0x20..<0x7F).contains(ascii) {
            what = "an escape JSON does not have (\\\(Character(Unicode.Scalar(ascii))))"
        } else if text.hasPrefix("invalidHexDigitSequence") {
            what = "a \\u escape whose four digits are not hexadecimal"
        } else {
            what = "its text is not valid JSON"
        }
        return what + line
    }

    /// Fields left empty or cut short.
    var count: Int { state.withLock { $0.count + $0.cut } }

    /// What was collected so far, to go back to (`rollback`) when the entry being read is
    /// skipped whole: its fields are in that entry's warning, not counted again as left empty.
    struct Mark: Sendable {
        fileprivate var tally: Tally
    }

    var mark: Mark { state.withLock { Mark(tally: $0) } }

    func rollback(to mark: Mark) {
        state.withLock { $0 = mark.tally }
    }

    /// "has 2 fields that could not be read and were left empty (the first at
    /// $.results[3].location.city: …)", for the answer's warning; nil when there were none.
    /// Fields cut short are a clause of their own: "has a field longer than 10,000 characters, cut
    /// to its first 10,000 (at $.results[3].name.last, 1,000,000 characters)".
    var clause: String? {
        let tally = state.withLock { $0 }
        var clauses: [String] = []
        if tally.count > 0 {
            let fields = tally.count == 1 ? "a field that could not be read and was" : "\(tally.count) fields that could not be read and were"
            clauses.append("has \(fields) left empty" + (tally.first.map { " (the first \($0))" } ?? ""))
        }
        if tally.cut > 0 {
            let limit = ChartFormat.number(Self.maxTextLength)
            let fields = tally.cut == 1 ? "a field longer than \(limit) characters, cut to its" : "\(tally.cut) fields longer than \(limit) characters, each cut to its"
            clauses.append("has \(fields) first \(limit)" + (tally.firstCut.map { " (\(tally.cut == 1 ? "" : "the first ")\($0))" } ?? ""))
        }
        return clauses.isEmpty ? nil : clauses.joined(separator: ", and ")
    }
}
