import Crypto
import Foundation

/// What a successful build from live data leaves in the cache folder, so that the next build with
/// the same inputs can show that nothing changed without decoding, rendering or writing anything:
/// an up-to-date check, like `make`'s, but on content, not on times alone.
///
/// A later build keeps the output as it is, and does nothing else, only when all of these hold:
/// - its `BuildFingerprint` is the recorded one (settings, switches, content pages, templates and
///   the running binary);
/// - the output folder holds exactly the recorded files, each with its size, modification time
///   and inode (`OutputManifest`): nothing was edited, removed or added;
/// - every request of the recorded build is answered by the cache alone, fresh, with a body of
///   the recorded SHA-256 (`FetchRecorder`), so the same data would be decoded.
/// When only the last condition fails (the output folder was removed or edited), the recorded
/// files are put back from the output store, each checked against its hash, as a build would
/// have written them.
/// A build with warnings, failed pictures, demo data or a random seed leaves no record.
///
/// Records live in `<cache>/builds-v1/`, one per output folder, and are replaced atomically.
struct BuildRecord: Codable, Equatable, Sendable {
    /// One successful fetch: the request as sent by the build, and the SHA-256 of its body.
    struct Request: Codable, Equatable, Sendable {
        var url: String
        var headers: [[String]]
        var digest: String
        /// The cache entry that answered it fresh, when there was one: lets the next check
        /// confirm the request with a `stat` instead of reading and hashing the entry.
        var stamp: CacheStamp?
    }

    static let currentVersion = 2

    /// `files` as paths and digests; nil when a line is damaged.
    var fileList: [(path: String, digest: String)]? {
        var list: [(path: String, digest: String)] = []
        for line in files.split(separator: "\n") {
            guard line.count > 65, line[line.index(line.startIndex, offsetBy: 64)] == " " else { return nil }
            list.append((String(line.dropFirst(65)), String(line.prefix(64))))
        }
        return list
    }

    var version = Self.currentVersion
    var fingerprint: String
    var requests: [Request]
    /// The output folder as `OutputManifest` describes it.
    var output: OutputManifest
    /// Every output file as `<SHA-256 hex> <path>` lines: what the output store must hold to
    /// put a removed or altered output folder back without decoding or rendering anything.
    var files: String
    var people: Int
    var posts: Int
    var pictures: Int
    var pages: Int
    var sourceDetail: String
    var seed: String

    /// The record of the last build into `destination`, if there is a readable one.
    static func load(cacheDirectory: URL, destination: URL) -> BuildRecord? {
        guard let data = CacheFiles.read(path(cacheDirectory: cacheDirectory, destination: destination)),
              let record = try? JSONDecoder().decode(BuildRecord.self, from: data),
              record.version == currentVersion else { return nil }
        return record
    }

    func save(cacheDirectory: URL, destination: URL) {
        let file = Self.path(cacheDirectory: cacheDirectory, destination: destination)
        guard let data = try? JSONEncoder().encode(self),
              (try? FileManager.default.createDirectory(atPath: (file as NSString).deletingLastPathComponent,
                                                        withIntermediateDirectories: true)) != nil else { return }
        _ = try? CacheFiles.writeAtomically(data, to: file)
    }

    /// Forgets the last build into `destination`: the next build does all its work.
    static func remove(cacheDirectory: URL, destination: URL) {
        CacheFiles.remove(path(cacheDirectory: cacheDirectory, destination: destination))
    }

    private static func path(cacheDirectory: URL, destination: URL) -> String {
        let name = Hex.string(SHA256.hash(data: Data(destination.standardizedFileURL.path.utf8))).prefix(32)
        return cacheDirectory.appendingPathComponent("builds-v1", isDirectory: true).path + "/" + name
    }
}
