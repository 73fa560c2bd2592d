import Foundation
import HTTPTypes
import Testing
import UnderstudyDocuments
import UnderstudyTesting

@testable import Understudy
@testable import UnderstudyGraphQL
@testable import UnderstudyStaging

/// `graphql:` through the engine: operations named three ways, staged answers by name and variables, the schema's
/// answers for the rest, GraphQL's faults and HTTP's, batches, persisted queries, and a session's own operations.
@Suite struct GraphQLTests {
    static let schema = """
        scalar DateTime
        enum Episode { NEWHOPE EMPIRE JEDI }
        interface Node { id: ID! }
        type Film implements Node { id: ID! title: String! episode: Episode releaseDate: DateTime director: String }
        type Order implements Node { id: ID! sku: String! quantity: Int! note: String }
        input OrderInput { sku: String! quantity: Int! }
        type Query { allFilms(first: Int): [Film!]! film(id: ID!): Film node(id: ID!): Node }
        type Mutation { createOrder(input: OrderInput!): Order! }
        """
    static let file = """
        description: a GraphQL shop
        graphql:
          - path: /myapi/graphql
            schema: graphql/schema.graphql
            operations:
              GetFilm:
                - variables: {json: {id: "1"}}
                  json: {data: {film: {id: "1", title: A New Hope}}}
                - json: {data: {film: null}}
              CreateOrder: {errors: [{message: Out of stock, path: [createOrder]}]}
              Flaky: {json: {data: {film: {id: "2", title: Empire, director: Kershner}}}, fault: partial-data}
          - path: /other/graphql
            operations:
              Ping: {json: {data: {ping: pong}}}
        """

