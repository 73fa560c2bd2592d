/// The three APIs an Understudy server stages, by the one name each goes by everywhere: in the
/// admin API (`"api": "artic"`), in the journal, in URL prefixes and in the client library
/// (`SWAPIClient`, `ArticClient`, `CatFactClient`).
public enum UnderstudyAPI: String, CaseIterable, Sendable, Hashable, Codable {
    case swapi
    case artic
    case catfact

    /// Where the API lives on an Understudy server.
    public var prefix: String {
        switch self {
        case .swapi: "/swapi/api"
        case .artic: "/artic/api/v1"
        case .catfact: "/catfact"
        }
    }

    /// The real API's base URL, which Understudy's prefix replaces.
    public var realBaseURL: String {
        switch self {
        case .swapi: "https://swapi.dev/api"
        case .artic: "https://api.artic.edu/api/v1"
        case .catfact: "https://catfact.ninja"
        }
    }
}

/// The request headers that steer an Understudy server per request. Real APIs ignore them.
public enum UnderstudyHeaderName {
    /// The session a request belongs to: its scenario and its part of the journal.
    public static let session = "X-Understudy-Session"
    /// The scenario for this one request (wins over every other selection).
    public static let scenario = "X-Understudy-Scenario"
    /// A delay in milliseconds before this one request is answered.
    public static let delay = "X-Understudy-Delay"
    /// Sent by the dashboard's own calls, so a state-changing admin call from a page that is not
    /// the dashboard (a form cannot set a custom header) is refused.
    public static let admin = "X-Understudy-Admin"
    /// On responses of a server started with `--replica-name`: which replica answered (behind a load balancer).
    public static let replica = "X-Understudy-Replica"
}

/// The environment variables Understudy's libraries read.
public enum UnderstudyEnvironmentKey {
    /// `http://HOST:PORT` of a running server: `.live()` clients and test sessions go there.
    public static let baseURL = "UNDERSTUDY_BASE_URL"
    /// The admin token of that server (`serve --admin-token`).
    public static let adminToken = "UNDERSTUDY_ADMIN_TOKEN"
    /// A session id every `.live()` client sends (an app launched by a UI test).
    public static let session = "UNDERSTUDY_SESSION"
    /// A scenario every `.live()` client asks for on every request (`X-Understudy-Scenario`, which outranks the
    /// session's). Not `UNDERSTUDY_SCENARIO`, which is `serve`'s start scenario alone: one environment shared by the
    /// server and the app (a compose file, a CI job) must not also override every test's scenario.
    public static let requestScenario = "UNDERSTUDY_REQUEST_SCENARIO"
    /// The server's start scenario (`serve --scenario`); clients do not read it.
    public static let startScenario = "UNDERSTUDY_SCENARIO"
    @available(
        *, unavailable, renamed: "requestScenario", message: "UNDERSTUDY_SCENARIO is serve's start scenario; clients read UNDERSTUDY_REQUEST_SCENARIO"
    )
    public static var scenario: String { requestScenario }
}
