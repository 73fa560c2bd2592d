/// What happened to one request, reported once it is over.
public struct CompletedExchange: Sendable {
    public var request: ServerRequest
    /// The status sent, or nil when the connection was closed without a response.
    public var status: Int?
    public var tag: String
    /// From the first byte of the request being parsed to the end of the response.
    public var durationNanoseconds: UInt64
    /// False when the connection broke before the response was fully sent.
    public var completed: Bool
    /// Whether the reply was one that ``Reply/answersAtOnce``.
    public var answeredAtOnce: Bool
    /// The reply's ``Reply/problems``.
    public var problems: [String]?
    /// The reply's ``Reply/graphQLOperations``.
    public var graphQLOperations: [String]?

    package init(
        request: ServerRequest, status: Int?, tag: String, durationNanoseconds: UInt64, completed: Bool, answeredAtOnce: Bool = false,
        problems: [String]? = nil, graphQLOperations: [String]? = nil
    ) {
        self.problems = problems
        self.graphQLOperations = graphQLOperations
        self.request = request
        self.status = status
        self.tag = tag
        self.durationNanoseconds = durationNanoseconds
        self.completed = completed
        self.answeredAtOnce = answeredAtOnce
    }
}
