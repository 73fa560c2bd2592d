/// `startedDateTime` read into milliseconds since 1970, to put entries in the order they were sent. Exporters
/// write ISO 8601 three ways: Chrome and Safari in UTC (`2023-03-30T00:00:54.253Z`), Firefox with the local zone
/// (`2015-05-29T16:10:30.424+02:00`), some tools without a fraction or with microseconds. Read by hand: a date
/// formatter per entry would be slow on a large file, and one that cannot read a date is no reason to refuse it.
enum HARTimestamp {
    /// Nil when `text` is not such a date (Safari writes "" when it has none): the entry keeps its place in the file.
    static func milliseconds(_ text: String) -> Double? {
        let bytes = Array(text.utf8)
        var index = 0
        func digits(_ count: Int) -> Int? {
            guard index + count <= bytes.count else { return nil }
            var value = 0
            for byte in bytes[index..<(index + count)] {
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            index += count
            return value
        }
        func eat(_ character: Character) -> Bool {
            guard index < bytes.count, bytes[index] == character.asciiValue else { return false }
            index += 1
            return true
        }
        guard let year = digits(4), eat("-"), let month = digits(2), eat("-"), let day = digits(2), eat("T") || eat(" "),
            let hour = digits(2), eat(":"), let minute = digits(2), eat(":"), let second = digits(2),
            (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 61
        else { return nil }
        var fraction = 0.0
        if eat(".") || eat(",") {
            var scale = 0.1
            let start = index
            while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) {
                fraction += Double(bytes[index] - UInt8(ascii: "0")) * scale
                scale /= 10
                index += 1
            }
            guard index > start else { return nil }
        }
        var offsetMinutes = 0
        if eat("Z") || eat("z") {
        } else if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
            let sign = bytes[index] == UInt8(ascii: "-") ? -1 : 1
            index += 1
            guard let hours = digits(2) else { return nil }
            _ = eat(":")
            guard let minutes = digits(2), hours < 24, minutes < 60 else { return nil }
            offsetMinutes = sign * (hours * 60 + minutes)
        }
        guard index == bytes.count else { return nil }
        let days = daysSince1970(year: year, month: month, day: day)
        let seconds = Double(days * 86_400 + hour * 3600 + minute * 60 + second - offsetMinutes * 60) + fraction
        return seconds * 1000
    }

    /// Days from 1970-01-01 to a date of the proleptic Gregorian calendar (Howard Hinnant's days_from_civil).
    private static func daysSince1970(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}
