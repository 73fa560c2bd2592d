import Foundation
import SystemPackage
import Testing

@testable import UnderstudyDocuments

/// The small replacements for what full Foundation did in the server.
@Suite struct TextTests {
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

    @Test func piecesAndReplacing() {
        #expect("a{{origin}}b{{origin}}".pieces(separatedBy: "{{origin}}") == ["a", "b", ""])
        #expect("".pieces(separatedBy: "x") == [""])
        #expect("xx".pieces(separatedBy: "x") == ["", "", ""])
        #expect("é/😀/".replacingAll("/", with: "\\/") == "é\\/😀\\/")
        #expect("/u/{{id}}/{{id}}".replacingAll("{{id}}", with: "7") == "/u/7/7")
        #expect("abc".replacingAll("", with: "x") == "abc")
    }

    @Test func containsBytesMatchesByteForByte() {
        #expect("{\"a\":\"{{request.path}}\"}".containsBytes("{{request."))
        #expect("{{{now}}".containsBytes("{{now"), "a brace before the marker")
        #expect(!"{{ now}}".containsBytes("{{now"))
        #expect(!"{{reques".containsBytes("{{request."), "cut short at the end")
        #expect("é😀{{uuid}}".containsBytes("{{uuid}}"))
        #expect("abc".containsBytes(""))
        #expect(!"".containsBytes("x"))
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
