import Crypto
import Foundation

/// The on-disk form of one cache entry, self-checking so that a torn or truncated file is a miss.
///
/// ```
/// SITECACHE 2\n
/// <metadata bytes> <body bytes> <SHA-256 of metadata and body, hex>\n
/// <metadata><body>
/// ```
///
/// The metadata is a flat record of length-prefixed fields (see `CacheRecord`), not JSON: a warm
/// build reads every entry of the cache, and decoding JSON was a tenth of its time.
enum CacheEntryCodec {
    private static let magic = Array("SITECACHE 2\n".utf8)

    static func encode(_ entry: CacheEntry) throws -> Data {
        let metadata = CacheRecord.encode(entry.metadata)
        var hasher = SHA256()
        hasher.update(data: metadata)
        hasher.update(data: entry.body)
        let digest = Hex.string(hasher.finalize())
        var data = Data(capacity: magic.count + 90 + metadata.count + entry.body.count)
        data.append(contentsOf: magic)
        data.append(contentsOf: Array("\(metadata.count) \(entry.body.count) \(digest)\n".utf8))
        data.append(metadata)
        data.append(entry.body)
        return data
    }

    /// The entry in `data`, or nil when the file is not a complete, intact entry.
    static func decode(_ data: Data) -> CacheEntry? {
        guard data.starts(with: magic) else { return nil }
        let afterMagic = data.index(data.startIndex, offsetBy: magic.count)
        guard let newline = data[afterMagic...].prefix(100).firstIndex(of: 10) else { return nil }
        let line = String(decoding: data[afterMagic..<newline], as: UTF8.self).split(separator: " ")
        guard line.count == 3, let metadataCount = Int(line[0]), let bodyCount = Int(line[1]),
              metadataCount >= 0, bodyCount >= 0 else { return nil }
        let metadataStart = data.index(after: newline)
        guard data.distance(from: metadataStart, to: data.endIndex) == metadataCount + bodyCount else { return nil }
        let bodyStart = data.index(metadataStart, offsetBy: metadataCount)
        let metadata = data[metadataStart..<bodyStart]
        let body = data[bodyStart...]
        var hasher = SHA256()
        hasher.update(data: metadata)
        hasher.update(data: body)
        guard Hex.string(hasher.finalize()) == line[2], let decoded = CacheRecord.decode(metadata) else { return nil }
        return CacheEntry(metadata: decoded, body: Data(body))
    }
}

/// The metadata of a cache entry as a sequence of fields, each `<length>:<bytes>`:
/// method, URL, status, request time, response time (as the bit patterns of their
/// `timeIntervalSinceReferenceDate`, in hex, so that they read back exactly), the number of
/// selecting headers then a name and a value for each (an absent value is the single byte 0x00
/// behind a `-` length), and the number of header fields then a name and a value for each.
enum CacheRecord {
    static func encode(_ metadata: CacheEntry.Metadata) -> Data {
        var out: [UInt8] = []
        out.reserveCapacity(256 + metadata.headers.fields.count * 48)
        func field(_ text: String) {
            out.append(contentsOf: String(text.utf8.count).utf8)
            out.append(UInt8(ascii: ":"))
            out.append(contentsOf: text.utf8)
        }
        field(metadata.method)
        field(metadata.url)
        field(String(metadata.status))
        field(String(metadata.requestTime.timeIntervalSinceReferenceDate.bitPattern, radix: 16))
        field(String(metadata.responseTime.timeIntervalSinceReferenceDate.bitPattern, radix: 16))
        field(String(metadata.vary.count))
        for selecting in metadata.vary {
            field(selecting.name)
            if let value = selecting.value { field(value) } else { out.append(contentsOf: "-:".utf8) }
        }
        field(String(metadata.headers.fields.count))
        for header in metadata.headers.fields {
            field(header.name)
            field(header.value)
        }
        return Data(out)
    }

    static func decode(_ data: Data) -> CacheEntry.Metadata? {
        var reader = Reader(bytes: Array(data))
        guard let method = reader.text(), let url = reader.text(),
              let status = reader.text().flatMap({ Int($0) }),
              let requestBits = reader.text().flatMap({ UInt64($0, radix: 16) }),
              let responseBits = reader.text().flatMap({ UInt64($0, radix: 16) }),
              let varyCount = reader.text().flatMap({ Int($0) }), varyCount >= 0, varyCount < 1000
        else { return nil }
        var vary: [VaryField] = []
        for _ in 0..<varyCount {
            guard let name = reader.text(), let value = reader.optionalText() else { return nil }
            vary.append(VaryField(name: name, value: value))
        }
        guard let headerCount = reader.text().flatMap({ Int($0) }), headerCount >= 0, headerCount < 10_000 else { return nil }
        var headers = HTTPHeaders()
        for _ in 0..<headerCount {
            guard let name = reader.text(), let value = reader.text() else { return nil }
            headers.add(name, value)
        }
        guard reader.atEnd else { return nil }
        return CacheEntry.Metadata(
            method: method, url: url, status: status, headers: headers, vary: vary,
            requestTime: Date(timeIntervalSinceReferenceDate: Double(bitPattern: requestBits)),
            responseTime: Date(timeIntervalSinceReferenceDate: Double(bitPattern: responseBits)))
    }

    private struct Reader {
        let bytes: [UInt8]
        var position = 0

        var atEnd: Bool { position == bytes.count }

        /// The next field; nil when the record is malformed.
        mutating func text() -> String? {
            guard case .some(.some(let text)) = optionalText() else { return nil }
            return text
        }

        /// The next field, `.some(nil)` for the absent-value marker, nil when malformed.
        mutating func optionalText() -> String?? {
            var length = 0
            var digits = 0
            while position < bytes.count, bytes[position] != UInt8(ascii: ":") {
                let byte = bytes[position]
                if byte == UInt8(ascii: "-"), digits == 0, position + 1 < bytes.count, bytes[position + 1] == UInt8(ascii: ":") {
                    position += 2
                    return .some(nil)
                }
                guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9"), digits < 9 else { return nil }
                length = length * 10 + Int(byte - UInt8(ascii: "0"))
                digits += 1
                position += 1
            }
            guard digits > 0, position < bytes.count, bytes.count - position - 1 >= length else { return nil }
            let start = position + 1
            position = start + length
            return .some(String(decoding: bytes[start..<position], as: UTF8.self))
        }
    }
}
