import Synchronization

/// The people of a `site serve` session: without a seed in `site.yml` or `--seed`, every build
/// would pick a new one, so each save of a page would bring other people (the page open in the
/// browser reloading to a 404) and, against randomuser.me, download every picture again. The
/// first build's seed (picked, or the last live build's for `--offline`) is kept for the rest of
/// the session; a seed the settings name always wins.
public final class SessionSeed: Sendable {
    private let kept = Mutex<String?>(nil)

    public init() {}

    /// `settings` with the session's seed, when they name none and a build has picked one.
    public func apply(to settings: SiteSettings) -> SiteSettings {
        guard settings.seed == nil, let seed = kept.withLock({ $0 }) else { return settings }
        var settings = settings
        settings.seed = seed
        return settings
    }

    /// Keeps the seed of a build that succeeded, if none is kept yet.
    public func remember(_ summary: BuildSummary) {
        kept.withLock { if $0 == nil { $0 = summary.seed } }
    }
}
