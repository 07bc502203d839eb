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
///   the recorded SHA-256 (`FetchRecorder`), so the same data would be decoded. A request whose
///   entry file is still the one that answered it (`CacheStamp`) is confirmed by a `stat`.
/// When only the last condition fails (the output folder was removed or edited), the recorded
/// files are put back from the output store, each checked against its hash, as a build would
/// have written them.
/// A build with warnings, failed pictures, demo data or a random seed leaves no record.
///
/// Records live in `<cache>/builds-v1/`, one per output folder, and are replaced atomically.
struct BuildRecord: Equatable, Sendable {
    /// One successful fetch: the request as sent by the build, and the SHA-256 of its body.
    struct Request: Equatable, Sendable {
        var url: String
        var headers: [[String]]
        var digest: String
        /// The cache entry that answered it fresh, when there was one: lets the next check
        /// confirm the request with a `stat` instead of reading and hashing the entry.
        var stamp: CacheStamp?
    }

    static let currentVersion = 3

    /// `files` as paths and digests; nil when a line is damaged.
    var fileList: [(path: String, digest: String)]? {
        var list: [(path: String, digest: String)] = []
        for line in files.utf8.split(separator: UInt8(ascii: "\n")) {
            guard line.count > 65, line[line.index(line.startIndex, offsetBy: 64)] == UInt8(ascii: " ") else { return nil }
            list.append((String(decoding: line.dropFirst(65), as: UTF8.self), String(decoding: line.prefix(64), as: UTF8.self)))
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

    /// The record's bytes: its small fields as a line of JSON, then the request lines (see
    /// `RecordedRequests`), a NUL byte, and the file lines, as they are. Half a megabyte of lines
    /// escaped into JSON strings took longer to encode and decode than the rest of a restore.
    func encoded() -> Data? {
        guard let requestLines = RecordedRequests.lines(for: requests), !files.utf8.contains(0),
              var data = try? JSONEncoder().encode(Header(self)) else { return nil }
        data.append(UInt8(ascii: "\n"))
        data.append(contentsOf: requestLines)
        data.append(0)
        data.append(contentsOf: files.utf8)
        return data
    }

    /// The record in `data`, or nil when it is damaged or of another version.
    static func decoded(_ data: Data) -> BuildRecord? {
        let bytes = [UInt8](data)
        guard let newline = bytes.firstIndex(of: UInt8(ascii: "\n")),
              let header = try? JSONDecoder().decode(Header.self, from: Data(bytes[..<newline])), header.version == currentVersion,
              let separator = bytes[newline...].firstIndex(of: 0),
              let requests = RecordedRequests.parse(bytes[(newline + 1)..<separator])
        else { return nil }
        return BuildRecord(version: header.version, fingerprint: header.fingerprint, requests: requests, output: header.output,
                           files: String(decoding: bytes[(separator + 1)...], as: UTF8.self),
                           people: header.people, posts: header.posts, pictures: header.pictures, pages: header.pages,
                           sourceDetail: header.sourceDetail, seed: header.seed)
    }

    /// Every field but the requests and the files.
    private struct Header: Codable {
        var version: Int
        var fingerprint: String
        var output: OutputManifest
        var people: Int
        var posts: Int
        var pictures: Int
        var pages: Int
        var sourceDetail: String
        var seed: String

        init(_ record: BuildRecord) {
            version = record.version
            fingerprint = record.fingerprint
            output = record.output
            people = record.people
            posts = record.posts
            pictures = record.pictures
            pages = record.pages
            sourceDetail = record.sourceDetail
            seed = record.seed
        }
    }

    /// The record of the last build into `destination`, if there is a readable one.
    static func load(cacheDirectory: URL, destination: URL) -> BuildRecord? {
        guard let (data, _) = PlainFile.read(path(cacheDirectory: cacheDirectory, destination: destination)),
              let record = decoded(data) else { return nil }
        return record
    }

    func save(cacheDirectory: URL, destination: URL) {
        let file = Self.path(cacheDirectory: cacheDirectory, destination: destination)
        // A record that cannot be written must not leave an older one in its place.
        guard let data = encoded(),
              (try? PlainFile.makeFolders((file as NSString).deletingLastPathComponent, mode: 0o700)) != nil,
              // The owner's alone, as the HTTP cache's entries are: it names the APIs' URLs.
              (try? CacheFiles.writeAtomically(data, to: file, mode: 0o600)) != nil else {
            CacheFiles.remove(file)
            return
        }
    }

    /// Forgets the last build into `destination`: the next build does all its work.
    static func remove(cacheDirectory: URL, destination: URL) {
        CacheFiles.remove(path(cacheDirectory: cacheDirectory, destination: destination))
    }

    private static func path(cacheDirectory: URL, destination: URL) -> String {
        CacheFolder.file(in: "builds-v1", of: cacheDirectory, for: destination)
    }
}
