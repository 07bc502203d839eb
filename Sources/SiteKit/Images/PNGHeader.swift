/// Reads a PNG's size from its IHDR chunk, which must come first.
enum PNGHeader {
    /// Signature (8), then IHDR: length (4), type (4), data (13), CRC (4).
    private static let headerEnd = 33

    static func dimensions(of reader: ByteReader) throws(ImageError) -> (width: Int, height: Int) {
        guard reader.count >= 16 else { throw .truncated(.png) }
        guard reader.matches(Array("IHDR".utf8), at: 12) else {
            throw .corrupt(.png, "first chunk is not IHDR")
        }
        guard reader.bigEndian32(8) == 13 else { throw .corrupt(.png, "IHDR has the wrong length") }
        guard reader.count >= headerEnd,
              let width = reader.bigEndian32(16),
              let height = reader.bigEndian32(20),
              let storedChecksum = reader.bigEndian32(29)
        else { throw .truncated(.png) }
        guard CRC32.checksum(reader.bytes(12, 17)) == UInt32(storedChecksum) else {
            throw .corrupt(.png, "IHDR checksum mismatch")
        }
        // The PNG specification caps each side at 2^31 - 1.
        guard width <= Int(Int32.max), height <= Int(Int32.max) else {
            throw .corrupt(.png, "size \(width)×\(height) is out of range")
        }
        return (width, height)
    }
}

/// The CRC-32 PNG uses (ISO 3309, polynomial 0xEDB88320), for the few bytes of a chunk header.
enum CRC32 {
    static func checksum(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 {
                crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1
            }
        }
        return ~crc
    }
}
