import Testing

@testable import UnderstudyDocuments

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
        let value = JSONValue(node: try DocumentParser.parse(#"{"a": 1.50, "b": "1.50", "c": 01, "d": null}"#, file: "inline.yaml"))
        #expect(value["a"] == .number("1.50"))
        #expect(value["b"] == .string("1.50"))
        #expect(value["c"] == .string("01"))
        #expect(value["d"] == .null)
    }
}

@Suite struct JSONParserTests {
    func problem(_ text: String) -> FileProblem? { problem(Array(text.utf8)) }

    func problem(_ bytes: [UInt8]) -> FileProblem? {
        thrownProblem { () throws(FileProblem) in _ = try JSONParser.parse(bytes, file: "d.json") }
    }

    @Test(arguments: [2, 15, 16, 17, 40])
    func aRepeatedKeyIsNamedWhereItIs(keysBefore: Int) {
        // Small objects compare keys one by one, larger ones hash them: both must catch the repeat.
        let members = (0..<keysBefore).map { "\"k\($0)\": \($0)" } + ["\"k\(keysBefore / 2)\": 0"]
        let problem = problem("{\n" + members.joined(separator: ",\n") + "\n}\n")
        #expect(problem?.message == "duplicate key 'k\(keysBefore / 2)'")
        #expect(problem?.line == keysBefore + 2)
        #expect(problem?.column == 1)
    }

    @Test(arguments: [2, 16, 40])
    func distinctKeysKeepTheirOrder(count: Int) throws {
        let text = "{" + (0..<count).map { "\"k\($0)\": \($0)" }.joined(separator: ", ") + "}"
        let value = try JSONParser.parse(Array(text.utf8), file: "d.json").value
        #expect(value.members?.map(\.key) == (0..<count).map { "k\($0)" })
    }

    @Test func stringsAreTextWhetherASCIIOrNot() throws {
        let value = try JSONParser.parse(Array(#"["plain", "Tatooine é 😀", "esc\u00e9\n"]"#.utf8), file: "d.json").value
        #expect(value == .array([.string("plain"), .string("Tatooine é 😀"), .string("escé\n")]))
        let invalid = problem(Array(#"["ok", "bad "#.utf8) + [0xC3, 0x28] + Array(#""]"#.utf8))
        #expect(invalid?.message == "malformed JSON: the string is not valid UTF-8")
    }
}
