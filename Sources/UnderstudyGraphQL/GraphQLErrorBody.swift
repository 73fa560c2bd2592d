package import UnderstudyDocuments

/// GraphQL error responses as ``JSONValue``s, in the spec's key order (`errors`, then `data`), so that the server
/// writes them with the one JSON writer.
package enum GraphQLErrorBody {
    /// `{"errors":[…]}`, with `"data"` after it when `data` is given (`.null` is written as `null`, which the spec
    /// asks for when an error happened during execution).
    package static func errors(_ errors: [GraphQLErrorEntry], data: JSONValue? = nil) -> JSONValue {
        var members = [JSONValue.Member("errors", .array(errors.map(entry)))]
        if let data { members.append(JSONValue.Member("data", data)) }
        return .object(members)
    }

    /// One entry, with only the keys that are set (an empty `locations` or `path` is left out, as graphql-js does).
    package static func entry(_ error: GraphQLErrorEntry) -> JSONValue {
        var members = [JSONValue.Member("message", .string(error.message))]
        if !error.locations.isEmpty {
            let locations = error.locations.map { location in
                JSONValue.object([JSONValue.Member("line", .int(location.line)), JSONValue.Member("column", .int(location.column))])
            }
            members.append(JSONValue.Member("locations", .array(locations)))
        }
        if !error.path.isEmpty {
            let path = error.path.map { element -> JSONValue in
                switch element {
                case .key(let key): .string(key)
                case .index(let index): .int(index)
                }
            }
            members.append(JSONValue.Member("path", .array(path)))
        }
        if let code = error.code {
            members.append(JSONValue.Member("extensions", .object([JSONValue.Member("code", .string(code))])))
        }
        return .object(members)
    }

    /// Apollo Server's answer (HTTP 200) to a persisted-query hash it does not know, which makes Apollo's clients
    /// send the query text with the hash: as its `PersistedQueryNotFoundError` serialises (`message` and
    /// `extensions.code`), because clients match either.
    package static let persistedQueryNotFound = errors([
        GraphQLErrorEntry(message: "PersistedQueryNotFound", code: "PERSISTED_QUERY_NOT_FOUND")
    ])

    /// Apollo Server's answer (HTTP 400) when a query's SHA-256 differs from the `sha256Hash` sent with it: a plain
    /// `GraphQLError('provided sha does not match query')`, to which its error formatting adds the default code
    /// `INTERNAL_SERVER_ERROR` (Apollo Server 4's requestPipeline.ts).
    package static let persistedQueryHashMismatch = errors([
        GraphQLErrorEntry(message: "provided sha does not match query", code: "INTERNAL_SERVER_ERROR")
    ])
}
