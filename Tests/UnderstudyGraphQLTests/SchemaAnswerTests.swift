#if FullPackage
import Testing
import UnderstudyDocuments

@testable import UnderstudyGraphQL

/// Valid operations answered from the schema: the selection set's shape with synthetic, deterministic values.
@Suite struct SchemaAnswerTests {
    typealias F = SchemaFixture

    @Test func aliasesFragmentsInlineFragmentsAndTypename() throws {
        let body = F.body(
            """
            query Shop {
              first: productList(limit: 1) { ...ProductFields title }
              hero { __typename name ... on Human { homePlanet } ... on Droid { primaryFunction } }
              search(text: "x") { __typename ... on Product { price } ... on Character { id } }
            }
            fragment ProductFields on Product { id title createdAt tags }
            """)
        let product = try #require(Support.at(body, "data", "first", 0))
        #expect(product.members?.map(\.key) == ["id", "title", "createdAt", "tags"])
        #expect(product["title"] == .string("title 1"))
        #expect(product["id"] == .string("1"))
        #expect(product["createdAt"] == .string("2024-01-01T12:00:00Z"))
        #expect(Support.at(body, "data", "first")?.arrayValue?.count == 1)
        let hero = try #require(Support.at(body, "data", "hero"))
        #expect(hero.members?.map(\.key) == ["__typename", "name", "homePlanet"])
        #expect(hero["__typename"] == .string("Human"))
        // A union's items take its member types in turn; inline fragments on the others select nothing.
        let search = try #require(Support.at(body, "data", "search")?.arrayValue)
        #expect(search.map { $0["__typename"] } == [.string("Human"), .string("Droid")])
        #expect(search[0].members?.map(\.key) == ["__typename", "id"])
    }

