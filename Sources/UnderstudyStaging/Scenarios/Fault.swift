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
}
