#if FullPackage
import Testing
import UnderstudyDocuments

@testable import UnderstudyGraphQL

/// `__schema` and `__type` answered by GraphQLSwift's executor, as codegen tools and GraphiQL ask.
@Suite struct IntrospectionTests {
    typealias F = SchemaFixture

    @Test func schemaTypesAndKinds() async throws {
        let body = try #require(await F.introspect("{ __schema { queryType { name } types { name kind } } }"))
        #expect(body["errors"] == nil)
        #expect(Support.at(body, "data", "__schema", "queryType", "name") == .string("Query"))
        let types = try #require(Support.at(body, "data", "__schema", "types")?.arrayValue)
        let kinds = Dictionary(uniqueKeysWithValues: types.compactMap { type in type["name"]?.stringValue.map { ($0, type["kind"] ?? .null) } })
        #expect(kinds["Character"] == .string("INTERFACE"))
        #expect(kinds["SearchResult"] == .string("UNION"))
        #expect(kinds["DateTime"] == .string("SCALAR"))
        #expect(kinds["OrderInput"] == .string("INPUT_OBJECT"))
    }

    @Test func typeByNameWithAVariable() async throws {
        let body = try #require(
            await F.introspect(
                "query T($name: String!) { __type(name: $name) { name kind enumValues { name } } }",
                variables: .object([JSONValue.Member("name", .string("OrderStatus"))])))
        #expect(Support.at(body, "data", "__type", "kind") == .string("ENUM"))
        #expect(Support.at(body, "data", "__type", "enumValues", 3, "name") == .string("CANCELLED"))
    }

    @Test func otherRootFieldsAreSynthesisedBesideIt() async throws {
        let body = try #require(await F.introspect("{ first: productList(limit: 1) { title } __type(name: \"Droid\") { name } hero { name } }"))
        #expect(body["data"]?.members?.map(\.key) == ["first", "__type", "hero"])
        #expect(Support.at(body, "data", "__type", "name") == .string("Droid"))
        #expect(Support.at(body, "data", "first", 0, "title") == .string("title 1"))
        #expect(Support.at(body, "data", "hero", "name") == .string("name 1"))
    }

    @Test func theFullIntrospectionQueryAnswersTheSchemasTypes() async throws {
        let body = try #require(await F.introspect(F.fullIntrospectionQuery))
        #expect(body["errors"] == nil)
        #expect(Support.at(body, "data", "__schema", "mutationType", "name") == .string("Mutation"))
        let types = try #require(Support.at(body, "data", "__schema", "types")?.arrayValue)
        let names = Set(types.compactMap { $0["name"]?.stringValue })
        #expect(names.isSuperset(of: ["Query", "Mutation", "Human", "Droid", "Product", "Order", "OrderInput", "Episode", "DateTime", "__Schema"]))
        let human = try #require(types.first { $0["name"] == .string("Human") })
        #expect(Support.at(human, "interfaces")?.arrayValue?.compactMap { $0["name"]?.stringValue }.sorted() == ["Character", "Node"])
        let height = try #require(human["fields"]?.arrayValue?.first { $0["name"] == .string("height") })
        #expect(Support.at(height, "args", 0, "defaultValue") == .string("METER"))
        let directives = Support.at(body, "data", "__schema", "directives")?.arrayValue?.compactMap { $0["name"]?.stringValue } ?? []
        #expect(directives.contains("include") && directives.contains("skip"))
    }
}
#endif
