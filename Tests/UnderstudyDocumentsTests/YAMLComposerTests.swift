import Testing

@testable import UnderstudyDocuments

/// The libyaml composer: the node tree, how scalars read as JSON, and where
/// each kind of problem is reported.
@Suite struct YAMLComposerTests {
    func parse(_ text: String) throws(FileProblem) -> YAMLNode {
        try DocumentParser.parse(text, file: "t.yaml")
    }

    func json(_ text: String) throws -> JSONValue {
        JSONValue(node: try parse(text))
    }

    /// The problem `bytes` are reported with.
    func problem(_ bytes: [UInt8]) -> FileProblem? {
        thrownProblem { () throws(FileProblem) in _ = try YAMLComposer.compose(bytes, file: "t.yaml") }
    }

    func problem(_ text: String) -> FileProblem? { problem(Array(text.utf8)) }

    // MARK: - Tree

    @Test func mappingsKeepTheirOrderAndMarks() throws {
        guard case .mapping(let root) = try parse("b: 1\na:\n  - x\n  - y: z\n") else {
            Issue.record("not a mapping")
            return
        }
        #expect(root.keys.map(\.string) == ["b", "a"])
        #expect(root.mark == .init(line: 1, column: 1))
        #expect(root["b"]?.mark == .init(line: 1, column: 4))
        guard case .sequence(let items)? = root["a"] else {
            Issue.record("not a sequence")
            return
        }
        #expect(items.count == 2)
        #expect(items[0].mark == .init(line: 3, column: 5))
        guard case .mapping(let inner) = items[1] else {
            Issue.record("not a mapping")
            return
        }
        #expect(inner["y"]?.string == "z")
        #expect(inner.keys[0].mark == .init(line: 4, column: 5))
    }

    @Test func scalarsKeepStyleAndTag() throws {
        guard case .mapping(let root) = try parse("a: plain\nb: 'single'\nc: \"double\"\nd: |\n  lit\ne: >\n  fold\nf: !!str 12\n") else {
            Issue.record("not a mapping")
            return
        }
        func scalar(_ key: String) -> YAMLNode.Scalar? {
            if case .scalar(let scalar)? = root[key] { return scalar }
            return nil
        }
        #expect(scalar("a")?.style == .plain)
        #expect(scalar("b")?.style == .singleQuoted)
        #expect(scalar("c")?.style == .doubleQuoted)
        #expect(scalar("d")?.style == .literal)
        #expect(scalar("e")?.style == .folded)
        #expect(scalar("a")?.tag == nil)
        #expect(scalar("f")?.tag == "tag:yaml.org,2002:str")
        #expect(scalar("f")?.string == "12")
    }

    @Test func aliasesStandForTheAnchoredNode() throws {
        let value = try json("base: &b\n  k: v\n  n: 3\ncopy: *b\nword: &w hello\nagain: *w\nlist: [*w, *b]\n")
        let base: JSONValue = .object([.init("k", .string("v")), .init("n", .number("3"))])
        #expect(value["copy"] == base)
        #expect(value["again"] == .string("hello"))
        #expect(value["list"] == .array([.string("hello"), base]))
        // The alias carries the anchored node's place in the file.
        guard case .mapping(let root) = try parse("a: &x 1\nb: *x\n") else {
            Issue.record("not a mapping")
            return
        }
        #expect(root["b"]?.mark == .init(line: 1, column: 4))
    }

    @Test func mergeKeysAreOrdinaryKeys() throws {
        let value = try json("base: &b {k: v}\nmerged:\n  <<: *b\n  extra: 1\n")
        #expect(value["merged"] == .object([.init("<<", .object([.init("k", .string("v"))])), .init("extra", .number("1"))]))
    }

    @Test func anUndefinedAliasIsAnError() {
        let problem = problem("description: x\ndelay: *nope\n")
        #expect(problem?.line == 2)
        #expect(problem?.column == 8)
        #expect(problem?.message == "malformed YAML/JSON: found undefined alias")
    }

    // MARK: - Scalars as JSON

    @Test func quotedScalarsAreStringsPlainOnesReadAsWhatTheySpell() throws {
        let value = try json(
            """
            plain_int: 1
            quoted_int: "1"
            single_int: '1'
            float: 1.50
            leading_zero: 01
            plain_true: true
            quoted_true: "true"
            capital: False
            yes: yes
            tilde: ~
            null_word: null
            quoted_null: "null"
            empty:
            empty_quoted: ""
            date: 2024-01-01
            """)
        #expect(value["plain_int"] == .number("1"))
        #expect(value["quoted_int"] == .string("1"))
        #expect(value["single_int"] == .string("1"))
        #expect(value["float"] == .number("1.50"))
        #expect(value["leading_zero"] == .string("01"))
        #expect(value["plain_true"] == .bool(true))
        #expect(value["quoted_true"] == .string("true"))
        #expect(value["capital"] == .bool(false))
        #expect(value["yes"] == .string("yes"))
        #expect(value["tilde"] == .null)
        #expect(value["null_word"] == .null)
        #expect(value["quoted_null"] == .string("null"))
        #expect(value["empty"] == .null)
        #expect(value["empty_quoted"] == .string(""))
        #expect(value["date"] == .string("2024-01-01"))
    }

