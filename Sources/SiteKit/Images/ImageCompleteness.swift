import Foundation

/// Whether an image's bytes run to its end, found by walking its structure without decoding it:
/// a JPEG to its end-of-image marker, a PNG to its `IEND` chunk, a GIF to its trailer, a WebP to
/// the length its RIFF header declares. A server that cuts a picture short but sends a matching
/// `Content-Length` (a proxy, a full disk on the origin) passes every header check; published,
/// it shows a strip of the picture and grey below. Trailing bytes after the end are allowed.
enum ImageCompleteness {
    static func check(_ data: Data, format: ImageFormat) throws(ImageError) {
        let complete = data.withUnsafeBytes { bytes in
            switch format {
            case .jpeg: jpegIsComplete(bytes)
            case .png: pngIsComplete(bytes)
            case .gif: gifIsComplete(bytes)
            case .webp: webpIsComplete(bytes)
            }
        }
        guard complete else { throw .cutShort(format, bytes: data.count) }
    }

    /// Segments from the start of image on, and the entropy-coded data after each start of scan
    /// (where 0xFF is followed by 0x00, a restart marker or more fill), until the end marker.
    static func jpegIsComplete(_ bytes: UnsafeRawBufferPointer) -> Bool {
        var offset = 2
        while offset < bytes.count {
            guard bytes[offset] == 0xFF else { return false }
            while offset < bytes.count, bytes[offset] == 0xFF { offset += 1 }
            guard offset < bytes.count else { return false }
            let marker = bytes[offset]
            offset += 1
            switch marker {
            case 0xD9:
                return true
            case 0x01, 0xD0...0xD7:
                continue
            default:
                guard offset + 1 < bytes.count else { return false }
                offset += Int(bytes[offset]) << 8 | Int(bytes[offset + 1])
                guard marker == 0xDA else { continue }
                // The scan's data runs to the next marker that is not stuffing or a restart.
                while offset + 1 < bytes.count {
                    if bytes[offset] == 0xFF, bytes[offset + 1] != 0x00, !(0xD0...0xD7).contains(bytes[offset + 1]),
                       bytes[offset + 1] != 0xFF {
                        break
                    }
                    offset += 1
                }
                if offset + 1 >= bytes.count { return false }
            }
        }
        return false
    }

    /// Chunks (length, type, data, CRC) from after the signature until `IEND`.
    static func pngIsComplete(_ bytes: UnsafeRawBufferPointer) -> Bool {
        var offset = 8
        while offset + 12 <= bytes.count {
            let length = (0..<4).reduce(0) { $0 << 8 | Int(bytes[offset + $1]) }
            if bytes[offset + 4] == 0x49, bytes[offset + 5] == 0x45, bytes[offset + 6] == 0x4E, bytes[offset + 7] == 0x44 {
                return true  // IEND
            }
            offset += 12 + length
        }
        return false
    }

    /// Header and colour table, then blocks (extensions, images and their data sub-blocks) until
    /// the trailer 0x3B.
    static func gifIsComplete(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard bytes.count > 13 else { return false }
        var offset = 13 + colorTableSize(bytes[10])
        func skipSubBlocks() -> Bool {
            while offset < bytes.count {
                let size = Int(bytes[offset])
                offset += 1 + size
                if size == 0 { return true }
            }
            return false
        }
        while offset < bytes.count {
            switch bytes[offset] {
            case 0x3B:
                return true
            case 0x21:
                offset += 2
                guard skipSubBlocks() else { return false }
            case 0x2C:
                guard offset + 10 < bytes.count else { return false }
                offset += 10 + colorTableSize(bytes[offset + 9]) + 1  // descriptor, local table, LZW code size
                guard skipSubBlocks() else { return false }
            default:
                return false
            }
        }
        return false
    }

    private static func colorTableSize(_ packed: UInt8) -> Int {
        packed & 0x80 == 0 ? 0 : 3 << (Int(packed & 0x07) + 1)
    }

    /// "RIFF", then the size of what follows it.
    static func webpIsComplete(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard bytes.count >= 8 else { return false }
        let size = (4..<8).reversed().reduce(0) { $0 << 8 | Int(bytes[$1]) }
        return bytes.count >= 8 + size
    }
}

extension ImageError {
    static func cutShort(_ format: ImageFormat, bytes: Int) -> ImageError {
        ImageError(.truncated, "is cut short (the \(format.name) data stops after \(bytes) bytes, before the image ends)")
    }
}
