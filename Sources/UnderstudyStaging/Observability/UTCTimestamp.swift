/// ISO 8601 times in UTC ("2026-01-01T12:00:00Z", or with ".123" milliseconds),
/// computed from the count since 1970.
///
/// Hand-written because `Date.ISO8601FormatStyle` builds a Gregorian
/// calendar, a time zone and a locale on first use: code and pages that the
/// first log line of every start-up paid for.
package enum UTCTimestamp {
    /// `2026-01-01T12:00:00Z` for a whole second.
    static func seconds(_ secondsSince1970: Int64) -> String {
        format(secondsSince1970, milliseconds: nil)
    }

    /// `2026-01-01T12:00:00.123Z` for a whole millisecond.
    static func milliseconds(_ millisecondsSince1970: Int64) -> String {
        let (seconds, milliseconds) = floorDivision(millisecondsSince1970, 1000)
        return format(seconds, milliseconds: Int(milliseconds))
    }

    private static func format(_ secondsSince1970: Int64, milliseconds: Int?) -> String {
        let (days, secondOfDay) = floorDivision(secondsSince1970, 86_400)
        let (year, month, day) = civil(fromDays: days)
        var text = digits(year, 4) + "-" + digits(month, 2) + "-" + digits(day, 2)
        text += "T" + digits(secondOfDay / 3600, 2) + ":" + digits(secondOfDay / 60 % 60, 2) + ":" + digits(secondOfDay % 60, 2)
        if let milliseconds { text += "." + digits(Int64(milliseconds), 3) }
        return text + "Z"
    }

    /// Year, month and day of a count of days since 1970-01-01 in the proleptic
    /// Gregorian calendar (Howard Hinnant's `civil_from_days`).
    static func civil(fromDays days: Int64) -> (year: Int64, month: Int64, day: Int64) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153  // March = 0
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    private static func floorDivision(_ value: Int64, _ divisor: Int64) -> (quotient: Int64, remainder: Int64) {
        let remainder = value % divisor
        return remainder < 0 ? (value / divisor - 1, remainder + divisor) : (value / divisor, remainder)
    }

    private static func digits(_ value: Int64, _ width: Int) -> String {
        let text = String(value)
        return text.count >= width ? text : String(repeating: "0", count: width - text.count) + text
    }
}
