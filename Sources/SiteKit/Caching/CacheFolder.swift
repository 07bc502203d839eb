import Crypto
import Foundation

/// What a build keeps in its cache folder (`cache_dir`): one versioned folder per kind of entry,
/// `http-v3` (HTTP responses), `output-v1` (copies of published files), `render-v1` (rendered
/// pages), `builds-v1` (what each output holds), `seeds-v1` (the seed of each output's last live
/// build). A new format gets a new number, so an older binary never reads entries it does not
/// understand.
///
/// Nothing else in the folder is the build's: `site clean` removes these and leaves anything
/// else, so a cache folder set by mistake to one of the user's own folders loses nothing but
/// what builds put there.
enum CacheFolder {
    /// The kinds of entry folders, each followed by `-v` and a version number in the folder's name.
    static let kinds = ["builds", "http", "output", "render", "seeds"]

    /// The file in `folder` (such as `builds-v1`) that holds what the cache keeps about the output
    /// folder `destination`: one per output folder, named by a hash of its path.
    static func file(in folder: String, of cacheDirectory: URL, for destination: URL) -> String {
        let name = Hex.string(SHA256.hash(data: Data(destination.standardizedFileURL.path.utf8))).prefix(32)
        return cacheDirectory.appendingPathComponent(folder, isDirectory: true).path + "/" + name
    }

    /// Whether `name`, an entry at the top of a cache folder, is a folder builds write (of this
    /// version of site or any other).
    static func isBuildEntry(_ name: String) -> Bool {
        kinds.contains { kind in
            guard name.hasPrefix(kind + "-v") else { return false }
            let version = name.dropFirst(kind.count + 2)
            return !version.isEmpty && version.allSatisfy(\.isASCII) && version.allSatisfy(\.isNumber)
        }
    }
}
