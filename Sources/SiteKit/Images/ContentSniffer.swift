import Foundation

/// Tells the format from a file's first bytes, and names what the file is when it is no image.
enum ContentSniffer {
    /// Each format's signature; nil matches any byte (the RIFF size).
    private static let signatures: [(ImageFormat, [UInt8?])] = [
        (.jpeg, [0xFF, 0xD8, 0xFF]),
        (.png, [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]),
        (.gif, Array("GIF87a".utf8)),
        (.gif, Array("GIF89a".utf8)),
        (.webp, Array("RIFF".utf8) + [nil, nil, nil, nil] + Array("WEBP".utf8)),
    ]

    private static let heifBrands: Set<String> = [
        "avif", "avis", "heic", "heix", "heim", "heis", "hevc", "mif1", "msf1",
    ]

    /// The format `reader` starts with; throws `.truncated` for a cut-off signature, `.notAnImage` otherwise.
    static func format(of reader: ByteReader) throws(ImageError) -> ImageFormat {
        let head = reader.bytes(0, 12)
        for (format, signature) in signatures {
            let compared = zip(signature, head)
            guard compared.allSatisfy({ expected, actual in expected == nil || expected == actual }) else { continue }
            if head.count >= signature.count { return format }
            let length = reader.count == 1 ? "1 byte" : "\(reader.count) bytes"
            throw .truncated(format, "the file is only \(length)")
        }
        throw describeNonImage(reader)
    }

    private static func describeNonImage(_ reader: ByteReader) -> ImageError {
        let head = reader.bytes(0, 512)
        let text = trimmedASCIIPrefix(head)
        if text.hasPrefix("<") {
            if text.hasPrefix("<?xml") || text.hasPrefix("<svg") {
                let kind = text.contains("<svg") ? "an SVG document" : "an XML document"
                return ImageError(.notAnImage, "is \(kind), not a JPEG, PNG, GIF or WebP file")
            }
            return ImageError(.notAnImage, "is an HTML page, not an image")
        }
        if text.hasPrefix("{") || text.hasPrefix("[") {
            return ImageError(.notAnImage, "is JSON, not an image")
        }
        if looksLikeText(head) {
            return ImageError(.notAnImage, "is text, not an image")
        }
        if reader.matches(Array("ftyp".utf8), at: 4),
           let brand = String(bytes: reader.bytes(8, 4), encoding: .ascii), heifBrands.contains(brand) {
            return ImageError(.notAnImage, "is an AVIF/HEIF file, not a JPEG, PNG, GIF or WebP file")
        }
        let hex = reader.bytes(0, 4).map(hexByte).joined(separator: " ")
        return ImageError(.notAnImage, "is not a JPEG, PNG, GIF or WebP file (starts with \(hex))")
    }

    /// The start of `bytes` as lowercase ASCII, after a UTF-8 byte order mark and white space.
    private static func trimmedASCIIPrefix(_ bytes: [UInt8]) -> String {
        var slice = bytes[...]
        if slice.starts(with: [0xEF, 0xBB, 0xBF]) { slice = slice.dropFirst(3) }
        slice = slice.drop { [0x20, 0x09, 0x0A, 0x0D, 0x0C].contains($0) }
        let ascii = slice.prefix(64).map { $0 < 0x80 ? $0 : UInt8(ascii: "?") }
        return String(decoding: ascii, as: UTF8.self).lowercased()
    }

    /// Valid UTF-8 with no control characters but white space: a text body, whatever it says.
    private static func looksLikeText(_ bytes: [UInt8]) -> Bool {
        let allowedControls: Set<UInt8> = [0x09, 0x0A, 0x0C, 0x0D]
        guard !bytes.contains(where: { ($0 < 0x20 && !allowedControls.contains($0)) || $0 == 0x7F }) else {
            return false
        }
        // The sample may end inside a multi-byte character.
        for cut in 0...min(3, bytes.count - 1) where String(bytes: bytes.dropLast(cut), encoding: .utf8) != nil {
            return true
        }
        return false
    }

    private static func hexByte(_ byte: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return String([digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]])
    }
}
