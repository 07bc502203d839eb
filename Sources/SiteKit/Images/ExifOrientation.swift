/// The orientation a JPEG's Exif data asks for (tag 0x0112 of its first image directory), read
/// to tell whether the picture is shown turned a quarter: browsers draw a JPEG as its Exif
/// orientation says (CSS `image-orientation: from-image`, the default), so a phone photo stored
/// 400 × 300 with orientation 6 is shown 300 × 400, and a page that gave it `width="400"
/// height="300"` would squash it.
///
/// Bounds-checked like every read of downloaded bytes: a broken or hostile Exif block says
/// nothing, and the picture keeps its stored size.
enum ExifOrientation {
    /// Whether the APP1 segment whose payload (after its length) spans `payload` holds Exif data
    /// with an orientation of 5 to 8, which swap width and height.
    static func isQuarterTurned(_ reader: ByteReader, payload: Range<Int>) -> Bool {
        let exif: [UInt8] = [0x45, 0x78, 0x69, 0x66, 0, 0]  // "Exif\0\0"
        guard payload.count >= exif.count + 8, reader.matches(exif, at: payload.lowerBound) else { return false }
        let tiff = payload.lowerBound + exif.count
        let bigEndian: Bool
        if reader.matches([0x4D, 0x4D], at: tiff) { bigEndian = true }  // "MM"
        else if reader.matches([0x49, 0x49], at: tiff) { bigEndian = false }  // "II"
        else { return false }
        // Reads within the segment only, from offsets relative to the TIFF header.
        func read16(_ offset: Int) -> Int? {
            guard offset >= 0, tiff + offset + 2 <= payload.upperBound else { return nil }
            return bigEndian ? reader.bigEndian16(tiff + offset) : reader.littleEndian16(tiff + offset)
        }
        func read32(_ offset: Int) -> Int? {
            guard offset >= 0, tiff + offset + 4 <= payload.upperBound else { return nil }
            return bigEndian ? reader.bigEndian32(tiff + offset) : reader.littleEndian32(tiff + offset)
        }
        guard read16(2) == 42, let directory = read32(4), let entries = read16(directory) else { return false }
        for index in 0..<entries {
            let entry = directory + 2 + index * 12
            guard let tag = read16(entry) else { return false }
            guard tag == 0x0112 else { continue }
            // Type SHORT (3), one value, held in the first two bytes of the value field.
            guard read16(entry + 2) == 3, read32(entry + 4) == 1, let orientation = read16(entry + 8) else { return false }
            return (5...8).contains(orientation)
        }
        return false
    }
}
