import Foundation

/// RFC 3339 timestamps in UTC to the second (`2024-01-01T00:00:00Z`), as Atom wants them.
/// Own arithmetic: no formatter, locale or time zone involved.
enum RFC3339 {
    static func format(_ date: Date) -> String {
        // Years 1 to 9999 are all RFC 3339 can spell; clamp anything outside.
        let interval = min(max(date.timeIntervalSince1970, -62_135_596_800), 253_402_300_799)
        let seconds = Int(interval.rounded(.down))
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let secondOfDay = seconds - days * 86_400
        let (year, month, day) = civil(fromDays: days)
        return "\(CivilDate.pad(year, 4))-\(CivilDate.pad(month, 2))-\(CivilDate.pad(day, 2))T"
            + "\(CivilDate.pad(secondOfDay / 3600, 2)):\(CivilDate.pad(secondOfDay % 3600 / 60, 2)):\(CivilDate.pad(secondOfDay % 60, 2))Z"
    }

    private static func civil(fromDays days: Int) -> (year: Int, month: Int, day: Int) {
        CivilDate.fromDays(days)
    }

}
