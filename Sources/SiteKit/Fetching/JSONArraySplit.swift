import Foundation

/// A response whose JSON can be read faster than by one `JSONDecoder` pass over it; nil when
/// this body cannot, and `JSONDecoder` then reads it as any other.
protocol ParallelJSONDecodable {
    static func decodedInParallel(from body: Data) -> Self?
}

/// One large JSON array of a document, cut at element boundaries into pieces that decode on
/// different cores: `{"results": [ … 5,000 people … ], "info": {…}}` becomes the envelope
/// `{"results": [], "info": {…}}` and arrays of about equal size whose elements, in order, are
/// the original array's.
///
/// Foundation's `JSONDecoder` reads one document on one core (about 35 MB/s for randomuser's
/// people), and a build can do nothing with a people page until it is read. The cut is made by
/// one scan of the bytes that knows strings and their escapes; anything it does not expect (no
/// such field, the field twice, nesting deeper than `maximumDepth`, text that is not JSON) gives
/// nil, and the caller decodes the document whole, as before.
struct JSONArraySplit: Sendable {
    /// The document with the array emptied (`[]`).
    var envelope: Data
    /// The array's elements as JSON arrays, in order, at most as many as asked for.
    var pieces: [Data]

    /// Nesting beyond this is left to the whole document's decoding, whose limit (512 levels)
    /// must fail the same documents as before.
    static let maximumDepth = 256

    /// Cuts the array that the top-level object's `field` holds into at most `parts` pieces.
    /// Nil when the document is not an object with that field holding an array of at least two
    /// elements, or is not one the scan is sure of.
    static func cut(_ document: Data, field: String, into parts: Int) -> JSONArraySplit? {
        guard parts > 1 else { return nil }
        let key = Array(field.utf8)
        return document.withUnsafeBytes { buffer -> JSONArraySplit? in
            let bytes = buffer.bindMemory(to: UInt8.self)
            guard let array = locate(key, in: bytes) else { return nil }
            guard array.commas.count >= 1 else { return nil }
            // Cut at the first element boundary after each equal share of the array's bytes.
            let length = array.close - array.open
            var cuts: [Int] = []
            var next = 0
            for share in 1..<parts {
                let target = array.open + length * share / parts
                while next < array.commas.count, array.commas[next] < target { next += 1 }
                guard next < array.commas.count else { break }
                if cuts.last != array.commas[next] { cuts.append(array.commas[next]) }
            }
            guard !cuts.isEmpty else { return nil }
            let starts = [array.open] + cuts
            let ends = cuts + [array.close]
            let pieces = zip(starts, ends).map { start, end -> Data in
                var piece = Data(capacity: end - start + 1)
                piece.append(UInt8(ascii: "["))
                piece.append(UnsafeBufferPointer(rebasing: bytes[(start + 1)..<end]))
                piece.append(UInt8(ascii: "]"))
                return piece
            }
            var envelope = Data(capacity: bytes.count - length + 1)
            envelope.append(UnsafeBufferPointer(rebasing: bytes[0...array.open]))
            envelope.append(UnsafeBufferPointer(rebasing: bytes[array.close...]))
            return JSONArraySplit(envelope: envelope, pieces: pieces)
        }
    }

    /// Where the array of `key` opens and closes (the offsets of `[` and `]`) and the offsets of
    /// the commas between its elements.
    private struct Located {
        var open: Int
        var close: Int
        var commas: [Int]
    }

    private static func locate(_ key: [UInt8], in bytes: UnsafeBufferPointer<UInt8>) -> Located? {
        let quote = UInt8(ascii: "\""), backslash = UInt8(ascii: "\\")
        var index = skipSpace(bytes, from: 0)
        guard index < bytes.count, bytes[index] == UInt8(ascii: "{") else { return nil }
        var depth = 0
        var found: Located?
        // Inside the array of `key`: its opening offset; its elements are at depth 2.
        var open: Int?
        var commas: [Int] = []
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case quote:
                let start = index + 1
                var escaped = false
                index = start
                while index < bytes.count, bytes[index] != quote {
                    if bytes[index] == backslash {
                        escaped = true
                        index += 2
                    } else {
                        index += 1
                    }
                }
                guard index < bytes.count else { return nil }
                // A key of the top-level object: a string at depth 1 followed by a colon.
                let after = depth == 1 ? skipSpace(bytes, from: index + 1) : index
                if depth == 1, after < bytes.count, bytes[after] == UInt8(ascii: ":") {
                    // An escaped key might spell `key` another way: not a document to cut.
                    guard !escaped else { return nil }
                    if index - start == key.count, key.indices.allSatisfy({ bytes[start + $0] == key[$0] }) {
                        // The field twice: which one a decoder keeps is its own business.
                        guard found == nil, open == nil else { return nil }
                        let value = skipSpace(bytes, from: after + 1)
                        guard value < bytes.count, bytes[value] == UInt8(ascii: "[") else { return nil }
                        open = value
                        depth += 1
                        index = value
                    }
                }
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                depth += 1
                guard depth <= maximumDepth else { return nil }
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth -= 1
                guard depth >= 0 else { return nil }
                if depth == 1, let start = open {
                    guard byte == UInt8(ascii: "]") else { return nil }
                    found = Located(open: start, close: index, commas: commas)
                    open = nil
                }
                if depth == 0 {
                    // Only space may follow the document.
                    guard skipSpace(bytes, from: index + 1) == bytes.count else { return nil }
                    return found
                }
            case UInt8(ascii: ","):
                if depth == 2, open != nil { commas.append(index) }
            default:
                break
            }
            index += 1
        }
        return nil
    }

    private static func skipSpace(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var index = start
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t"): index += 1
            default: return index
            }
        }
        return index
    }
}
