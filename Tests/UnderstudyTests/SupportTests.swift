import Foundation
import HTTPTypes
import SystemPackage
import Testing
import UnderstudyBuiltinAPIs
import UnderstudyAdminWire

@testable import Understudy

/// The small replacements for what full Foundation did in the server.
@Suite struct SupportTests {
    @Test(arguments: [0.0, 0.0004, 0.0005, 0.0015, 1.5, 12.345678, 60.5, 1234.5, 81.25, 999.9999, 0.1 + 0.2])
    func fixedPointMatchesPrintf(_ value: Double) {
        #expect(value.fixedPoint(digits: 3) == String(format: "%.3f", value))
        #expect(value.fixedPoint(digits: 5) == String(format: "%.5f", value))
        #expect((-value).fixedPoint(digits: 3) == String(format: "%.3f", -value).replacingOccurrences(of: "-0.000", with: "0.000"))
    }

    @Test func fixedPointWithoutDecimals() {
        #expect(2.5.fixedPoint(digits: 0) == "3")
        #expect(7.0.fixedPoint(digits: 2) == "7.00")
    }

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

    @Test func piecesAndReplacing() {
        #expect("a{{origin}}b{{origin}}".pieces(separatedBy: "{{origin}}") == ["a", "b", ""])
        #expect("".pieces(separatedBy: "x") == [""])
        #expect("xx".pieces(separatedBy: "x") == ["", "", ""])
        #expect("é/😀/".replacingAll("/", with: "\\/") == "é\\/😀\\/")
        #expect("/u/{{id}}/{{id}}".replacingAll("{{id}}", with: "7") == "/u/7/7")
        #expect("abc".replacingAll("", with: "x") == "abc")
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

    @Test func trimmingSpaces() {
        #expect(" \tid, ".trimmingSpaces == "id,")
        #expect("   ".trimmingSpaces == "")
        #expect("a b".trimmingSpaces == "a b")
    }

    @Test func fileErrorsReadAsTheSystemsWords() {
        do {
            _ = try Data(contentsOf: URL(fileURLWithPath: "/nonexistent/understudy"))
            Issue.record("read a file that does not exist")
        } catch {
            #expect(Errno(error)?.description == "No such file or directory")
        }
    }
}

@Suite struct APIMatchTests {
    /// `API.match` picks its candidate by the prefix's second byte.
    @Test func everyPrefixMatchesItsAPIOnly() throws {
        #expect(Set(UnderstudyAPI.allCases.map { Array($0.prefix.utf8)[1] }).count == UnderstudyAPI.allCases.count)
        for api in UnderstudyAPI.allCases {
            #expect(UnderstudyAPI.match(api.prefix) == api)
            #expect(api.subpath(of: api.prefix) == "")
            #expect(UnderstudyAPI.match(api.prefix + "/x/1?") == api)
            #expect(api.subpath(of: api.prefix + "/x/1?") == "/x/1?")
            #expect(UnderstudyAPI.match(api.prefix + "x") == nil, "a longer first segment is another path")
            #expect(UnderstudyAPI.match(String(api.prefix.dropLast())) == nil)
        }
        #expect(UnderstudyAPI.match("/") == nil)
        #expect(UnderstudyAPI.match("") == nil)
        #expect(UnderstudyAPI.match("/sw") == nil)
        #expect(UnderstudyAPI.match("/swapi/ap\u{301}") == nil)
    }
}
