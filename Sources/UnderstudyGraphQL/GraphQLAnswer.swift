package import UnderstudyDocuments

/// How a schema answers a valid operation: every field with a value, or the `partial-data` fault's nulls and errors.
package enum GraphQLAnswerMode: Sendable {
    case data
    case partialData
}

/// A schema's answer to one operation request.
package enum GraphQLAnswer: Sendable {
    /// The response body, ready to write (HTTP 200 for data, the caller's choice for errors).
    case body(JSONValue)
    /// An introspection query, which GraphQLSwift's asynchronous executor answers: the caller awaits the body.
    case introspection(@Sendable () async -> JSONValue)
}

/// Problems of a schema file, located in it, for the scenario loader to report as it reports any file's.
package struct GraphQLSchemaProblems: Error, Sendable {
    package var problems: [(line: Int, column: Int, message: String)]

    package init(_ problems: [(line: Int, column: Int, message: String)]) { self.problems = problems }
}
