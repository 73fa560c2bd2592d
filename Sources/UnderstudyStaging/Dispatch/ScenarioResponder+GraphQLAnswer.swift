import HTTPTypes
import UnderstudyDocuments
import UnderstudyGraphQL
import UnderstudyHTTP

/// One GraphQL operation's body: a refusal (APQ), GraphQL's own fault, a staged answer, or the schema's.
struct GraphQLBody {
    enum Kind {
        case plain
        case introspection(@Sendable () async -> JSONValue)
    }

    var json: JSONValue
    var status: HTTPResponse.Status = .ok
    var kind = Kind.plain
}

extension ScenarioResponder {
    func answer(
        _ operation: GraphQLCall.Operation, staged: CustomRoute?, endpoint: GraphQLEndpoint?, fault: Fault, request: ServerRequest, scenario: Scenario
    ) -> GraphQLBody {
        if let refusal = operation.refusal {
            // As Apollo's router: a hash that is not the query's is the client's error; an unknown one asks for the query (200).
            return GraphQLBody(json: refusal, status: refusal == GraphQLErrorBody.persistedQueryHashMismatch ? .badRequest : .ok)
        }
        let name = operation.name ?? "the anonymous operation"
        if fault == .graphQLErrors {
            return GraphQLBody(
                json: GraphQLErrorBody.errors(
                    [GraphQLErrorEntry(message: "Understudy graphql-errors fault: \(name) failed", code: "INTERNAL_SERVER_ERROR")], data: .null))
        }
        if let fixed = staged?.fixed {
            let response = prepare(
                fixed.render(parameters: [:], request: request), headers: fixed.fields, scenario: scenario, origin: origin(of: request),
                malformed: false)
            guard let json = try? JSONParser.parse(response.body, file: "staged answer").value else {
                return GraphQLBody(
                    json: GraphQLErrorBody.errors([
                        GraphQLErrorEntry(
                            message: "the answer staged for \(name) is not JSON, which a GraphQL element must be", code: "UNDERSTUDY_NOT_JSON")
                    ]))
            }
            guard fault == .partialData else { return GraphQLBody(json: json, status: response.status) }
            // The schema says which fields may be null: the ones its own partial answer to the operation nulls.
            var nullable: Set<[String]>?
            if let schema = endpoint?.schema, let query = operation.query,
                case .body(let partial) = schema.answer(
                    query: query, operationName: operation.request.operationName, variables: operation.variables, mode: .partialData),
                partial["data"] != nil
            {
                nullable = GraphQLPartialData.nullablePaths(in: partial)
            }
            return GraphQLBody(json: GraphQLPartialData.apply(to: json, nullable: nullable, operation: name), status: response.status)
        }
        if let schema = endpoint?.schema, let query = operation.query {
            switch schema.answer(
                query: query, operationName: operation.request.operationName, variables: operation.variables,
                mode: fault == .partialData ? .partialData : .data)
            {
            case .body(let json):
                // As Apollo Server: a document that does not parse or validate is the client's error (400).
                return GraphQLBody(json: json, status: json["data"] == nil ? .badRequest : .ok)
            case .introspection(let run):
                return GraphQLBody(json: .null, kind: .introspection(run))
            }
        }
        let advice =
            endpoint?.schema == nil
            ? "stage it (a graphql entry's operations, a session's respond(toGraphQL:)) or give the graphql entry a schema"
            : "its query never reached the server"
        return GraphQLBody(
            json: GraphQLErrorBody.errors([
                GraphQLErrorEntry(message: "Understudy has no answer for \(name): \(advice)", code: "UNDERSTUDY_NOT_STAGED")
            ]),
            status: .notFound)
    }
}
