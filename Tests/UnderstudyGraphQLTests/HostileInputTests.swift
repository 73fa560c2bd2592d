import Testing
import UnderstudyDocuments

@testable import UnderstudyGraphQL

/// Every input is hostile: each class here is refused by a budget, with a GraphQL error naming it, well before it
/// costs a thread its stack, memory or seconds (times measured by hand, not asserted: see the report).
@Suite struct HostileInputTests {
    static func scanError(_ text: String) -> String? {
        if case .failure(let list) = GraphQLOperationScanner.scan(text) { return list.errors.first?.message }
        return nil
    }

    @Test func deepNestingIsRefusedBeforeAnyParser() {
        let deep = String(repeating: "{a", count: 100_000) + String(repeating: "}", count: 100_000)
        #expect(Self.scanError(deep)?.contains("the depth budget") == true)
        #expect(Self.scanError("query { a(x: " + String(repeating: "[", count: 100_000) + ") }")?.contains("the depth budget") == true)
        #expect(Self.scanError(String(repeating: "{a", count: 64) + String(repeating: "}", count: 64)) == nil)
    }

    @Test func aHugeDocumentIsRefused() {
        let huge = "{ a(x: \"" + String(repeating: "x", count: 1 << 20) + "\") }"
        #expect(Self.scanError(huge)?.contains("the size budget") == true)
    }

    @Test func badUTF8InTheQueryTextIsAnErrorNotACrash() {
        let text = String(decoding: [0x7B, 0x20, 0xFF, 0xFE, 0x20, 0x7D] as [UInt8], as: UTF8.self)  // replacement characters
        #expect(Self.scanError(text)?.hasPrefix("Syntax Error: Unexpected character") == true)
    }

    #if FullPackage
    typealias F = SchemaFixture

    @Test func deepNestingNeverReachesGraphQLSwift() {
        let deep = String(repeating: "{hero", count: 50_000) + String(repeating: "}", count: 50_000)
        #expect(Support.errors(F.body(deep)).first?.message.contains("the depth budget") == true)
    }

    /// Each fragment spreads the next one twice: 2^40 fields once expanded, from a document of 2 KB.
    @Test func fragmentFanOutIsRefusedBeforeValidation() {
        var text = "{ hero { ...F0 } }\n"
        for level in 0..<40 { text += "fragment F\(level) on Character { a: friends { ...F\(level + 1) } b: friends { ...F\(level + 1) } }\n" }
        text += "fragment F40 on Character { name }\n"
        let errors = Support.errors(F.body(text))
        #expect(errors.first?.message.contains("the expanded-field budget") == true)
        #expect(errors.first?.line == 1)
    }

    @Test func aLongFragmentChainIsRefusedBeforeValidation() {
        var text = "{ hero { ...F0 } }\n"
        for level in 0..<1_000 { text += "fragment F\(level) on Character { ...F\(level + 1) }\n" }
        text += "fragment F1000 on Character { name }\n"
        #expect(Support.errors(F.body(text)).first?.message.contains("the expanded-depth budget") == true)
    }

    @Test func aFragmentCycleIsNamed() {
        var text = "{ hero { ...F0 } }\n"
        for level in 0..<1_000 { text += "fragment F\(level) on Character { ...F\((level + 1) % 1_000) }\n" }
        let message = Support.errors(F.body(text)).first?.message ?? ""
        #expect(message.hasPrefix("Cannot spread fragment \"F0\" within itself via \"F1\""))
    }

    @Test func aHugeListArgumentIsBounded() {
        let list = "[" + Array(repeating: "\"x\"", count: 200_000).joined(separator: ",") + "]"
        let answer = F.body("{ search(text: \(list)) { __typename } }")
        #expect(Support.errors(answer).first?.message.contains("the token budget") == true)
        let short = "[" + Array(repeating: "\"x\"", count: 3_000).joined(separator: ",") + "]"
        let located = Support.errors(F.body("{ search(text: \(short)) { __typename } }")).first
        #expect(located?.line == 1 && located?.column == 16)
        #expect((located?.message.utf8.count ?? 1_000) < 600)
        let variables = JSONValue.object([JSONValue.Member("t", .array(Array(repeating: .int(1), count: 200_000)))])
        let typed = Support.errors(F.body("query($t: String!) { search(text: $t) { __typename } }", variables: variables))
        #expect(typed.first?.message.hasPrefix("Variable \"$t\" got invalid value [1,1,1") == true)
        #expect((typed.first?.message.utf8.count ?? 0) < 300)
    }

