import Foundation

/// Calendar arithmetic on UTC milliseconds, without Foundation's formatters: generated dates
/// never change from one run to the next, and ages are counted to a day the caller gives.
enum CivilTime {
    /// Milliseconds since 1970 of `date`, for `age(atMillis:on:)`.
    static func millis(_ date: Date) -> Int64 {
        Int64((date.timeIntervalSince1970 * 1000).rounded(.down))
    }

    /// Year, month and day of the day `days` after 1970-01-01.
    static func date(fromDays days: Int64) -> (year: Int64, month: Int64, day: Int64) {
        let date = CivilDate.fromDays(Int(days))
        return (Int64(date.year), Int64(date.month), Int64(date.day))
    }

    /// ISO 8601 with milliseconds, as randomuser writes dates: `1992-03-08T15:13:16.688Z`.
    static func iso8601(millis: Int64) -> String {
        let days = floorDivide(millis, 86_400_000)
        let inDay = millis - days * 86_400_000
        let (year, month, day) = date(fromDays: days)
        let seconds = inDay / 1000
        return "\(CivilDate.pad(year, 4))-\(CivilDate.pad(month, 2))-\(CivilDate.pad(day, 2))T\(CivilDate.pad(seconds / 3600, 2)):\(CivilDate.pad(seconds / 60 % 60, 2)):"
            + "\(CivilDate.pad(seconds % 60, 2)).\(CivilDate.pad(inDay % 1000, 3))Z"
    }

    /// Whole years from `millis` to `today` (both UTC milliseconds), as randomuser counts
    /// `dob.age` and `registered.age`: to the day it answers.
    static func age(atMillis millis: Int64, on today: Int64) -> Int {
        let born = date(fromDays: floorDivide(millis, 86_400_000))
        let now = date(fromDays: floorDivide(today, 86_400_000))
        let hadBirthday = (now.month, now.day) >= (born.month, born.day)
        return Int(now.year - born.year - (hadBirthday ? 0 : 1))
    }

    private static func floorDivide(_ a: Int64, _ b: Int64) -> Int64 {
        a >= 0 ? a / b : -((-a + b - 1) / b)
    }

}
