/// Reads a WebP's size from its first chunk: VP8 (lossy), VP8L (lossless) or VP8X (extended).
enum WebPHeader {
    /// The first chunk's payload starts after "RIFF", size, "WEBP", fourcc and chunk size.
    private static let payload = 20

    static func dimensions(of reader: ByteReader) throws(ImageError) -> (width: Int, height: Int) {
        let fourcc = reader.bytes(12, 4)
        guard fourcc.count == 4 else { throw .truncated(.webp) }
        switch String(decoding: fourcc, as: UTF8.self) {
        case "VP8 ": return try lossy(reader)
        case "VP8L": return try lossless(reader)
        case "VP8X": return try extended(reader)
        default:
            let name = fourcc.allSatisfy { (0x20...0x7E).contains($0) } ? String(decoding: fourcc, as: UTF8.self) : "?"
            throw .corrupt(.webp, "unknown first chunk \"\(name)\"")
        }
    }

    /// Frame tag (3 bytes), start code 9D 01 2A, then 14-bit width and height (2 bits of scale each).
    private static func lossy(_ reader: ByteReader) throws(ImageError) -> (width: Int, height: Int) {
        guard let tag = reader.byte(payload), reader.count >= payload + 6 else { throw .truncated(.webp) }
        guard tag & 1 == 0 else { throw .corrupt(.webp, "the VP8 frame is not a key frame") }
        guard reader.matches([0x9D, 0x01, 0x2A], at: payload + 3) else {
            throw .corrupt(.webp, "missing VP8 start code")
        }
        guard let width = reader.littleEndian16(payload + 6), let height = reader.littleEndian16(payload + 8) else {
            throw .truncated(.webp)
        }
        return (width & 0x3FFF, height & 0x3FFF)
    }

    /// Signature 0x2F, then 14 bits of width - 1, 14 bits of height - 1, alpha, 3-bit version 0.
    private static func lossless(_ reader: ByteReader) throws(ImageError) -> (width: Int, height: Int) {
        guard let signature = reader.byte(payload) else { throw .truncated(.webp) }
        guard signature == 0x2F else { throw .corrupt(.webp, "missing VP8L signature") }
        guard let bits = reader.littleEndian32(payload + 1) else { throw .truncated(.webp) }
        guard bits >> 29 == 0 else { throw .corrupt(.webp, "unknown VP8L version") }
        return ((bits & 0x3FFF) + 1, ((bits >> 14) & 0x3FFF) + 1)
    }

    /// Flags (1), reserved (3), then 24-bit canvas width - 1 and height - 1.
    private static func extended(_ reader: ByteReader) throws(ImageError) -> (width: Int, height: Int) {
        guard let width = reader.littleEndian24(payload + 4), let height = reader.littleEndian24(payload + 7) else {
            throw .truncated(.webp)
        }
        return (width + 1, height + 1)
    }
}
