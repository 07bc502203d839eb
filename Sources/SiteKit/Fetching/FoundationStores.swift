import Foundation

/// Keeps Foundation's own URL cache and cookie store out of the user's home folder.
///
/// Configuring a URLSession on Linux opens `URLCache.shared` and `HTTPCookieStorage.shared`
/// whatever the configuration then says (ours sets neither: the HTTP layer keeps its own cache in
/// the cache folder, and a build sends no cookies), and opening them creates
/// `~/.cache/org.swift.foundation.URLCache/<program>` and `~/.local/share/<folder of the
/// program>`: folders outside the output and cache folders, which a build must never write.
/// Foundation finds them through `XDG_CACHE_HOME` and `XDG_DATA_HOME`, and carries on without
/// them when they cannot be made; so both are pointed at `/dev/null`, under which no folder can
/// ever be made.
public enum FoundationStores {
    /// Where both variables point: a file on every Linux system, so never a folder's parent.
    static let nowhere = "/dev/null"

    /// Points Foundation's stores nowhere. Call it first thing in `main`, before any other thread
    /// runs: `setenv` must not race with a `getenv` elsewhere.
    public static func keepOutOfHome() {
        for variable in ["XDG_CACHE_HOME", "XDG_DATA_HOME"] {
            setenv(variable, nowhere, 1)
        }
    }
}
