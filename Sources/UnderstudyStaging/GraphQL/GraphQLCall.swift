import HTTPTypes
package import UnderstudyDocuments
package import UnderstudyGraphQL
import UnderstudyHTTP

/// A request read as GraphQL: its operations (one, or a batch's), each named as routes match them, with the
/// query a persisted-query hash stands for.
package struct GraphQLCall: Sendable {
    package struct Operation: Sendable {
        /// `operationName`, else the document's single named operation, else the persisted query's hash.
        package var name: String?
        package var variables: JSONValue?
        /// The query text, sent or found by its hash; nil when neither.
        package var query: String?
        package var request: GraphQLOperationRequest
        /// What keeps the operation from being answered before any route is asked (Apollo's
        /// `PersistedQueryNotFound`, a hash that is not the query's): answered as it is, with a 200.
        package var refusal: JSONValue?
    }

    package var operations: [Operation]
    package var isBatch: Bool

    /// Reads `request`; nil when it is not GraphQL at all (no query, no hash), or a problem to answer with a 400.
    static func read(_ request: ServerRequest, persisted: PersistedQueryStore) -> Result<GraphQLCall, GraphQLRequestProblem>? {
        guard request.method == .post || request.method == .get else { return nil }
        if request.method == .get, request.queryValue("query") == nil, request.queryValue("extensions") == nil { return nil }
        let items = request.query.map { (name: $0.name, value: $0.value) }
        let read = GraphQLHTTPRequest.read(
            method: request.method.rawValue, queryItems: items, contentType: request.header(.contentType), body: request.body)
        switch read {
        case .failure(let problem): return .failure(problem)
        case .success(let http):
            return .success(GraphQLCall(operations: http.operations.map { operation($0, persisted: persisted) }, isBatch: http.isBatch))
        }
    }

    private static func operation(_ request: GraphQLOperationRequest, persisted: PersistedQueryStore) -> Operation {
        var operation = Operation(name: nil, variables: request.variables, query: request.query, request: request)
        if let hash = request.persistedQueryHash {
            if let query = request.query {
                // As Apollo's servers: a hash must be the query's, and then the query is kept for later requests.
                if PersistedQueryHash.sha256Hex(query) == hash {
                    persisted.keep(query, hash: hash)
                } else {
                    operation.refusal = GraphQLErrorBody.persistedQueryHashMismatch
                }
            } else if let query = persisted.query(forHash: hash) {
                operation.query = query
            } else {
                operation.refusal = GraphQLErrorBody.persistedQueryNotFound
            }
        }
        let summaries: [GraphQLOperationSummary] =
            if let query = operation.query, case .success(let found) = GraphQLOperationScanner.scan(query) { found } else { [] }
        operation.name = request.operationName(in: summaries) ?? request.persistedQueryHash
        return operation
    }

    /// The operations' names, for the journal (an unnamed one as `?`).
    var names: [String] { operations.map { $0.name ?? "?" } }
}

/// A request's ``GraphQLCall``, read once for all the routes that ask (most requests never are), and the session's
/// own routes, which a batch's elements and an operation's route that sets only a fault consult before the scenario's.
struct GraphQLLookup {
    private var read: Result<GraphQLCall, GraphQLRequestProblem>??
    var sessionRoutes: [CustomRoute] = []

    init(sessionRoutes: [CustomRoute] = []) { self.sessionRoutes = sessionRoutes }

    mutating func call(_ request: ServerRequest, persisted: PersistedQueryStore) -> Result<GraphQLCall, GraphQLRequestProblem>? {
        if let read { return read }
        let result = GraphQLCall.read(request, persisted: persisted)
        read = .some(result)
        return result
    }

    /// The single (not batched, not refused) operation, when the request is GraphQL.
    mutating func single(_ request: ServerRequest, persisted: PersistedQueryStore) -> GraphQLCall.Operation? {
        guard case .success(let call)? = call(request, persisted: persisted), !call.isBatch, let operation = call.operations.first,
            operation.refusal == nil
        else { return nil }
        return operation
    }
}
