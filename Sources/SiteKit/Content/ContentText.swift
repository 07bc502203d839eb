import Foundation

/// Turns a content file's bytes into text with one line-ending convention.
enum ContentText {
    /// Decodes UTF-8, drops a leading byte order mark and turns CRLF and lone CR into LF,
    /// so files saved by any editor split into the same lines.
    static func decode(_ data: Data, file: String) throws(ContentError) -> String {
        let start = data.starts(with: [0xEF, 0xBB, 0xBF]) ? data.index(data.startIndex, offsetBy: 3) : data.startIndex
        let payload = data[start...]
        guard let text = String(data: payload, encoding: .utf8) else {
            throw ContentError(file: file, line: invalidLine(in: payload),
                               message: "the file is not valid UTF-8 text. Save it as UTF-8 in your editor.")
        }
        guard text.utf8.contains(UInt8(ascii: "\r")) else { return text }
        return text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
    }

    /// The line holding the first byte that is not valid UTF-8.
    static func invalidLine(in bytes: Data) -> Int {
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        var line = 1
        var afterCR = false
        // Lines end in LF, CRLF or a lone CR (old Mac files), as `decode` splits them.
        while case .scalarValue(let scalar) = decoder.decode(&iterator) {
            if scalar == "\n" && !afterCR || scalar == "\r" { line += 1 }
            afterCR = scalar == "\r"
        }
        return line
    }
}
