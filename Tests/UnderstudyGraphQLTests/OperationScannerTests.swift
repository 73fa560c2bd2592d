import Testing

@testable import UnderstudyGraphQL

/// Operations named without GraphQLSwift: the top level only, whatever strings, comments and fragments hold.
@Suite struct OperationScannerTests {
    static func names(_ text: String) throws -> [String] {
        try GraphQLOperationScanner.scan(text).get().map { "\($0.kind.rawValue) \($0.name ?? "-") \($0.line):\($0.column)" }
    }

    static func error(_ text: String) -> GraphQLErrorEntry? {
        if case .failure(let list) = GraphQLOperationScanner.scan(text) { return list.errors.first }
        return nil
    }

    @Test func shorthandNamedAndSeveralOperations() throws {
        #expect(try Self.names("{ hero { name } }") == ["query - 1:1"])
        #expect(try Self.names("query { a }") == ["query - 1:1"])
        #expect(try Self.names("  query GetHero($e: Episode = JEDI) @live { hero(episode: $e) { name } }") == ["query GetHero 1:3"])
        let three = "query A { a }\nmutation CreateOrder($i: OrderInput!) { createOrder(input: $i) { id } }\nsubscription OnOrder { o }"
        #expect(try Self.names(three) == ["query A 1:1", "mutation CreateOrder 2:1", "subscription OnOrder 3:1"])
    }

    @Test func fragmentsCommentsAndStringsAreNotOperations() throws {
        let text = #"""
            # query Commented { x }
            fragment query on Query { query: hero { name } }
            query Real {
              search(text: "} query Fake { {") { ...query }
              b: hero(episode: """ a block } string with \""" quotes { """) { name }
            }
            fragment F on Human @include(if: true) { id }
            """#
        #expect(try Self.names(text) == ["query Real 3:1"])
    }

    @Test func syntaxErrorsAreLocated() {
        #expect(Self.error("query A { a ")?.message == "Syntax Error: Expected \"}\", found <EOF>.")
        #expect(Self.error("query A { a ]")?.locations.first?.column == 13)
        #expect(Self.error("type Query { a: Int }")?.message == "Syntax Error: Unexpected Name \"type\".")
        #expect(Self.error("query A { a(x: \"open) }")?.message == "Syntax Error: Unterminated string.")
        #expect(Self.error("query A { a % }")?.message == "Syntax Error: Unexpected character: \"%\".")
        #expect(Self.error("")?.message == "Syntax Error: Expected {, found <EOF>.")
        #expect(Self.error("fragment F Human { id }")?.message == "Syntax Error: Expected \"on\", found Name \"Human\".")
        let line = Self.error("query A {\n  a\n}\n}")?.locations.first
        #expect(line?.line == 4 && line?.column == 1)
    }
}
