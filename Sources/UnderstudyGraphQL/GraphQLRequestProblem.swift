/// Why an HTTP request is not a GraphQL request: the caller answers 400 with this message in a GraphQL error body.
package struct GraphQLRequestProblem: Error, Sendable, Equatable {
    package var message: String

    package init(_ message: String) { self.message = message }

    /// The error body that reports this problem (`{"errors":[{"message":…,"extensions":{"code":"BAD_REQUEST"}}]}`,
    /// Apollo Server's code for a malformed HTTP request).
    package var errorEntry: GraphQLErrorEntry { GraphQLErrorEntry(message: message, code: "BAD_REQUEST") }
}
