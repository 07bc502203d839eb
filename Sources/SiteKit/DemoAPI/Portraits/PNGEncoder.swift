/// A minimal PNG writer: 8-bit RGB, no filtering, zlib "stored" (uncompressed) deflate blocks.
/// Valid for every decoder and needs no compression library; portraits are small.
enum PNGEncoder {
    /// Encodes `rgb` (`width * height * 3` bytes, rows top to bottom).
    static func encode(width: Int, height: Int, rgb: [UInt8]) -> [UInt8] {
        precondition(rgb.count == width * height * 3, "pixel buffer does not match the size")
        var raw: [UInt8] = []
        raw.reserveCapacity((width * 3 + 1) * height)
        for row in 0..<height {
            raw.append(0)  // filter type None
            raw += rgb[(row * width * 3)..<((row + 1) * width * 3)]
        }
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        var header = bigEndian(UInt32(width)) + bigEndian(UInt32(height))
        header += [8, 2, 0, 0, 0]  // bit depth 8, colour type RGB, deflate, adaptive filters, no interlace
        appendChunk("IHDR", header, to: &png)
        appendChunk("IDAT", zlibStored(raw), to: &png)
        appendChunk("IEND", [], to: &png)
        return png
    }

    /// A zlib stream holding `data` in stored blocks of at most 65,535 bytes.
    static func zlibStored(_ data: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x78, 0x01]
        var offset = 0
        repeat {
            let length = min(65_535, data.count - offset)
            let isLast = offset + length == data.count
            out.append(isLast ? 1 : 0)
            out += [UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF), UInt8((~length >> 8) & 0xFF)]
            out += data[offset..<offset + length]
            offset += length
        } while offset < data.count
        return out + bigEndian(adler32(data))
    }

    static func adler32(_ data: [UInt8]) -> UInt32 {
        var a: UInt32 = 1
        var b: UInt32 = 0
        for byte in data {
            a = (a + UInt32(byte)) % 65_521
            b = (b + a) % 65_521
        }
        return b << 16 | a
    }

    static func crc32(_ data: some Sequence<UInt8>) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in data {
            crc = crcTable[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8)
        }
        return crc ^ 0xFFFF_FFFF
    }

    private static let crcTable: [UInt32] = (0..<256).map { index in
        var value = UInt32(index)
        for _ in 0..<8 {
            value = value & 1 == 1 ? 0xEDB8_8320 ^ (value >> 1) : value >> 1
        }
        return value
    }

    private static func appendChunk(_ type: String, _ data: [UInt8], to png: inout [UInt8]) {
        let typeBytes = Array(type.utf8)
        png += bigEndian(UInt32(data.count)) + typeBytes + data
        png += bigEndian(crc32(typeBytes + data))
    }

    private static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
    }
}
