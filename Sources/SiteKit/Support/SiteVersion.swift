/// The version of site, shown by `site --version` and sent in every request's `User-Agent`, so
/// that an API's operators can tell site's traffic apart and reach for the version when
/// something looks wrong.
public enum SiteVersion {
    /// Semantic versioning; raised with every release.
    public static let number = "0.1.0"

    /// The `User-Agent` sent when a request names none: product and version, as RFC 9110 §10.1.5
    /// asks, instead of URLSession's "<process name> (unknown version) curl/…".
    public static let userAgent = "site/\(number)"
}
