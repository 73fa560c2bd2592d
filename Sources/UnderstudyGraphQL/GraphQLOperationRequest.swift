package import UnderstudyDocuments

/// One GraphQL operation as a client asked for it (one element of a batch, or the whole request): the
/// "GraphQL over HTTP" request parameters, with the Automatic Persisted Queries hash read out of `extensions`.
package struct GraphQLOperationRequest: Sendable, Equatable {
    /// The document's text; nil when the client sent only a persisted-query hash.
    package var query: String?
    package var operationName: String?
    /// An object, or nil when the client sent none (or `null`).
    package var variables: JSONValue?
    package var extensions: JSONValue?
    /// `extensions.persistedQuery.sha256Hash`, lowercased and checked to be 64 hex digits.
    package var persistedQueryHash: String?

    package init(
        query: String? = nil,
        operationName: String? = nil,
        variables: JSONValue? = nil,
        extensions: JSONValue? = nil,
        persistedQueryHash: String? = nil
    ) {
        self.query = query
        self.operationName = operationName
        self.variables = variables
        self.extensions = extensions
        self.persistedQueryHash = persistedQueryHash
    }

    /// The name this request's operation goes by, as GraphQL servers pick the operation to run: the `operationName`
    /// the client sent; else, for a document with exactly one operation, that operation's name (nil when it is
    /// anonymous); else nil (several operations and no name: the request names none of them).
    package func operationName(in summaries: [GraphQLOperationSummary]) -> String? {
        if let operationName { return operationName }
        guard summaries.count == 1 else { return nil }
        return summaries[0].name
    }
}
