import Testing
import UnderstudyDocuments

@testable import UnderstudyGraphQL

/// GraphQL requests read off HTTP as apps' clients send them, and every malformed one refused with a message
/// naming what is wrong.
@Suite struct HTTPRequestTests {
    static let hash = "ecf4edb46db40b5132295c0291d62fb65d6759a9eedfa4d5d612dd5ec54a6b38"

    static func post(_ body: String, contentType: String? = "application/json") -> Result<GraphQLHTTPRequest, GraphQLRequestProblem> {
        GraphQLHTTPRequest.read(method: "POST", queryItems: [], contentType: contentType, body: Array(body.utf8))
    }

    static func problem(_ result: Result<GraphQLHTTPRequest, GraphQLRequestProblem>) -> String? {
        if case .failure(let problem) = result { return problem.message }
        return nil
    }

    @Test func aJSONPostIsOneOperation() throws {
        let request = try Self.post(
            #"{"query":"query GetHero($e: Episode) { hero(episode: $e) { name } }","operationName":"GetHero","variables":{"e":"JEDI"}}"#,
            contentType: "application/json; charset=utf-8"
        ).get()
        #expect(!request.isBatch)
        #expect(request.operations.count == 1)
        #expect(request.operations[0].operationName == "GetHero")
        #expect(request.operations[0].variables == .object([JSONValue.Member("e", .string("JEDI"))]))
        #expect(request.operations[0].persistedQueryHash == nil)
    }

