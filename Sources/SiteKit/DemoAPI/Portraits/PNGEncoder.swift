import CompressNIO
import NIOCore

/// A small PNG writer: 8-bit RGB, no filtering, one zlib-compressed IDAT chunk (zlib through
/// CompressNIO). The painted portraits are flat colours, so they compress to well under a
/// kilobyte, where stored blocks made a 128 px picture 48 KB, ten times randomuser's JPEG.
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
        appendChunk("IDAT", zlib(raw), to: &png)
        appendChunk("IEND", [], to: &png)
        return png
    }

    /// `data` as one zlib stream (RFC 1950), at zlib's fastest level (`deflate`).
    static func zlib(_ data: [UInt8]) -> [UInt8] {
        var input = ByteBuffer(bytes: data)
        // Compressing into a buffer of zlib's own worst-case bound cannot run out of room, and
        // the settings are fixed, so a failure here is a broken zlib, not bad input.
        guard var output = try? input.compress(with: deflate), let bytes = output.readBytes(length: output.readableBytes) else {
            preconditionFailure("zlib could not compress \(data.count) bytes")
        }
        return bytes
    }

    /// zlib at its fastest level. A server that has just started draws every picture on its
    /// first request: at the default level deflate was two thirds of that (1.6 ms for a 128 px
    /// picture), so a build against a fresh demo API, or the embedded one that every `--demo`
    /// build starts, took 50–85 % longer than the next. The fastest level takes a fifth of the
    /// time; the sparser grain (`PortraitPainter`) keeps the pictures as small as they were.
    private static let deflate = CompressionAlgorithm.zlib(configuration: .init(compressionLevel: .fastestCompression))

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
