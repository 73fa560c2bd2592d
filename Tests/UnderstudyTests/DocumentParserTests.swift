import Testing
@testable import Understudy

@Suite struct DocumentParserTests {
    @Test(arguments: ["0", "-0", "7", "-12", "3.25", "0.5", "1e5", "1E+5", "2.5e-3", "123456789012345678901234567890"])
    func numbersStayNumbers(_ text: String) {
        #expect(JSONValue.looksLikeNumber(text))
    }

    @Test(arguments: ["", "-", "01", "1.", ".5", "1e", "1e+", "+1", "1_000", "0x10", "1.2.3", "12a", " 1", "NaN", "Infinity"])
    func everythingElseIsAString(_ text: String) {
        #expect(!JSONValue.looksLikeNumber(text))
    }

    @Test func yamlScalarsKeepTheirSpelling() throws {
        let value = JSONValue(node: try DocumentParser.parse(#"{"a": 1.50, "b": "1.50", "c": 01, "d": null}"#, file: "inline.json"))
        #expect(value["a"] == .number("1.50"))
        #expect(value["b"] == .string("1.50"))
        #expect(value["c"] == .string("01"))
        #expect(value["d"] == .null)
    }
}