    func router() throws -> UnderstudyRouter {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("understudy-graphql-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("graphql"), withIntermediateDirectories: true)
        try Self.file.write(to: folder.appendingPathComponent("shop.yaml"), atomically: true, encoding: .utf8)
        try Self.schema.write(to: folder.appendingPathComponent("graphql/schema.graphql"), atomically: true, encoding: .utf8)
        try "description: GraphQL errors for every operation\nextends: shop\nfault: graphql-errors\n".write(
            to: folder.appendingPathComponent("graphql-errors.yaml"), atomically: true, encoding: .utf8)
        try "description: 500 for everything\nextends: shop\nresponse: {status: 500, json: {error: down}}\n".write(
            to: folder.appendingPathComponent("down.yaml"), atomically: true, encoding: .utf8)
        return try UnderstudyRouter(scenarios: folder, scenario: "shop")
    }

    func post(
        _ router: UnderstudyRouter, _ body: String, path: String = "/myapi/graphql", session: String? = nil, scenario: String? = nil
    ) async
        -> RouterResponse
    {
        var headers: HTTPFields = [.contentType: "application/json"]
        if let session { headers[HTTPField.Name("X-Understudy-Session")!] = session }
        if let scenario { headers[HTTPField.Name("X-Understudy-Scenario")!] = scenario }
        return await router.execute(path, method: .post, headers: headers, body: Array(body.utf8), waitForDelays: false)
    }

    func json(_ response: RouterResponse) throws -> JSONValue { try JSONParser.parse(response.body, file: "body").value }

    @Test func anOperationIsNamedByOperationNameByItsSingleNameOrOverGET() async throws {
        let router = try router()
        let byName = try json(
            await post(
                router, #"{"query":"query GetFilm($id: ID!) { film(id: $id) { id title } }","operationName":"GetFilm","variables":{"id":"1"}}"#))
        #expect(byName["data"]?["film"]?["title"]?.stringValue == "A New Hope")
        let bySingleName = try json(await post(router, #"{"query":"query GetFilm($id: ID!) { film(id: $id) { id } }","variables":{"id":"1"}}"#))
        #expect(bySingleName["data"]?["film"]?["id"]?.stringValue == "1")
        let query = "query%20GetFilm(%24id%3A%20ID!)%20%7B%20film(id%3A%20%24id)%20%7B%20id%20%7D%20%7D"
        let overGET = await router.execute("/myapi/graphql?query=\(query)&variables=%7B%22id%22%3A%221%22%7D", waitForDelays: false)
        #expect(overGET.status == .ok)
        #expect(try json(overGET)["data"]?["film"]?["title"]?.stringValue == "A New Hope")
    }

    @Test func answersAreChosenByVariablesInOrder() async throws {
        let router = try router()
        let other = try json(await post(router, #"{"query":"query GetFilm($id: ID!) { film(id: $id) { id } }","variables":{"id":"9"}}"#))
        #expect(other["data"]?["film"] == .null)
    }

    @Test func errorsAreGraphQLsBodyWithA200() async throws {
        let router = try router()
        let response = await post(router, #"{"query":"mutation CreateOrder { createOrder(input: {sku: \"B\", quantity: 1}) { id } }"}"#)
        #expect(response.status == .ok)
        let body = try json(response)
        #expect(body["data"] == .null)
        #expect(body["errors"]?.arrayValue?.first?["message"]?.stringValue == "Out of stock")
    }

    @Test func partialDataNullsWhatTheSchemaLetsBeNull() async throws {
        let router = try router()
        let body = try json(await post(router, #"{"query":"query Flaky { film(id: \"2\") { id title director } }"}"#))
        #expect(body["data"]?["film"]?["id"]?.stringValue == "2")
        // The schema says which may be null: `director` (String) is nulled, `title` (String!) and `id` kept.
        #expect(body["data"]?["film"]?["title"]?.stringValue == "Empire")
        #expect(body["data"]?["film"]?["director"] == .null)
        let paths = body["errors"]?.arrayValue?.compactMap { $0["path"] } ?? []
        #expect(paths == [.array([.string("film"), .string("director")])])
    }

    @Test func aScenarioFaultReachesEveryOperation() async throws {
        let router = try router()
        let failed = try json(await post(router, #"{"query":"query GetFilm { film(id: \"1\") { id } }"}"#, scenario: "graphql-errors"))
        #expect(failed["data"] == .null)
        #expect(failed["errors"]?.arrayValue?.count == 1)
        let down = await post(router, #"{"query":"query Anything { allFilms { id } }"}"#, scenario: "down")
        #expect(down.status?.code == 500)
    }

    @Test func anEndpointWithoutASchemaSaysWhatIsNotStaged() async throws {
        let router = try router()
        let staged = try json(await post(router, #"{"query":"query Ping { ping }"}"#, path: "/other/graphql"))
        #expect(staged["data"]?["ping"]?.stringValue == "pong")
        let unstaged = await post(router, #"{"query":"query Pong { pong }"}"#, path: "/other/graphql")
        #expect(unstaged.status == .notFound)
        #expect(unstaged.text.contains("UNDERSTUDY_NOT_STAGED"))
    }

    @Test func aBrokenRequestIsA400WithGraphQLsBody() async throws {
        let router = try router()
        for body in [#"{"query": 7}"#, "[", #"{"variables": {}}"#] {
            let response = await post(router, body)
            #expect(response.status == .badRequest, "\(body)")
            #expect(try json(response)["errors"] != nil, "\(body)")
        }
    }

    @Test func persistedQueriesAreNotFoundUntilSentOnce() async throws {
        let router = try router()
        let query = #"query GetFilm($id: ID!) { film(id: $id) { id title } }"#
        let hash = PersistedQueryHash.sha256Hex(query)
        let extensions = #""extensions":{"persistedQuery":{"version":1,"sha256Hash":"\#(hash)"}}"#
        let miss = try json(await post(router, #"{"operationName":"GetFilm","variables":{"id":"1"},\#(extensions)}"#))
        #expect(miss["errors"]?.arrayValue?.first?["message"]?.stringValue == "PersistedQueryNotFound")
        let sent = try json(await post(router, #"{"query":"\#(query)","operationName":"GetFilm","variables":{"id":"1"},\#(extensions)}"#))
        #expect(sent["data"]?["film"]?["title"]?.stringValue == "A New Hope")
        let hit = try json(await post(router, #"{"operationName":"GetFilm","variables":{"id":"1"},\#(extensions)}"#))
        #expect(hit["data"]?["film"]?["title"]?.stringValue == "A New Hope")
        let wrong = try json(await post(router, #"{"query":"{ allFilms { id } }",\#(extensions)}"#))
        #expect(wrong["data"] == nil && wrong["errors"] != nil)
    }

    @Test func aBatchIsAnsweredElementByElement() async throws {
        let router = try router()
        let response = await post(
            router,
            #"[{"query":"query Ping { film(id: \"1\") { id } }","operationName":"GetFilm","variables":{"id":"1"}},{"query":"mutation CreateOrder { createOrder(input: {sku: \"B\", quantity: 1}) { id } }"}]"#
        )
        #expect(response.status == .ok)
        let items = try json(response).arrayValue ?? []
        #expect(items.count == 2)
        #expect(items.first?["data"]?["film"]?["title"]?.stringValue == "A New Hope")
        #expect(items.last?["errors"]?.arrayValue?.first?["message"]?.stringValue == "Out of stock")
    }

    @Test func aSessionStagesOneOperationForItselfAlone() async throws {
        let router = try router()
        let routes = #"{"routes":[{"operation":"GetFilm","json":{"data":{"film":{"id":"1","title":"Staged"}}}}]}"#
        let staged = await router.execute(
            "/__admin/sessions/s1/routes", method: .post, headers: [.contentType: "application/json"], body: Array(routes.utf8), waitForDelays: false)
        #expect(staged.status == .ok, "\(staged.text)")
        let request = #"{"query":"query GetFilm { film(id: \"1\") { id title } }"}"#
        #expect(try json(await post(router, request, session: "s1"))["data"]?["film"]?["title"]?.stringValue == "Staged")
        #expect(try json(await post(router, request, session: "s2"))["data"]?["film"]?["title"]?.stringValue != "Staged")
    }

    @Test func aSessionUsesAScenarioForOneOperation() async throws {
        let router = try router()
        let change = #"{"name":"graphql-errors","operation":"GetFilm"}"#
        let switched = await router.execute(
            "/__admin/sessions/s1/scenario", method: .put, headers: [.contentType: "application/json"], body: Array(change.utf8), waitForDelays: false
        )
        #expect(switched.status == .ok, "\(switched.text)")
        let failed = try json(await post(router, #"{"query":"query GetFilm { film(id: \"1\") { id } }"}"#, session: "s1"))
        #expect(failed["data"] == .null && failed["errors"] != nil)
        let other = try json(await post(router, #"{"query":"query Ping { ping }"}"#, path: "/other/graphql", session: "s1"))
        #expect(other["data"]?["ping"]?.stringValue == "pong")
    }

    @Test func theJournalNamesTheOperations() async throws {
        let router = try router()
        _ = await post(router, #"[{"query":"query A { allFilms { id } }"},{"query":"query B { allFilms { id } }"}]"#, session: "j1")
        let journal = await router.execute("/__admin/requests?session=j1", waitForDelays: false)
        #expect(journal.text.contains(#""graphql_operations":["A","B"]"#), "\(journal.text)")
    }
}

/// A scenario file's `graphql:` mistakes, each located.
@Suite struct GraphQLScenarioProblemTests {
    @Test(arguments: [
        ("graphql: {path: /x}", "expected a list of GraphQL endpoints"),
        ("graphql: [{operations: {}}]", "graphql[0].path"),
        ("graphql: [{path: /g, operations: {bad-name: {json: {}}}}]", "expected an operation name"),
        ("graphql: [{path: /g, operations: {Op: {errors: nope}}}]", "expected a list of GraphQL errors"),
        ("graphql: [{path: /g, schema: missing.graphql}]", "does not exist"),
        ("routes: [{path: /g, variables: {json: {}}, json: {}}]", "give operation beside it"),
        ("routes: [{path: /g, operation: Op, errors: [{message: x}], json: {}}]", "not both"),
    ])
    func eachMistakeIsLocated(_ yaml: String, _ expected: String) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("understudy-graphql-bad-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try "description: bad\n\(yaml)\n".write(to: folder.appendingPathComponent("bad.yaml"), atomically: true, encoding: .utf8)
        #expect {
            _ = try UnderstudyRouter(scenarios: folder, scenario: "bad")
        } throws: { error in
            "\(error)".contains(expected)
        }
    }
}
