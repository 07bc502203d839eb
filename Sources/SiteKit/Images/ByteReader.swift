import Foundation

/// Bounds-checked reads from untrusted bytes: every accessor returns nil past the end.
///
/// Offsets are relative to the start of the data, so slices with a non-zero `startIndex` work too.
struct ByteReader {
    let data: Data

    var count: Int { data.count }

    func byte(_ offset: Int) -> UInt8? {
        guard offset >= 0, offset < data.count else { return nil }
        return data[data.startIndex + offset]
    }

    func bigEndian16(_ offset: Int) -> Int? {
        guard let high = byte(offset), let low = byte(offset + 1) else { return nil }
        return Int(high) << 8 | Int(low)
    }

    func bigEndian32(_ offset: Int) -> Int? {
        guard let high = bigEndian16(offset), let low = bigEndian16(offset + 2) else { return nil }
        return high << 16 | low
    }

    func littleEndian16(_ offset: Int) -> Int? {
        guard let low = byte(offset), let high = byte(offset + 1) else { return nil }
        return Int(high) << 8 | Int(low)
    }

    func littleEndian24(_ offset: Int) -> Int? {
        guard let low = littleEndian16(offset), let high = byte(offset + 2) else { return nil }
        return Int(high) << 16 | low
    }

    func littleEndian32(_ offset: Int) -> Int? {
        guard let low = littleEndian16(offset), let high = littleEndian16(offset + 2) else { return nil }
        return high << 16 | low
    }

    /// Up to `length` bytes from `offset`, fewer near the end.
    func bytes(_ offset: Int, _ length: Int) -> [UInt8] {
        guard offset >= 0, offset < data.count, length > 0 else { return [] }
        let start = data.startIndex + offset
        return Array(data[start..<start + min(length, data.count - offset)])
    }

    /// True when the data holds exactly `expected` at `offset`.
    func matches(_ expected: [UInt8], at offset: Int) -> Bool {
        bytes(offset, expected.count) == expected
    }
}
