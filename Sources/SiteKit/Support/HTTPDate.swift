import Foundation

/// HTTP dates (RFC 9110 §5.6.7): IMF-fixdate, plus the obsolete RFC 850 and asctime forms when reading.
public enum HTTPDate {
    private static func formatter(_ format: String) -> DateFormatter {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = format
        return formatter
    }

    /// Parses any of the three forms; nil for anything else.
    public static func parse(_ text: String) -> Date? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        for format in ["EEE, dd MMM yyyy HH:mm:ss zzz", "EEEE, dd-MMM-yy HH:mm:ss zzz", "EEE MMM d HH:mm:ss yyyy"] {
            if let date = formatter(format).date(from: trimmed) { return date }
        }
        return nil
    }

    /// IMF-fixdate, e.g. "Sun, 06 Nov 1994 08:49:37 GMT".
    public static func format(_ date: Date) -> String {
        formatter("EEE, dd MMM yyyy HH:mm:ss 'GMT'").string(from: date)
    }
}
