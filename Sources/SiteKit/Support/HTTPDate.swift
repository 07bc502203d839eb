import Foundation

/// HTTP dates (RFC 9110 §5.6.7): IMF-fixdate, plus the obsolete RFC 850 and asctime forms when reading.
///
/// The parser is strict about layout (a date a cache cannot read exactly counts as invalid, which
/// for `Expires` means "already stale") but, like browsers, ignores the case of names and does not
/// check the weekday. It does its own arithmetic: no `DateFormatter`, no locale, no allocation per call.
public enum HTTPDate {
    private static let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]
    private static let shortDays = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]
    private static let longDays = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]

    /// Parses any of the three forms; nil for anything else.
    public static func parse(_ text: String) -> Date? {
        let bytes = Array(text.trimmedWhiteSpace.lowercased().utf8)
        return imfFixdate(bytes) ?? rfc850(bytes) ?? asctime(bytes)
    }

    /// IMF-fixdate, e.g. "Sun, 06 Nov 1994 08:49:37 GMT".
    public static func format(_ date: Date) -> String {
        let seconds = Int(date.timeIntervalSince1970.rounded(.down))
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let secondOfDay = seconds - days * 86_400
        let (year, month, day) = civil(fromDays: days)
        let weekday = ((days % 7) + 7 + 3) % 7 // 1970-01-01 was a Thursday; index 0 is Monday.
        let dayName = shortDays[weekday].capitalized
        let monthName = months[month - 1].capitalized
        return "\(dayName), \(pad(day)) \(monthName) \(year) \(pad(secondOfDay / 3600)):\(pad(secondOfDay % 3600 / 60)):\(pad(secondOfDay % 60)) GMT"
    }

    // "sun, 06 nov 1994 08:49:37 gmt"
    private static func imfFixdate(_ b: [UInt8]) -> Date? {
        guard b.count == 29, shortDays.contains(string(b[0..<3])), b[3] == 44, b[4] == 32, b[7] == 32, b[11] == 32,
              b[16] == 32, b[25] == 32, string(b[26..<29]) == "gmt",
              let day = number(b[5..<7]), let month = month(b[8..<11]), let year = number(b[12..<16]),
              let time = clock(b[17..<25]) else { return nil }
        return make(year: year, month: month, day: day, time: time)
    }

    // "sunday, 06-nov-94 08:49:37 gmt"
    private static func rfc850(_ b: [UInt8]) -> Date? {
        guard let comma = b.firstIndex(of: 44), longDays.contains(string(b[0..<comma])) else { return nil }
        let rest = Array(b[(comma + 1)...])
        guard rest.count == 23, rest[0] == 32, rest[3] == 45, rest[7] == 45, rest[10] == 32, rest[19] == 32,
              string(rest[20..<23]) == "gmt", let day = number(rest[1..<3]), let month = month(rest[4..<7]),
              let shortYear = number(rest[8..<10]), let time = clock(rest[11..<19]) else { return nil }
        // RFC 9110: a two-digit year more than 50 years in the future belongs to the previous century.
        let currentYear = civil(fromDays: Int(Date().timeIntervalSince1970) / 86_400).year
        var year = currentYear / 100 * 100 + shortYear
        if year > currentYear + 50 { year -= 100 }
        return make(year: year, month: month, day: day, time: time)
    }

    // "sun nov  6 08:49:37 1994"
    private static func asctime(_ b: [UInt8]) -> Date? {
        guard b.count == 24, shortDays.contains(string(b[0..<3])), b[3] == 32, b[7] == 32, b[10] == 32, b[19] == 32,
              let month = month(b[4..<7]), let time = clock(b[11..<19]), let year = number(b[20..<24]) else { return nil }
        let dayBytes = b[8] == 32 ? b[9..<10] : b[8..<10]
        guard let day = number(dayBytes) else { return nil }
        return make(year: year, month: month, day: day, time: time)
    }

    private static func make(year: Int, month: Int, day: Int, time: Int) -> Date? {
        let monthLengths = [31, isLeap(year) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        guard day >= 1, day <= monthLengths[month - 1] else { return nil }
        let days = daysFromCivil(year: year, month: month, day: day)
        return Date(timeIntervalSince1970: TimeInterval(days * 86_400 + time))
    }

    /// "hh:mm:ss" as seconds of the day.
    private static func clock(_ b: ArraySlice<UInt8>) -> Int? {
        let s = Array(b)
        guard s.count == 8, s[2] == 58, s[5] == 58, let h = number(s[0..<2]), let m = number(s[3..<5]),
              let sec = number(s[6..<8]), h < 24, m < 60, sec <= 60 else { return nil }
        return h * 3600 + m * 60 + min(sec, 59)
    }

    private static func month(_ b: ArraySlice<UInt8>) -> Int? {
        months.firstIndex(of: string(b)).map { $0 + 1 }
    }

    private static func number(_ b: ArraySlice<UInt8>) -> Int? {
        var value = 0
        for byte in b {
            guard byte >= 48, byte <= 57 else { return nil }
            value = value * 10 + Int(byte - 48)
        }
        return b.isEmpty ? nil : value
    }

    private static func string(_ b: ArraySlice<UInt8>) -> String { String(decoding: b, as: UTF8.self) }
    private static func pad(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
    private static func isLeap(_ y: Int) -> Bool { (y % 4 == 0 && y % 100 != 0) || y % 400 == 0 }

    private static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        CivilDate.days(year: year, month: month, day: day)
    }

    private static func civil(fromDays days: Int) -> (year: Int, month: Int, day: Int) {
        CivilDate.fromDays(days)
    }
}
