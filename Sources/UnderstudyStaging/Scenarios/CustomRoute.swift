package import HTTPTypes
package import UnderstudyAPIService
package import UnderstudyAdminWire
import UnderstudyDocuments
import UnderstudyHTTP
package import UnderstudyOpenAPI

/// A route of a scenario file: matched before the APIs, on method and path
/// pattern (`:name` segments capture).
package struct CustomRoute: Sendable {
    /// Nil for any method (`*` in the file).
    package var method: HTTPRequest.Method?
    package var segments: [PathPattern]
    var parameterNames: [String]
    package var fixed: CannedResponse?
    /// Server-sent events instead of a body (`stream:`); `fixed` then holds only its status and headers.
    package var stream: EventStream?
    /// A WebSocket instead of a body (`websocket:`); `fixed` then holds only its headers.
    package var webSocket: WebSocketBehavior?
    /// A resource's collection or item (`resources:`) instead of a fixed answer.
    package var resource: ResourceRoute?
    /// Events a stream (or messages a WebSocket) sends before its fault (`fault_after:`).
    var faultAfter: Int?
    var delay: Int?
    var fault: Fault?
    /// The API the path belongs to, if any: its behavior applies where the route sets none.
    package var api: UnderstudyAPI?
    /// The query the request must carry; nil: any.
    package var query: QueryPattern?
    /// What the request's body must hold; nil: anything.
    package var body: BodyPattern?
    /// The headers the request must carry, or not; empty: any.
    package var headers: [HeaderPattern] = []
    /// How many more requests a session's route answers (`times:`); nil: every one.
    package var allowance: RouteAllowance?
    /// The OpenAPI operation the route answers for, when a mounted document made it (see ``MountedDocument``).
    package var operation: OperationReference?
    /// The GraphQL operation the route answers (`operation:`, `variables:`); nil: not an operation's route.
    package var graphQLOperation: GraphQLOperationMatch?
    /// A `graphql:` entry's endpoint: every GraphQL request at its path that no operation's route answered.
    package var graphQLEndpoint: GraphQLEndpoint?
    /// Whether the route answers something only GraphQL's reading of the request can tell.
    var isGraphQL: Bool { graphQLOperation != nil || graphQLEndpoint != nil }
    /// How many path segments a request has for the route to match it; ``anyLength`` for an operation's route
    /// written without a path, which answers the operation at any path.
    var length: Int { segments.isEmpty && graphQLOperation != nil ? Self.anyLength : segments.count }
    static let anyLength = -1

    /// Whether a route of `length` can match a request whose path has `parts` segments.
    static func admits(length: Int, parts: Int) -> Bool { length == parts || length == anyLength }

    /// How far up the `extends` chain the route was written (0: the scenario's own file); see ``GenericBehavior``.
    package var depth = 0
    /// The path as written, `:name` segments included.
    package var pattern: String {
        "/"
            + segments.map { segment in
                switch segment {
                case .literal(let text): text
                case .parameter(let name): ":" + name
                case .mixed(let pieces):
                    pieces.map {
                        switch $0 {
                        case .text(let text): text
                        case .parameter(let name): "{\(name)}"
                        }
                    }.joined()
                }
            }.joined(separator: "/")
    }

    package enum PathPattern: Sendable, Equatable {
        case literal(String)
        case parameter(String)
        /// An OpenAPI path's segment that mixes text and parameters (`{name}.json`): the text must be there.
        case mixed([PathTemplate.Piece])
    }

    /// An OpenAPI operation's path: its mixed segments kept as such, so `/files/{name}.json` does not take `/files/x`.
    mutating func use(_ template: PathTemplate, under prefix: String) {
        segments =
            [.literal(prefix)]
            + template.segments.map { segment in
                switch segment {
                case .literal(let text): .literal(text)
                case .parameter(let name): .parameter(name)
                case .mixed(let pieces): .mixed(pieces)
                }
            }
        parameterNames = template.parameterNames
    }

    package init(method: HTTPRequest.Method?, path: String, fixed: CannedResponse?, delay: Int?, fault: Fault?) {
        self.method = method
        segments = Substring(path).pathSegments.map { segment in
            segment.hasPrefix(":") ? .parameter(String(segment.dropFirst())) : .literal(String(segment))
        }
        parameterNames = segments.compactMap { if case .parameter(let name) = $0 { name } else { nil } }
        self.fixed = fixed
        self.delay = delay
        self.fault = fault
        api = UnderstudyAPI.match(path)
    }

    /// The captured parameter values when `request` matches.
    func match(_ request: ServerRequest) -> [String]? { match(request, parts: Substring(request.path).pathSegments) }

    /// As ``match(_:)``, with the request's path segments split once for all the routes tried.
    func match(_ request: ServerRequest, parts: [Substring]) -> [String]? {
        if let method, method != request.method, !(method == .get && request.method == .head) { return nil }
        guard Self.admits(length: length, parts: parts.count), query?.matches(request) ?? true else { return nil }
        for header in headers where !header.matches(request.header(header.name)) { return nil }
        var values: [String] = []
        for (pattern, part) in zip(segments, parts) {
            switch pattern {
            case .literal(let text): if text != part { return nil }
            case .parameter: values.append(String(part))
            case .mixed(let pieces):
                guard let found = PathTemplate.match(pieces, part) else { return nil }
                for piece in pieces { if case .parameter(let name) = piece { values.append(found[name] ?? "") } }
            }
        }
        // Last: reading the body (a JSON parse, a search) is the dearest check.
        if let body, !body.matches(request.body) { return nil }
        return values
    }
}
