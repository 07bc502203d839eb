import Foundation

/// The seed of the last live build into an output folder, kept in the cache folder
/// (`seeds-v1/`, one small file per output folder), so that `--offline` without a seed reads
/// the people the cache holds.
///
/// Without it, an offline build picked a new random seed, whose people were never fetched: it
/// could not be served from the cache however full the cache was, and a build left to choose its
/// source published the demo API's made-up people over the live site instead.
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

    static func read(cacheDirectory: URL, destination: URL) -> Record {
        let file = path(cacheDirectory: cacheDirectory, destination: destination)
        guard let (data, _) = PlainFile.read(file) else {
            return FileManager.default.fileExists(atPath: file) ? .unreadable(file) : .none
        }
        guard let seed = String(data: data, encoding: .utf8), !seed.isEmpty, seed.count <= maxLength,
              !seed.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else { return .unreadable(file) }
        return .seed(seed)
    }

    /// Keeps `seed` as the last live build's into `destination`; a cache that cannot be written
    /// only costs the next offline build its default.
    static func save(_ seed: String, cacheDirectory: URL, destination: URL) {
        guard seed.count <= maxLength, load(cacheDirectory: cacheDirectory, destination: destination) != seed else { return }
        let file = path(cacheDirectory: cacheDirectory, destination: destination)
        guard (try? FileManager.default.createDirectory(atPath: (file as NSString).deletingLastPathComponent,
                                                        withIntermediateDirectories: true)) != nil,
              (try? CacheFiles.writeAtomically(Data(seed.utf8), to: file)) != nil else {
            forget(cacheDirectory: cacheDirectory, destination: destination)
            return
        }
    }

    /// Removes the record for `destination`.
    static func forget(cacheDirectory: URL, destination: URL) {
        CacheFiles.remove(path(cacheDirectory: cacheDirectory, destination: destination))
    }

    /// Longer than any seed a person types or a build picks: a longer file is not one of ours.
    private static let maxLength = 1024

    private static func path(cacheDirectory: URL, destination: URL) -> String {
        CacheFolder.file(in: "seeds-v1", of: cacheDirectory, for: destination)
    }
}
