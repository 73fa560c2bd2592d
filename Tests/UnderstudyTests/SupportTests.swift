import Foundation
import HTTPTypes
import Testing

@testable import Understudy
@testable import UnderstudyStaging

/// Timestamps without a date formatter, and the placeholders of a scenario's canned responses.
@Suite struct SupportTests {
    @Test(arguments: [Int64(0), 1, 951_782_400, 1_709_208_000, 1_795_000_000, 4_102_444_800, 253_402_300_799])
    func timestampsMatchISO8601FormatStyle(_ seconds: Int64) {
        let date = Date(timeIntervalSince1970: Double(seconds))
        #expect(UTCTimestamp.seconds(seconds) == date.formatted(.iso8601))
        for millisecond in [Int64(0), 7, 999] {
            let shown = Date(timeIntervalSince1970: Double(seconds) + Double(millisecond) / 1000 + 0.0001)
            #expect(
                UTCTimestamp.milliseconds(seconds * 1000 + millisecond)
                    == shown.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true)))
        }
    }

    @Test func everyDayOfFourHundredYears() {
        // 1970-01-01 is day 0; walk day by day and check the calendar arithmetic against carrying by hand.
        var (year, month, day): (Int64, Int64, Int64) = (1970, 1, 1)
        for days in Int64(0)..<146_097 {
            #expect(UTCTimestamp.civil(fromDays: days) == (year, month, day), "day \(days)")
            let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
            let length: Int64 = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][Int(month) - 1]
            day += 1
            if day > length {
                day = 1
                month += 1
            }
            if month > 12 {
                month = 1
                year += 1
            }
        }
        #expect(UTCTimestamp.seconds(-1) == "1969-12-31T23:59:59Z")
    }

    @Test func placeholdersAreNamesBetweenDoubleBraces() {
        func names(_ body: String) -> Set<String> { CannedResponse(status: 200, fields: [:], body: body).placeholders }
        #expect(names(#"{"id": "{{id}}", "o": "{{origin}}/x", "again": "{{id}}"}"#) == ["id", "origin"])
        #expect(names("{{{a}}") == ["a"])
        #expect(names("{{a{b}}") == [])
        #expect(names("{{a{{b}}") == ["b"])
        #expect(names("{{}}") == [""])
        #expect(names("{{open") == [])
        #expect(names("{{a}}}}{{b}}") == ["a", "b"])
    }
}
