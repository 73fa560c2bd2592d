package import HTTPTypes
import UnderstudyAPIService
package import UnderstudyAdminWire
package import UnderstudyDocuments
package import UnderstudyOpenAPI

/// One scenario file as written, checked for unknown keys and wrong types but
/// not yet combined with the scenario it extends.
package struct ScenarioDefinition {
    package var name: String
    package var description: String
    package var file: String
    package var extends: (name: String, line: Int?)?
    var common = Behavior()
    package var apis: [UnderstudyAPI: Behavior] = [:]
    package var routes: [RouteDefinition] = []
    /// `proxy:` — prefixes whose unmatched requests go to a real service.
    var proxies: [UpstreamMapping] = []
    /// `openapi:` — documents to serve, by mount name: a file in the scenarios folder.
    var openAPI: [(name: String, file: String, line: Int?, lenient: Bool)] = []
    /// `resources:` — collections of the file's own whose writes change later reads.
    package var resources: [ResourceDefinition] = []
    /// `resources: [{openapi: NAME}]` — mounted documents whose collections become resources.
    var resourceDocuments: [(name: String, line: Int)] = []
    /// `graphql:` — GraphQL endpoints: their paths, schemas and operations' answers.
    var graphQL: [GraphQLEntryDefinition] = []
    /// `operations:` — how operations of the mounted documents answer in this scenario, by `operationId`.
    var operations: [String: OperationOverride] = [:]

    /// One operation's answer in one scenario: a status the document describes, one of its named examples
    /// or the synthesised body, a decode-breaker, a delay or a fault.
    package struct OperationOverride {
        var status: Int?
        var example: String?
        var dynamic: Bool?
        var breaker: DecodeBreaker.Kind?
        var delay: Int?
        var fault: Fault?
        var line: Int?
    }

    /// Settings that apply to one API (or, at the top level, to all three).
    package struct Behavior {
        package var dataset: DatasetChoice?
        var delay: Int?
        var fault: Fault?
        package var response: ResponseDefinition?
        var line: Int?
    }

    package enum DatasetChoice: Equatable {
        case empty
        case path(String)
    }

    /// A fixed response: status, headers and a body from one of three sources.
    package struct ResponseDefinition {
        package var status: Int = 200
        package var headers: HTTPFields = [:]
        package var body: BodySource = .none
        var line: Int?
    }

    package enum BodySource {
        case none
        case inline(String)
        case file(String)
        case json(JSONValue)
    }

    /// A route of the scenario's own: a custom endpoint when it has a
    /// response, else an override of delay or fault for an API path.
    package struct RouteDefinition {
        /// Nil for any method (`*`).
        package var method: HTTPRequest.Method?
        package var path: String
        package var response: ResponseDefinition?
        var delay: Int?
        var fault: Fault?
        /// The query string the request must carry (see ``QueryPattern``).
        package var query: QueryPattern?
        /// What the request's body must hold (see ``BodyPattern``).
        var body: BodyPattern?
        /// The headers the request must carry, or not (see ``HeaderPattern``).
        var headers: [HeaderPattern] = []
        /// `times:`, a session's routes only: how many requests the route answers before it is passed over.
        var times: Int?
        /// `stream:`: server-sent events instead of a body.
        var stream: EventStream?
        /// `websocket:`: a WebSocket instead of a body.
        var webSocket: WebSocketBehavior?
        /// `fault_after:`: events (or a WebSocket's messages) sent before the route's fault.
        var faultAfter: Int?
        /// `operation:`: the GraphQL operation the route answers (with `variables:`, what its variables must hold).
        var graphQLOperation: GraphQLOperationMatch?
        var keyPath: String
        var line: Int?
    }
}
