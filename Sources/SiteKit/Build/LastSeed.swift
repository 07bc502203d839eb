import Crypto
import Foundation

/// The seed of the last live build into an output folder, kept in the cache folder
/// (`seeds-v1/`, one small file per output folder), so that `--offline` without a seed reads
/// the people the cache holds.
///
/// Without it, an offline build picked a new random seed, whose people were never fetched: it
/// could not be served from the cache however full the cache was, and a build left to choose its
/// source published the demo API's made-up people over the live site instead.
///
/// A build records its seed before it swaps its site in, so that one killed just after the swap
/// leaves the record of the people it published; one killed just before (SIGKILL, an OOM kill, a
/// power cut) would leave the record of people it never published. So each seed is kept with a
/// digest of the paths its build wrote, which the output's mark (`.site-output`) lists, and the
/// seed before it too: a read takes the seed whose paths are those of the output as it is (the
/// people's pages are named after them), and the newest only when the output tells nothing (it
/// was removed, or has no mark).
///
/// The file holds a line of seed and a line of digest per build, the newest first; a file of
/// one line, the seed alone, is what earlier versions wrote.
enum LastSeed {
    /// The seed the last live build into `destination` used, if one was kept.
    static func load(cacheDirectory: URL, destination: URL) -> String? {
        guard case .seed(let seed) = read(cacheDirectory: cacheDirectory, destination: destination) else { return nil }
        return seed
    }

    /// What the record of the last live build into a folder holds.
    enum Record: Equatable {
        case seed(String)
        /// No record: no live build into that folder yet, with this cache.
        case none
        /// A file that cannot be read, or holds no seed (damaged): its path.
        case unreadable(String)
    }

    /// A build's seed, and the digest of the paths it wrote (nil in records of earlier versions).
    private struct Entry: Equatable {
        var seed: String
        var paths: String?
    }

    static func read(cacheDirectory: URL, destination: URL) -> Record {
        let file = path(cacheDirectory: cacheDirectory, destination: destination)
        guard let (data, _) = PlainFile.read(file) else {
            return FileManager.default.fileExists(atPath: file) ? .unreadable(file) : .none
        }
        guard let entries = entries(in: data), let newest = entries.first else { return .unreadable(file) }
        guard let published = OutputOwnership.writtenPaths(in: destination) else { return .seed(newest.seed) }
        let digest = digest(of: published)
        return .seed((entries.first { $0.paths == digest } ?? newest).seed)
    }

    /// Keeps `seed`, of a build that wrote `paths` into `destination`, as the newest record, the
    /// one before it kept too; a cache that cannot be written only costs the next offline build
    /// its default.
    static func save(_ seed: String, paths: some Collection<String>, cacheDirectory: URL, destination: URL) {
        guard seed.count <= maxLength else { return }
        let file = path(cacheDirectory: cacheDirectory, destination: destination)
        let entry = Entry(seed: seed, paths: digest(of: paths))
        let earlier = PlainFile.read(file).flatMap { entries(in: $0.0) } ?? []
        guard earlier.first != entry else { return }
        var text = ""
        for kept in [entry] + earlier.filter({ $0 != entry }).prefix(1) {
            text += kept.seed + "\n" + (kept.paths ?? "") + "\n"
        }
        write(Data(text.utf8), to: file, cacheDirectory: cacheDirectory, destination: destination)
    }

    /// The record's bytes as they are, to put back with `restore` when a build that saved its
    /// seed fails to publish.
    static func snapshot(cacheDirectory: URL, destination: URL) -> Data? {
        PlainFile.read(path(cacheDirectory: cacheDirectory, destination: destination))?.0
    }

    /// Puts back a record `snapshot` took (nil: there was none).
    static func restore(_ snapshot: Data?, cacheDirectory: URL, destination: URL) {
        guard let snapshot else { return forget(cacheDirectory: cacheDirectory, destination: destination) }
        write(snapshot, to: path(cacheDirectory: cacheDirectory, destination: destination), cacheDirectory: cacheDirectory, destination: destination)
    }

    /// Removes the record for `destination`.
    static func forget(cacheDirectory: URL, destination: URL) {
        CacheFiles.remove(path(cacheDirectory: cacheDirectory, destination: destination))
    }

    private static func write(_ data: Data, to file: String, cacheDirectory: URL, destination: URL) {
        guard (try? PlainFile.makeFolders((file as NSString).deletingLastPathComponent)) != nil,
              (try? CacheFiles.writeAtomically(data, to: file)) != nil else {
            forget(cacheDirectory: cacheDirectory, destination: destination)
            return
        }
    }

    /// The entries of a record, newest first; nil when it is damaged. A record of one line (or
    /// of one line and no newline) is an earlier version's: the seed alone.
    private static func entries(in data: Data) -> [Entry]? {
        guard let text = String(data: data, encoding: .utf8), !text.isEmpty, text.count <= 4 * maxLength else { return nil }
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        guard !lines.isEmpty, lines.allSatisfy({ $0.count <= maxLength && !$0.unicodeScalars.contains { $0.properties.generalCategory == .control } })
        else { return nil }
        if lines.count == 1 { return lines[0].isEmpty ? nil : [Entry(seed: lines[0], paths: nil)] }
        guard lines.count % 2 == 0 else { return nil }
        var entries: [Entry] = []
        for index in stride(from: 0, to: lines.count, by: 2) {
            guard !lines[index].isEmpty else { return nil }
            entries.append(Entry(seed: lines[index], paths: lines[index + 1].isEmpty ? nil : lines[index + 1]))
        }
        return entries
    }

    /// The SHA-256, in hex, of the sorted paths, one a line, as the output's mark lists them.
    private static func digest(of paths: some Collection<String>) -> String {
        Hex.string(SHA256.hash(data: Data(paths.sorted().joined(separator: "\n").utf8)))
    }

    /// Longer than any seed a person types or a build picks: a longer file is not one of ours.
    private static let maxLength = 1024

    private static func path(cacheDirectory: URL, destination: URL) -> String {
        CacheFolder.file(in: "seeds-v1", of: cacheDirectory, for: destination)
    }
}
