import Foundation

/// The cache folder `site fetch` reads and writes: the one builds of the site in the current
/// folder use, so that what it says of a URL is what the next build will find.
public enum FetchCacheFolder {
    /// The folder, and where it came from, for `--verbose`.
    /// - `flag`: `--cache-dir`, from `folder` when relative; it wins.
    /// - else the `cache_dir` of the settings file `config` (`site.yml` when nil), resolved from
    ///   that file's folder as builds resolve it; a settings file named with `--config` must exist,
    ///   `site.yml` need not;
    /// - else `.cache` in `folder`, a build's default.
    ///
    /// A folder a build would refuse as its cache (the project itself, your home folder, the root)
    /// is refused too. Throws `SettingsError` for a settings file that cannot be read or names such
    /// a folder, `FetchToolError` for such a `--cache-dir`.
    public static func resolve(flag: String?, config: String?, in folder: URL) throws -> (folder: URL, origin: String) {
        func fromFolder(_ path: String) -> URL {
            (path.hasPrefix("/") ? URL(fileURLWithPath: path) : folder.appendingPathComponent(path)).standardizedFileURL
        }
        if let flag {
            guard !flag.isEmpty else {
                throw FetchToolError("--cache-dir must name a folder, such as .cache; an empty one would put the cache in the current folder")
            }
            let cache = fromFolder(flag)
            if let refusal = refusal(of: cache, project: folder) { throw FetchToolError("--cache-dir: " + refusal) }
            return (cache, "--cache-dir")
        }
        let shown = config ?? "site.yml"
        let file = fromFolder(shown)
        // cache_dir alone: "nothing else of site.yml applies", so nothing else is checked either.
        let (settings, _) = try SettingsFile.load(file, shownAs: shown, required: config != nil, only: ["cache_dir"])
        guard FileManager.default.fileExists(atPath: file.path) else {
            return (fromFolder(settings.cacheDirectory), "the default, as there is no \(shown)")
        }
        let project = file.deletingLastPathComponent()
        let cache = BuildOptions(projectDirectory: project).resolve(settings.cacheDirectory).standardizedFileURL
        if let refusal = refusal(of: cache, project: project) {
            throw SettingsError(file: shown, line: nil, message: "cache_dir: " + refusal)
        }
        let given = settings.cacheDirectory != SiteSettings().cacheDirectory
        return (cache, given ? "cache_dir of \(shown)" : "the default, \(SiteSettings().cacheDirectory) beside \(shown)")
    }

    /// Why a build would not use `cache` as its cache folder, as a sentence without its full stop.
    private static func refusal(of cache: URL, project: URL) -> String? {
        // Opened anyway, the cache would be no cache at all: every URL a miss, and `--offline`
        // would send people online for what no fetch could ever store.
        // The folder itself, or one above it (afile/sub), that is a file.
        var place = cache
        while place.path != "/" {
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: place.path, isDirectory: &isFolder) {
                guard isFolder.boolValue else {
                    let what = FileKind.noun(at: place.path)
                    return "\(place.path) is \(what), not a folder. Name a folder (it is made when missing)\(what == "a file" ? ", or move the file away" : "")"
                }
                break
            }
            place = place.deletingLastPathComponent()
        }
        do {
            try ProtectedPlaces(project: project, cache: cache).refuse(cache, role: .cache)
            return nil
        } catch let error as OutputError {
            return error.detail
        } catch {
            return "\(error)"
        }
    }
}
