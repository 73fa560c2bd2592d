// TEMPORARY: the API's shapes, until the engine lands from branch graphql-engine (then this file goes).
package import UnderstudyDocuments

package struct GraphQLOperationRequest: Sendable {
    package var query: String?
    package var operationName: String?
    package var variables: JSONValue?
    package var extensions: JSONValue?
    package var persistedQueryHash: String?
    package func operationName(in summaries: [GraphQLOperationSummary]) -> String? { operationName }
}
package struct GraphQLRequestProblem: Error, Sendable { package var message: String }
package struct GraphQLHTTPRequest: Sendable {
    package var operations: [GraphQLOperationRequest]
    package var isBatch: Bool
    package static func read(method: String, queryItems: [(name: String, value: String)], contentType: String?, body: [UInt8])
        -> Result<GraphQLHTTPRequest, GraphQLRequestProblem>
    { .failure(.init(message: "stub")) }
}
package struct GraphQLOperationSummary: Sendable {
    package enum Kind: Sendable { case query, mutation, subscription }
    package var name: String?
    package var kind: Kind
    package var line: Int
    package var column: Int
}
package enum GraphQLPathElement: Sendable { case key(String), index(Int) }
package struct GraphQLErrorEntry: Sendable {
    package var message: String
    package var locations: [(line: Int, column: Int)] = []
    package var path: [GraphQLPathElement] = []
    package var code: String?
    package init(message: String, locations: [(line: Int, column: Int)] = [], path: [GraphQLPathElement] = [], code: String? = nil) {
        self.message = message
        self.locations = locations
        self.path = path
        self.code = code
    }
}
package struct GraphQLErrorList: Error, Sendable { package var errors: [GraphQLErrorEntry] }
package enum GraphQLOperationScanner {
    package static func scan(_ text: String) -> Result<[GraphQLOperationSummary], GraphQLErrorList> { .success([]) }
}
package enum PersistedQueryHash { package static func sha256Hex(_ text: String) -> String { "" } }
package enum GraphQLErrorBody {
    package static func errors(_ errors: [GraphQLErrorEntry], data: JSONValue? = nil) -> JSONValue { .null }
    package static var persistedQueryNotFound: JSONValue { .null }
}
package struct GraphQLSchemaProblems: Error, Sendable { package var problems: [(line: Int, column: Int, message: String)] }
package enum GraphQLAnswerMode: Sendable { case data, partialData }
package enum GraphQLAnswer: Sendable {
    case body(JSONValue)
    case introspection(@Sendable () async -> JSONValue)
}
package final class GraphQLSchemaModel: Sendable {
    package static func load(sdl: String, file: String) throws(GraphQLSchemaProblems) -> GraphQLSchemaModel { GraphQLSchemaModel() }
    package func answer(query: String, operationName: String?, variables: JSONValue?, mode: GraphQLAnswerMode) -> GraphQLAnswer { .body(.null) }
}
extension GraphQLErrorBody {
    package static var persistedQueryHashMismatch: JSONValue { .null }
}
