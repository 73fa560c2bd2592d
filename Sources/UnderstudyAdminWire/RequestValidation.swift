/// Whether requests to a mounted OpenAPI document are checked against it (`--validate-requests`, and per session
/// with `PUT /__admin/sessions/ID/validation`): their path, query and header parameters and their JSON body.
/// Off by default: a staging server answers whatever it is sent, as most tests want. Here, in the wire module, so
/// that the server, the command line and the admin client name the three modes once.
public enum RequestValidation: String, Codable, Sendable, CaseIterable {
    /// Nothing is checked.
    case off
    /// The answer is the usual one; what the request broke is said in `X-Understudy-Request-Problems` and in the
    /// journal entry's `problems`.
    case report
    /// A request that breaks the contract is answered 400 (parameters) or 422 (its body), with the document's own
    /// response for that status when it has one, else Understudy's error body listing the problems.
    case enforce
}

extension UnderstudyWire {
    /// The body of `PUT /__admin/sessions/ID/validation` and its answer.
    public struct Validation: Codable, Sendable, Equatable {
        public var mode: RequestValidation

        public init(mode: RequestValidation) { self.mode = mode }
    }
}
