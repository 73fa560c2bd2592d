/// Headers that steer an Understudy server from a client: a session id (so
/// parallel tests sharing one server stay isolated) and a scenario for every
/// request. Real APIs ignore them.
public struct UnderstudyHeaders: Sendable, Equatable {
    /// Sent as `X-Understudy-Session`.
    public var session: String?
    /// Sent as `X-Understudy-Scenario`.
    public var scenario: String?

    public init(session: String? = nil, scenario: String? = nil) {
        self.session = session
        self.scenario = scenario
    }

    public static let none = UnderstudyHeaders()

    var fields: [String: String] {
        var fields: [String: String] = [:]
        if let session { fields["X-Understudy-Session"] = session }
        if let scenario { fields["X-Understudy-Scenario"] = scenario }
        return fields
    }
}