    @Test func manyAliasesAreBoundedByTheFieldBudget() {
        let aliases = (0..<30_000).map { "a\($0): hero { id }" }.joined(separator: " ")
        #expect(Support.errors(F.body("{ \(aliases) }")).first?.message.contains("the token budget") == true)
        // Within the token budget, a fragment spread many times multiplies the fields past their budget.
        let fields = (0..<500).map { "a\($0): hero { id name }" }.joined(separator: " ")
        let spreads = (0..<30).map { "s\($0): hero { ...Many }" }.joined(separator: " ")
        let manyTimes = "{ \(spreads) }\nfragment Many on Character { \(fields.replacingAll("hero", with: "friends")) }"
        #expect(Support.errors(F.body(manyTimes)).first?.message.contains("the expanded-field budget") == true)
        let wrong = (0..<3_000).map { "a\($0): nope" }.joined(separator: " ")
        let errors = Support.errors(F.body("{ \(wrong) }"))
        #expect(errors.count == 100)
    }

    @Test func anAnswerPastItsBoundsIsAnErrorNamingTheBound() {
        let query = "{ productList(limit: 50) { tags a: tags b: tags c: tags } p2: productList(limit: 50) { id } }"
        let nested = "{ hero { friends(first: 50) { friends(first: 50) { friends(first: 50) { id name } } } } }"
        #expect(Support.errors(F.body(query)).isEmpty)
        #expect(Support.errors(F.body(nested)).first?.message.contains("the answer's value budget") == true)
    }

    @Test func wrongVariableTypesAreErrors() throws {
        let body = F.body("query($n: Int) { productList(limit: $n) { id } }", variables: try Support.json(#"{"n":{"deep":[[[[1]]]]}}"#))
        #expect(Support.errors(body).first?.message.contains("Int cannot represent non-integer value") == true)
    }

    @Test func schemasWithThousandsOfTypesAndRecursionLoadOrAreRefused() throws {
        var sdl = "type Query { t0: T0 }\n"
        for index in 0..<1_000 { sdl += "type T\(index) { id: ID! next: T\(index + 1) self: T\(index) list: [T\(index)!]! }\n" }
        sdl += "type T1000 { id: ID! }\n"
        let model = try GraphQLSchemaModel.load(sdl: sdl, file: "big.graphql")
        let body = F.body("{ t0 { next { next { self { list { id } } } } } }", model: model)
        #expect(Support.at(body, "data", "t0", "next", "next", "self", "list", 1, "id") == .string("2"))
        var tooMany = "type Query { a: Int }\n"
        for index in 0..<10_001 { tooMany += "scalar S\(index)\n" }
        #expect(throws: GraphQLSchemaProblems.self) { try GraphQLSchemaModel.load(sdl: tooMany, file: "many.graphql") }
        let deep = "type Query { a(x: " + String(repeating: "[", count: 10_000) + "Int" + String(repeating: "]", count: 10_000) + "): Int }"
        #expect(throws: GraphQLSchemaProblems.self) { try GraphQLSchemaModel.load(sdl: deep, file: "deep.graphql") }
    }

    @Test func brokenSchemasAreLocated() {
        func problems(_ sdl: String) -> [(line: Int, column: Int, message: String)] {
            do {
                _ = try GraphQLSchemaModel.load(sdl: sdl, file: "s.graphql")
                return []
            } catch {
                return error.problems
            }
        }
        let syntax = problems("type Query {\n  a: Int\n")
        #expect(syntax.first?.line == 3)
        let unknown = problems("type Query { a: Int }\n\ntype Film implements Node { title: String }\ninterface Node { id: ID! }")
        #expect(unknown.first?.line == 3)
        #expect(unknown.first?.message.contains("Node.id") == true)
        #expect(problems("type Film { a: Int }").first?.message.contains("Query root type must be provided") == true)
    }
    #endif
}
