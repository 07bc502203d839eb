/// Reads a JPEG's size from its first frame header (SOFn) by walking the marker segments before
/// it: the size it is shown at, with width and height swapped when its Exif orientation turns it
/// a quarter (`ExifOrientation`).
enum JPEGHeader {
    /// Real files have a dozen segments before the frame; more means a hostile or broken file.
    static let maxSegments = 1000

    static func dimensions(of reader: ByteReader) throws(ImageError) -> (width: Int, height: Int) {
        var offset = 2
        var segments = 0
        var quarterTurned: Bool?
        while true {
            guard let first = reader.byte(offset) else { throw .truncated(.jpeg) }
            guard first == 0xFF else {
                throw .corrupt(.jpeg, "expected a marker at byte \(offset)")
            }
            // Any number of 0xFF fill bytes may precede a marker.
            while reader.byte(offset) == 0xFF { offset += 1 }
            guard let marker = reader.byte(offset) else { throw .truncated(.jpeg) }
            offset += 1
            segments += 1
            guard segments <= maxSegments else {
                throw .corrupt(.jpeg, "no frame header within the first \(maxSegments) segments")
            }
            switch marker {
            case 0x01, 0xD0...0xD7:
                continue
            case 0xC0...0xC3, 0xC5...0xC7, 0xC9...0xCB, 0xCD...0xCF:
                let size = try frameSize(reader, at: offset)
                return quarterTurned == true ? (size.height, size.width) : size
            case 0xD9:
                throw .corrupt(.jpeg, "the image ends before its frame header")
            case 0xDA:
                throw .corrupt(.jpeg, "image data starts before the frame header")
            case 0x00, 0xD8:
                throw .corrupt(.jpeg, "unexpected marker \(hex(marker)) at byte \(offset - 1)")
            default:
                guard let length = reader.bigEndian16(offset) else { throw .truncated(.jpeg) }
                guard length >= 2 else {
                    throw .corrupt(.jpeg, "segment \(hex(marker)) has an impossible length of \(length)")
                }
                guard offset + length <= reader.count else {
                    throw .truncated(.jpeg, "a segment runs past the end of the file")
                }
                // The first Exif block decides, as in browsers.
                if marker == 0xE1, quarterTurned == nil, reader.matches(Array("Exif".utf8), at: offset + 2) {
                    quarterTurned = ExifOrientation.isQuarterTurned(reader, payload: offset + 2..<offset + length)
                }
                offset += length
            }
        }
    }

    /// SOFn: length (2), sample precision (1), height (2), width (2), then the components.
    private static func frameSize(
        _ reader: ByteReader, at offset: Int
    ) throws(ImageError) -> (width: Int, height: Int) {
        guard let length = reader.bigEndian16(offset),
              let height = reader.bigEndian16(offset + 3),
              let width = reader.bigEndian16(offset + 5)
        else { throw .truncated(.jpeg) }
        guard length >= 8 else {
            throw .corrupt(.jpeg, "frame header has an impossible length of \(length)")
        }
        return (width, height)
    }

    private static func hex(_ marker: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return "FF" + String([digits[Int(marker >> 4)], digits[Int(marker & 0x0F)]])
    }
}