    @Test func aBatchIsAnArrayOfOperations() throws {
        let request = try Self.post(#"[{"query":"{ a }"},{"query":"{ b }","variables":null}]"#).get()
        #expect(request.isBatch)
        #expect(request.operations.map(\.query) == ["{ a }", "{ b }"])
        #expect(request.operations[1].variables == nil)
    }

    @Test func applicationGraphQLIsTheQueryText() throws {
        let request = try Self.post("{ hero { name } }", contentType: "application/graphql").get()
        #expect(request.operations == [GraphQLOperationRequest(query: "{ hero { name } }")])
    }

    @Test func aGetReadsTheQueryParameters() throws {
        let request = try GraphQLHTTPRequest.read(
            method: "GET",
            queryItems: [
                ("query", "query Q($id: ID!) { human(id: $id) { name } }"), ("operationName", "Q"), ("variables", #"{"id":"1"}"#),
                ("extensions", #"{"persistedQuery":{"version":1,"sha256Hash":"\#(Self.hash.uppercased())"}}"#),
            ],
            contentType: nil,
            body: []
        ).get()
        #expect(request.operations[0].operationName == "Q")
        #expect(request.operations[0].variables?["id"] == .string("1"))
        #expect(request.operations[0].persistedQueryHash == Self.hash)
    }

    @Test func anAPQHashAloneIsARequest() throws {
        let request = try Self.post(#"{"extensions":{"persistedQuery":{"version":1,"sha256Hash":"\#(Self.hash)"}}}"#).get()
        #expect(request.operations[0].query == nil)
        #expect(request.operations[0].persistedQueryHash == Self.hash)
    }

    @Test func wrongJSONTypesNameTheirKey() {
        #expect(Self.problem(Self.post(#"{"query":42}"#)) == "query is a number, not a string")
        #expect(Self.problem(Self.post(#"{"query":"{a}","variables":[1]}"#)) == "variables is an array, not an object")
        #expect(Self.problem(Self.post(#"{"query":"{a}","variables":"{}"}"#)) == "variables is a string, not an object")
        #expect(Self.problem(Self.post(#"{"query":"{a}","operationName":true}"#)) == "operationName is a boolean, not a string")
        #expect(Self.problem(Self.post(#"{"query":"{a}","extensions":1}"#)) == "extensions is a number, not an object")
        #expect(Self.problem(Self.post(#"[{"query":"{a}"},{"query":["x"]}]"#)) == "[1].query is an array, not a string")
        #expect(Self.problem(Self.post(#"[{"query":"{a}"}, 3]"#)) == "batch element [1] is a number, not an object")
        #expect(Self.problem(Self.post(#""{a}""#)) == "the body is a string; a GraphQL request is an object or an array of them")
        #expect(Self.problem(Self.post(#"{"operationName":"A"}"#)) == "query is missing: send the query text or a persisted-query hash")
    }

    @Test func badHashesBatchesAndMethodsAreProblems() {
        let short = #"{"extensions":{"persistedQuery":{"sha256Hash":"abc"}}}"#
        #expect(Self.problem(Self.post(short)) == "extensions.persistedQuery.sha256Hash is not a SHA-256 hash (64 hexadecimal digits)")
        let notObject = #"{"extensions":{"persistedQuery":"abc"}}"#
        #expect(Self.problem(Self.post(notObject)) == "extensions.persistedQuery is a string, not an object")
        #expect(Self.problem(Self.post("[]")) == "the batch is empty: send at least one operation")
        let big = "[" + Array(repeating: #"{"query":"{a}"}"#, count: 101).joined(separator: ",") + "]"
        #expect(Self.problem(Self.post(big)) == "the batch has 101 operations; at most 100 are read")
        #expect(Self.problem(Self.post("{}", contentType: "text/plain"))?.hasSuffix("not Content-Type text/plain") == true)
        #expect(Self.problem(Self.post("{}", contentType: nil))?.hasSuffix("not no Content-Type") == true)
        #expect(
            Self.problem(GraphQLHTTPRequest.read(method: "PUT", queryItems: [], contentType: nil, body: []))
                == "GraphQL requests are GET or POST, not PUT")
        let badVariables = GraphQLHTTPRequest.read(method: "GET", queryItems: [("query", "{a}"), ("variables", "{")], contentType: nil, body: [])
        #expect(Self.problem(badVariables)?.hasPrefix("the variables parameter is not JSON") == true)
    }

    @Test func badUTF8AndBadJSONAreProblemsNotCrashes() {
        let invalid: [UInt8] = [0x7B, 0x22, 0x71, 0x22, 0x3A, 0x22, 0xFF, 0xFE, 0x22, 0x7D]  // {"q":"\xFF\xFE"}
        let json = GraphQLHTTPRequest.read(method: "POST", queryItems: [], contentType: "application/json", body: invalid)
        #expect(Self.problem(json)?.hasPrefix("the body is not JSON") == true)
        let text = GraphQLHTTPRequest.read(method: "POST", queryItems: [], contentType: "application/graphql", body: [0xC3, 0x28])
        #expect(Self.problem(text) == "the application/graphql body is not UTF-8 text")
        #expect(Self.problem(Self.post(String(repeating: "[", count: 100_000)))?.hasPrefix("the body is not JSON") == true)
    }

    @Test func theOperationNameComesFromTheRequestOrTheSingleOperation() throws {
        let named = try GraphQLOperationScanner.scan("query GetHero { hero { name } }").get()
        let two = try GraphQLOperationScanner.scan("query A { a } query B { b }").get()
        let anonymous = try GraphQLOperationScanner.scan("{ a }").get()
        #expect(GraphQLOperationRequest(query: "").operationName(in: named) == "GetHero")
        #expect(GraphQLOperationRequest(query: "", operationName: "B").operationName(in: two) == "B")
        #expect(GraphQLOperationRequest(query: "").operationName(in: two) == nil)
        #expect(GraphQLOperationRequest(query: "").operationName(in: anonymous) == nil)
    }

    @Test func persistedQueryHashesAndApolloErrorsAreApollos() {
        #expect(PersistedQueryHash.sha256Hex("") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(PersistedQueryHash.sha256Hex("{__typename}") == Self.hash)
        #expect(
            Support.text(GraphQLErrorBody.persistedQueryNotFound)
                == #"{"errors":[{"message":"PersistedQueryNotFound","extensions":{"code":"PERSISTED_QUERY_NOT_FOUND"}}]}"#)
        #expect(
            Support.text(GraphQLErrorBody.persistedQueryHashMismatch)
                == #"{"errors":[{"message":"provided sha does not match query","extensions":{"code":"INTERNAL_SERVER_ERROR"}}]}"#)
        let entry = GraphQLErrorEntry(message: "m", locations: [(2, 3)], path: [.key("a"), .index(1)], code: "C")
        #expect(
            Support.text(GraphQLErrorBody.errors([entry], data: .null))
                == #"{"errors":[{"message":"m","locations":[{"line":2,"column":3}],"path":["a",1],"extensions":{"code":"C"}}],"data":null}"#)
    }
}
