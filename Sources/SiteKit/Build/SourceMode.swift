/// Where a build takes its data from (`source:` in `site.yml`, `--live`, `--demo`).
public enum SourceMode: String, Sendable, CaseIterable {
    /// The live APIs, falling back loudly to the embedded demo API when they cannot be reached.
    case auto
    /// The live APIs only: an unreachable API fails the build.
    case live
    /// The embedded demo API only: no internet needed.
    case demo
}