    @Test func sameRequestSameBytesAndVariablesInAnyKeyOrder() throws {
        let query =
            "query Order($id: ID!, $n: Int) { order(id: $id) { id status total placedAt lines { quantity product { title price } } } productList(limit: $n) { id } }"
        let one = F.body(query, variables: try Support.json(#"{"id":"7","n":3}"#))
        let two = F.body(query, variables: try Support.json(#"{"n":3,"id":"7"}"#))
        #expect(Support.text(one) == Support.text(two))
        #expect(
            Support.at(one, "data", "order", "status")?.stringValue.map { ["PENDING", "SHIPPED", "DELIVERED", "CANCELLED"].contains($0) } == true)
        #expect(Support.at(one, "data", "productList")?.arrayValue?.count == 3)
        #expect(Support.at(one, "data", "order", "lines", 1, "product", "title") == .string("title 2"))
    }

    @Test func listSizesFollowCountArgumentsWithinBounds() throws {
        func count(_ query: String, _ path: Any..., variables: JSONValue? = nil) -> Int? {
            var value: JSONValue? = F.body(query, variables: variables)["data"]
            for step in path { value = Support.at(value, step) }
            return value?.arrayValue?.count
        }
        #expect(count("{ productList { id } }", "productList") == 2)
        #expect(count("{ productList(limit: 5) { id } }", "productList") == 5)
        #expect(count("{ productList(limit: 500) { id } }", "productList") == 50)
        #expect(count("{ productList(limit: -3) { id } }", "productList") == 0)
        #expect(count("query($n: Int) { productList(limit: $n) { id } }", "productList", variables: .object([JSONValue.Member("n", .int(4))])) == 4)
        // A connection's `first` sizes its edges.
        #expect(count("{ products(first: 3) { edges { cursor node { id } } totalCount } }", "products", "edges") == 3)
        #expect(count("{ hero { friends(first: 1) { name } } }", "hero", "friends") == 1)
    }

    @Test func skipAndIncludeFollowVariables() throws {
        let query = "query($show: Boolean!) { hero { name @include(if: $show) id @skip(if: $show) } }"
        let shown = F.body(query, variables: .object([JSONValue.Member("show", .bool(true))]))
        #expect(Support.at(shown, "data", "hero")?.members?.map(\.key) == ["name"])
        let hidden = F.body(query, variables: .object([JSONValue.Member("show", .bool(false))]))
        #expect(Support.at(hidden, "data", "hero")?.members?.map(\.key) == ["id"])
    }

    @Test func aMutationWithAnInputObject() throws {
        let body = F.body(
            "mutation CreateOrder($input: OrderInput!) { createOrder(input: $input) { id status lines { quantity } } }",
            variables: try Support.json(#"{"input":{"lines":[{"productId":"1","quantity":2}],"note":"leave at door"}}"#))
        #expect(Support.at(body, "data", "createOrder", "id") == .string("1"))
        #expect(Support.at(body, "data", "createOrder", "lines")?.arrayValue?.count == 2)
    }

    @Test func partialDataNullsTheNullableLeavesWithTheirPaths() throws {
        let body = F.body("{ hero { __typename name ... on Human { homePlanet height } } order(id: 1) { id note total } }", mode: .partialData)
        #expect(Support.at(body, "data", "hero", "__typename") == .string("Human"))
        #expect(Support.at(body, "data", "hero", "homePlanet") == .null)
        #expect(Support.at(body, "data", "hero", "name") == .string("name 1"))
        #expect(Support.at(body, "data", "order", "note") == .null)
        let errors = try #require(body["errors"]?.arrayValue)
        #expect(errors.count == 4)
        #expect(errors[0]["message"] == .string("Understudy partial-data fault: Human.homePlanet left null"))
        #expect(errors[0]["path"] == .array([.string("hero"), .string("homePlanet")]))
        #expect(errors[3]["path"] == .array([.string("order"), .string("total")]))
    }

    @Test func partialDataWithoutNullableLeavesNullsTheOutermostNullableField() throws {
        let outer = F.body("{ hero { id name } }", mode: .partialData)
        #expect(outer["data"] == .object([JSONValue.Member("hero", .null)]))
        #expect(Support.at(outer, "errors", 0, "path") == .array([.string("hero")]))
        let nothing = F.body("mutation { createOrder(input: {lines: []}) { id } }", mode: .partialData)
        #expect(nothing["data"] == .null)
        #expect(nothing["errors"]?.arrayValue?.count == 1)
    }

    @Test func everyErrorClassIsLocated() throws {
        let syntax = Support.errors(F.body("{ hero { name }"))
        #expect(syntax.first?.message == "Syntax Error: Expected \"}\", found <EOF>.")
        #expect(syntax.first?.line == 1 && syntax.first?.column == 16)
        let validation = Support.errors(F.body("query Q {\n  hero { nmae }\n}"))
        #expect(validation.first?.message.hasPrefix("Cannot query field \"nmae\" on type \"Character\".") == true)
        #expect(validation.first?.line == 2 && validation.first?.column == 10)
        let variable = Support.errors(F.body("query Q($id: ID!) { human(id: $id) { name } }"))
        #expect(variable.first?.message == "Variable \"$id\" of required type \"ID!\" was not provided.")
        #expect(variable.first?.line == 1 && variable.first?.column == 9)
        let wrongType = Support.errors(F.body("query Q($n: Int) { productList(limit: $n) { id } }", variables: try Support.json(#"{"n":"three"}"#)))
        #expect(wrongType.first?.message == "Variable \"$n\" got invalid value \"three\"; Int cannot represent non-integer value: \"three\"")
        #expect(wrongType.first?.line == 1)
        let input = Support.errors(
            F.body("mutation M($i: OrderInput!) { createOrder(input: $i) { id } }", variables: try Support.json(#"{"i":{"lines":[{"quantity":1}]}}"#))
        )
        #expect(input.first?.message.hasSuffix("at \"i.lines[0]\"; Field \"productId\" of required type \"ID!\" was not provided.") == true)
        let cycle = Support.errors(F.body("{ hero { ...A } }\nfragment A on Character { ...B }\nfragment B on Character { ...A }"))
        #expect(cycle.first?.message == "Cannot spread fragment \"A\" within itself via \"B\".")
        #expect(cycle.first?.line != nil)
    }

    @Test func operationNamesAsGraphQLJSPicksThem() {
        let two = "query A { hero { id } } query B { hero { name } }"
        #expect(Support.errors(F.body(two)).first?.message == "Must provide operation name if query contains multiple operations.")
        #expect(Support.errors(F.body(two, operationName: "C")).first?.message == "Unknown operation named \"C\".")
        #expect(Support.at(F.body(two, operationName: "B"), "data", "hero", "name") == .string("name 1"))
    }
}
#endif

#if FullPackage
/// The schema answers on many threads at once through one cache of prepared documents.
@Suite struct SchemaConcurrencyTests {
    @Test func answersOnManyThreadsAtOnceAgree() async {
        let queries = (1...4).map { "query Q\($0) { productList(limit: \($0)) { id title price } hero { name } }" }
        let bodies = await withTaskGroup(of: (Int, String).self) { group in
            for round in 0..<32 {
                group.addTask { (round % 4, Support.text(SchemaFixture.body(queries[round % 4]))) }
            }
            var bodies: [Int: Set<String>] = [:]
            for await (query, body) in group { bodies[query, default: []].insert(body) }
            return bodies
        }
        #expect(bodies.count == 4)
        #expect(bodies.values.allSatisfy { $0.count == 1 })
    }

    @Test func theDocumentCacheEvictsTheOldestFirst() {
        var cache = BoundedCache<Int>(maxEntries: 2, maxKeyBytes: 10)
        cache.insert(1, for: "a")
        cache.insert(2, for: "b")
        cache.insert(3, for: "c")
        #expect(cache.value(for: "a") == nil && cache.value(for: "b") == 2 && cache.value(for: "c") == 3)
        cache.insert(4, for: "0123456789")
        #expect(cache.count == 1 && cache.value(for: "0123456789") == 4)
        cache.insert(5, for: "01234567890")
        #expect(cache.value(for: "01234567890") == nil)
    }
}
#endif
