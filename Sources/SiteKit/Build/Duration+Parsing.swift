import Foundation

/// Human durations as `site.yml` and flags write them: `90`, `500ms`, `30s`, `10m`, `2h`, `1d`.
public enum DurationText {
    /// Seconds, or nil when `text` is not a duration. A bare number means seconds.
    public static func seconds(_ text: String) -> Double? {
        let trimmed = text.trimmingCharacters(in: .whitespaces).lowercased()
        let units: [(String, Double)] = [("ms", 0.001), ("s", 1), ("m", 60), ("h", 3600), ("d", 86_400), ("w", 604_800)]
        for (suffix, scale) in units where trimmed.hasSuffix(suffix) {
            let number = trimmed.dropLast(suffix.count).trimmingCharacters(in: .whitespaces)
            guard let value = Double(number), value >= 0, value.isFinite else { return nil }
            return value * scale
        }
        guard let value = Double(trimmed), value >= 0, value.isFinite else { return nil }
        return value
    }
}
