/// A network-level misbehavior a scenario can apply to responses.
package enum Fault: String, CaseIterable, Sendable {
    /// No fault (cancels one inherited through `extends`).
    case none
    /// Never answer; the client's own timeout ends the request.
    case timeout
    /// Close the connection with a TCP reset instead of answering.
    case connectionReset = "connection-reset"
    /// Announce the full `Content-Length`, send half the body, close.
    case truncatedBody = "truncated-body"
    /// Send the body in 10 pieces spread over the scenario's `delay`.
    case slowBody = "slow-body"
    /// Answer 200 with a JSON content type and a body cut in half: invalid JSON.
    case malformedJSON = "malformed-json"
    /// GraphQL only: 200 with `data: null` and `errors` (elsewhere it changes nothing).
    case graphQLErrors = "graphql-errors"
    /// GraphQL only: 200 with the data's nullable fields null and an error for each (elsewhere it changes nothing).
    case partialData = "partial-data"

    /// Whether the fault is GraphQL's own (answered in GraphQL's body, over a 200), not the connection's.
    package var isGraphQL: Bool { self == .graphQLErrors || self == .partialData }
}