    @Test func blockAndFlowStylesGiveTheSameValues() throws {
        let block = try json("list:\n  - 1\n  - \"2\"\n  - three\nmap:\n  a: 1\n  b: ~\n")
        let flow = try json("{list: [1, \"2\", three], map: {a: 1, b: ~}}")
        #expect(block == flow)
        #expect(flow["list"] == .array([.number("1"), .string("2"), .string("three")]))
    }

    @Test func literalAndFoldedBlocksAreText() throws {
        let value = try json("literal: |\n  line one\n  line two\nnumber: |\n  42\nstrip: |-\n  no newline\nfolded: >\n  folded\n  text\n")
        #expect(value["literal"] == .string("line one\nline two\n"))
        #expect(value["number"] == .string("42\n"))
        #expect(value["strip"] == .string("no newline"))
        #expect(value["folded"] == .string("folded text\n"))
    }

    @Test func escapesAndNonASCIIText() throws {
        let value = try json(#"a: "tab\there\n\u00e9 \"q\"""# + "\nb: 'it''s'\nc: 😀 é\n")
        #expect(value["a"] == .string("tab\there\né \"q\""))
        #expect(value["b"] == .string("it's"))
        #expect(value["c"] == .string("😀 é"))
    }

    @Test func aByteOrderMarkIsAllowed() throws {
        let node = try YAMLComposer.compose([0xEF, 0xBB, 0xBF] + Array("a: 1\nb: 2\n".utf8), file: "t.yaml")
        #expect(JSONValue(node: node) == .object([.init("a", .number("1")), .init("b", .number("2"))]))
        #expect(problem([0xEF, 0xBB, 0xBF])?.message == "the file is empty")
    }

    // MARK: - Problems

    @Test func duplicateKeysNameTheRepeat() {
        let problem = problem("apis:\n  swapi:\n    delay: 1\n    fault: none\n    delay: 2\n    fault: x\n")
        #expect(problem?.message == "duplicate keys: delay, fault")
        #expect(problem?.line == 5)
        #expect(problem?.column == 5)
        // Quoted or plain, a key is its text.
        #expect(self.problem("description: x\n\"description\": y\n")?.line == 2)
        #expect(self.problem("{\n  \"a\": 1,\n  \"a\": 2\n}\n")?.message == "duplicate keys: a")
    }

    @Test func syntaxErrorsNameLineAndColumn() {
        let unclosed = problem("description: fine\napis:\n  swapi: [unclosed\n")
        #expect(unclosed?.description == "t.yaml:4:1: malformed YAML/JSON: while parsing a flow sequence did not find expected ',' or ']'")
        let indent = problem("apis:\n  swapi:\n    delay: 1\n   fault: x\n")
        #expect(indent?.description == "t.yaml:4:4: malformed YAML/JSON: while parsing a block mapping did not find expected key")
        let tab = problem("apis:\n\tswapi:\n")
        #expect(tab?.line == 2)
        #expect(tab?.column == 1)
        // Columns count characters, not bytes.
        #expect(problem("description: \"😀é\" [x\n")?.column == 19)
    }

    @Test func emptyFilesAreEmpty() {
        for text in ["", "\n\n", "# only a comment\n"] {
            let problem = problem(text)
            #expect(problem?.message == "the file is empty", "\(text.debugDescription)")
            #expect(problem?.line == 1)
        }
    }

    @Test func oneDocumentPerFile() throws {
        let problem = problem("description: x\n---\ndescription: y\n")
        #expect(problem?.description == "t.yaml:2:1: malformed YAML/JSON: expected a single document in the stream but found another document")
        // An explicit end marker is not a second document.
        #expect(try json("a: 1\n...\n")["a"] == .number("1"))
    }

    @Test func textThatIsNotUTF8NamesTheByte() {
        let problem = problem(Array("description: fine\ndelay: caf".utf8) + [0xE9] + Array("\n".utf8))
        #expect(problem?.line == 2)
        #expect(problem?.column == 11)
        #expect(problem?.message.hasPrefix("unreadable text: ") == true)
        // UTF-16 is not UTF-8 either.
        #expect(self.problem([0xFF, 0xFE, 0x61, 0x00])?.message.hasPrefix("unreadable text: ") == true)
    }

    @Test func controlCharactersAreUnreadable() {
        for control in ["\u{1}", "\u{0}"] {
            let problem = problem("description: fine\ndelay: a\(control)b\n")
            #expect(problem?.description == "t.yaml:2:9: unreadable text: control characters are not allowed")
        }
    }

    @Test func nestingIsBounded() throws {
        let deep = problem("a: " + String(repeating: "[", count: 600) + String(repeating: "]", count: 600) + "\n")
        #expect(deep?.message == "malformed YAML/JSON: nesting deeper than \(JSONParser.maxDepth) levels")
        #expect(deep?.line == 1)
        _ = try parse("a: " + String(repeating: "[", count: 500) + String(repeating: "]", count: 500) + "\n")
    }

    @Test func byteOffsetsBecomeLinesAndColumns() {
        let text = Array("ab\r\ncd\ré😀x".utf8)
        #expect(YAMLComposer.mark(atByte: 0, in: text) == .init(line: 1, column: 1))
        #expect(YAMLComposer.mark(atByte: 4, in: text) == .init(line: 2, column: 1))
        #expect(YAMLComposer.mark(atByte: 7, in: text) == .init(line: 3, column: 1))
        // é is two bytes and 😀 four, each one column.
        #expect(YAMLComposer.mark(atByte: 13, in: text) == .init(line: 3, column: 3))
    }
}
