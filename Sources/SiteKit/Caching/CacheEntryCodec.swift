import Crypto
import Foundation

/// The on-disk form of one cache entry, self-checking so that a torn or truncated file is a miss.
///
/// ```
/// SITECACHE 1\n
/// <metadata bytes> <body bytes> <SHA-256 of metadata and body, hex>\n
/// <metadata JSON><body>
/// ```
enum CacheEntryCodec {
    private static let magic = Data("SITECACHE 1\n".utf8)

    static func encode(_ entry: CacheEntry) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let metadata = try encoder.encode(entry.metadata)
        var hasher = SHA256()
        hasher.update(data: metadata)
        hasher.update(data: entry.body)
        let digest = Hex.string(hasher.finalize())
        var data = magic
        data.append(Data("\(metadata.count) \(entry.body.count) \(digest)\n".utf8))
        data.append(metadata)
        data.append(entry.body)
        return data
    }

    /// The entry in `data`, or nil when the file is not a complete, intact entry.
    static func decode(_ data: Data) -> CacheEntry? {
        guard data.starts(with: magic) else { return nil }
        let afterMagic = data.index(data.startIndex, offsetBy: magic.count)
        guard let newline = data[afterMagic...].firstIndex(of: 10) else { return nil }
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
        guard Hex.string(hasher.finalize()) == line[2],
              let decoded = try? JSONDecoder().decode(CacheEntry.Metadata.self, from: metadata) else { return nil }
        return CacheEntry(metadata: decoded, body: Data(body))
    }
}
