import Foundation

#if canImport(FoundationNetworking)
public import FoundationNetworking
#endif

/// Headers that steer an Understudy server from a client: a session id (so parallel tests
/// sharing one server stay isolated, and an app under UI test is isolated from the others),
/// a scenario and a delay for every request. Real APIs ignore them.
///
/// The clients send them for you; for an app's own networking, put them on a
/// `URLSessionConfiguration` (every request of the session) or a `URLRequest`:
///
/// ```swift
/// let configuration = URLSessionConfiguration.default
/// UnderstudyHeaders.environment.apply(to: configuration)   // UNDERSTUDY_SESSION, UNDERSTUDY_REQUEST_SCENARIO
/// ```
public struct UnderstudyHeaders: Sendable, Equatable {
    /// Sent as `X-Understudy-Session`.
    public var session: String?
    /// Sent as `X-Understudy-Scenario`.
    public var scenario: String?
    /// Sent as `X-Understudy-Delay` (in whole milliseconds): the server waits this long before answering.
    public var delay: Duration?

    /// Headers to send; nil leaves a header out.
    ///
    /// - Parameters:
    ///   - session: The session id, sent as `X-Understudy-Session`.
    ///   - scenario: The scenario that answers, sent as `X-Understudy-Scenario`.
    ///   - delay: How long the server waits before answering, sent as `X-Understudy-Delay` in milliseconds.
    public init(session: String? = nil, scenario: String? = nil, delay: Duration? = nil) {
        self.session = session
        self.scenario = scenario
        self.delay = delay
    }

    /// No header.
    public static let none = UnderstudyHeaders()

    /// From `UNDERSTUDY_SESSION` and `UNDERSTUDY_REQUEST_SCENARIO` in the process environment (an app
    /// launched by a UI test with them in its launch environment); ``none`` when neither is set.
    /// Every `.live()` client sends these unless given other headers (or its `URLSession`'s configuration
    /// already carries the same header). Its base URL comes from the environment too: ``UnderstudyAPI/defaultBaseURL``.
    ///
    /// `UNDERSTUDY_SCENARIO` is `serve`'s start scenario, never a client's: when it is set and
    /// `UNDERSTUDY_REQUEST_SCENARIO` is not, it is refused with one line on stderr naming the new variable.
    public static var environment: UnderstudyHeaders {
        _ = refusedStartScenario
        return fromEnvironment(ProcessInfo.processInfo.environment)
    }

    /// The headers `environment` names (`UNDERSTUDY_SESSION`, `UNDERSTUDY_REQUEST_SCENARIO`; empty values are ignored).
    ///
    /// - Parameter environment: Environment variables, such as a launch environment.
    /// - Returns: The headers they name; ``none`` when they name none.
    public static func fromEnvironment(_ environment: [String: String]) -> UnderstudyHeaders {
        func value(_ name: String) -> String? { environment[name].flatMap { $0.isEmpty ? nil : $0 } }
        return UnderstudyHeaders(
            session: value(UnderstudyEnvironmentKey.session), scenario: value(UnderstudyEnvironmentKey.requestScenario))
    }

    /// The line saying a client ignores `UNDERSTUDY_SCENARIO` (the spelling before 0.3.0), when `environment` sets it
    /// for a client that is given no `UNDERSTUDY_REQUEST_SCENARIO`; nil otherwise.
    package static func startScenarioRefusal(_ environment: [String: String]) -> String? {
        func value(_ name: String) -> String? { environment[name].flatMap { $0.isEmpty ? nil : $0 } }
        guard let old = value(UnderstudyEnvironmentKey.startScenario), value(UnderstudyEnvironmentKey.requestScenario) == nil else {
            return nil
        }
        return "Understudy: UNDERSTUDY_SCENARIO=\(old) is ignored by clients (it is serve's start scenario); "
            + "set UNDERSTUDY_REQUEST_SCENARIO=\(old) to send X-Understudy-Scenario on every request"
    }

    /// Said once per process (a static's initialiser runs once), though some apps make a client per request.
    private static let refusedStartScenario: Void = {
        guard let line = startScenarioRefusal(ProcessInfo.processInfo.environment) else { return }
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }()

    /// The header fields to send, by name.
    public var fields: [String: String] {
        var fields: [String: String] = [:]
        if let session { fields[UnderstudyHeaderName.session] = session }
        if let scenario { fields[UnderstudyHeaderName.scenario] = scenario }
        if let delay { fields[UnderstudyHeaderName.delay] = String(max(0, delay.wholeMilliseconds)) }
        return fields
    }

    /// Sets these fields on `request` (replacing the same fields already there).
    ///
    /// - Parameter request: The request to change.
    public func apply(to request: inout URLRequest) {
        for (name, value) in fields { request.setValue(value, forHTTPHeaderField: name) }
    }

    /// These headers less the fields `configuration` already carries in its `httpAdditionalHeaders` (names
    /// compared without case): what a `.live()` client sends by default, so that a session's own header
    /// (an `UnderstudySession`'s id, say) is not replaced by the environment's.
    ///
    /// - Parameter configuration: The configuration of the `URLSession` the requests go through.
    /// - Returns: The headers to set on each request.
    func yielding(to configuration: URLSessionConfiguration) -> UnderstudyHeaders {
        let carried = Set((configuration.httpAdditionalHeaders ?? [:]).keys.compactMap { ($0.base as? String)?.lowercased() })
        guard !carried.isEmpty else { return self }
        var headers = self
        if carried.contains(UnderstudyHeaderName.session.lowercased()) { headers.session = nil }
        if carried.contains(UnderstudyHeaderName.scenario.lowercased()) { headers.scenario = nil }
        if carried.contains(UnderstudyHeaderName.delay.lowercased()) { headers.delay = nil }
        return headers
    }

    /// Adds these fields to every request of sessions made from `configuration`
    /// (`httpAdditionalHeaders`; a request's own value for a field wins).
    ///
    /// - Parameter configuration: The configuration to change, before a session is made from it.
    public func apply(to configuration: URLSessionConfiguration) {
        var headers = configuration.httpAdditionalHeaders ?? [:]
        for (name, value) in fields { headers[name] = value }
        configuration.httpAdditionalHeaders = headers
    }
}

extension URLRequest {
    /// This request with Understudy's steering headers set.
    ///
    /// - Parameter headers: The headers to set.
    /// - Returns: A copy of this request with them.
    public func understudy(_ headers: UnderstudyHeaders) -> URLRequest {
        var request = self
        headers.apply(to: &request)
        return request
    }
}

extension Duration {
    /// The duration in whole milliseconds, as the server reads delays (`X-Understudy-Delay`, a route's `delay`).
    package var wholeMilliseconds: Int64 { components.seconds * 1000 + components.attoseconds / 1_000_000_000_000_000 }
}
