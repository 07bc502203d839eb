import Foundation

/// Human-readable byte counts for messages and summaries.
public enum ByteCount {
    /// "512 B", "1.5 KB", "10 MB" (powers of 1024, one decimal below 10).
    public static func format(_ bytes: Int) -> String {
        let units = ["B", "KB", "MB", "GB"]
        var value = Double(bytes)
        var unit = 0
        while value >= 1024, unit < units.count - 1 {
            value /= 1024
            unit += 1
        }
        if unit == 0 { return "\(bytes) B" }
        return value < 10 ? "\(String(format: "%.1f", value)) \(units[unit])" : "\(Int(value.rounded())) \(units[unit])"
    }
}
