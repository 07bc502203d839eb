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
    /// Throws `SettingsError` for a settings file that cannot be read, as a build would.
    public static func resolve(flag: String?, config: String?, in folder: URL) throws -> (folder: URL, origin: String) {
        func fromFolder(_ path: String) -> URL {
            path.hasPrefix("/") ? URL(fileURLWithPath: path) : folder.appendingPathComponent(path)
        }
        if let flag { return (fromFolder(flag), "--cache-dir") }
        let shown = config ?? "site.yml"
        let file = fromFolder(shown)
        let (settings, _) = try SettingsFile.load(file, shownAs: shown, required: config != nil)
        guard FileManager.default.fileExists(atPath: file.path) else {
            return (fromFolder(settings.cacheDirectory), "the default, as no \(shown) is here")
        }
        let project = BuildOptions(projectDirectory: file.deletingLastPathComponent())
        return (project.resolve(settings.cacheDirectory), "cache_dir of \(shown)")
    }
}
