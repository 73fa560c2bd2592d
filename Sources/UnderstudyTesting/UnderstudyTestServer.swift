public import Foundation
public import Logging
public import Understudy
@_exported import UnderstudyAdminClient
import UnderstudyHTTP
import UnderstudyMicroHTTPD
import UnderstudyStaging
import UnderstudyTLS

/// An Understudy server running inside the test process on a free port.
///
/// ```swift
/// let server = try UnderstudyTestServer()          // bundled scenarios, "happy"
/// defer { server.stop() }
/// let url = server.url("/catfact/fact")
/// ```
public final class UnderstudyTestServer: Sendable {
    private let server: UnderstudyServer
    let adminToken: String?
    /// The CA a client must trust for ``httpsBaseURL``, when started with `tls`.
    let authority: Certificate?

    /// The bundled `scenarios/` folder of the Understudy package.
    public static var bundledScenarios: URL {
        URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("scenarios")
    }

    /// Starts a server on 127.0.0.1 and an ephemeral port; returns once it accepts connections.
    ///
    /// - Parameters:
    ///   - scenarios: The scenarios folder; the package's bundled `scenarios/` by default.
    ///   - scenario: The scenario that answers requests that choose none.
    ///   - threads: Threads that serve requests.
    ///   - maxDelayMilliseconds: The longest delay a scenario or `X-Understudy-Delay` may ask for.
    ///   - connectionLimit: Connections open at once; more are refused.
    ///   - journalSize: Requests the journal keeps (`/__admin/requests`).
    ///   - adminToken: The bearer token the admin API requires; nil for an open admin API (loopback only).
    ///   - adminPort: A second listener that serves only the admin API; nil for none.
    ///   - watch: Reloads the scenarios when files in their folder change.
    ///   - logLevel: The level of the server's log (the access log is at `.info`).
    ///   - openAPI: OpenAPI documents served under `/NAME`.
    ///   - tls: Answer `https://` as well on the same port, with a certificate of a development CA (``TLS``);
    ///     nil for plain HTTP only.
    /// - Throws: `UnderstudyError` when the scenarios do not load or `scenario` is not among them, or the
    ///   reason the server could not listen.
    public init(
        scenarios: URL = UnderstudyTestServer.bundledScenarios,
        scenario: String = "happy",
        threads: Int = 2,
        maxDelayMilliseconds: Int = 60_000,
        connectionLimit: Int = 4096,
        journalSize: Int = 1000,
        adminToken: String? = nil,
        adminPort: Int? = nil,
        watch: Bool = false,
        logLevel: Logger.Level = .warning,
        openAPI: [OpenAPIMount] = [],
        tls: TLS? = nil
    ) throws {
        self.adminToken = adminToken
        var logger = Logger(label: "understudy.test")
        logger.logLevel = logLevel
        var configuration = UnderstudyConfiguration(
            server: ServerConfiguration(host: "127.0.0.1", port: 0, connectionLimit: connectionLimit, maxDelayMilliseconds: maxDelayMilliseconds),
            scenariosDirectory: scenarios,
            scenario: scenario,
            journalSize: journalSize,
            adminToken: adminToken,
            adminPort: adminPort,
            watch: watch,
            logger: logger
        )
        configuration.openAPI = openAPI
        let serving = try tls.map { try $0.prepare(&configuration) }
        authority = serving?.authority
        server = try UnderstudyServer(configuration: configuration, transport: .libmicrohttpd(threads: threads, tls: serving?.transport))
        try server.start()
    }

    deinit { server.stop() }

    /// `http://127.0.0.1:PORT`.
    public var baseURL: URL { URL(string: server.baseURL)! }
    /// The port the server listens on, chosen by the system at start.
    public var port: Int { server.port }

    /// An absolute URL on the server.
    ///
    /// - Parameter path: A path from the root, which may carry a query: `"/catfact/fact?max_length=40"`.
    /// - Returns: `baseURL` followed by `path`.
    public func url(_ path: String) -> URL { URL(string: server.baseURL + path)! }

    /// Stops the server, answering parked requests first.
    public func stop() { server.stop() }

    /// This server's engine with no socket: requests through it see the same scenarios, sessions
    /// and journal as requests over the wire, without a connection.
    public var router: UnderstudyRouter { UnderstudyRouter(sharing: server) }

    /// Starts a server and returns once `/__admin/health` answers.
    ///
    /// - Parameters:
    ///   - scenarios: The scenarios folder; the package's bundled `scenarios/` by default.
    ///   - scenario: The scenario that answers requests that choose none.
    ///   - adminToken: The bearer token the admin API requires; nil for an open admin API.
    /// - Returns: The running server; it stops when released or when ``stop()`` is called.
    /// - Throws: What ``init(scenarios:scenario:threads:maxDelayMilliseconds:connectionLimit:journalSize:adminToken:adminPort:watch:logLevel:)``
    ///   throws, or `UnderstudyAdmin.Failure` when the server is not healthy within 5 s.
    public static func start(
        scenarios: URL = UnderstudyTestServer.bundledScenarios, scenario: String = "happy", adminToken: String? = nil
    ) async throws -> UnderstudyTestServer {
        let server = try UnderstudyTestServer(scenarios: scenarios, scenario: scenario, adminToken: adminToken)
        try await server.waitUntilHealthy()
        return server
    }

    /// Polls `/__admin/health` until it answers (5 s at most).
    ///
    /// - Throws: `UnderstudyAdmin.Failure` when it has not answered within 5 s.
    public func waitUntilHealthy() async throws {
        try await admin.waitUntilHealthy(timeout: .seconds(5))
    }

    /// The admin client of this server.
    public var admin: UnderstudyAdmin { UnderstudyAdmin(baseURL: baseURL, token: adminToken) }

    private static let sharedServer = SharedServer()

    /// One server on the bundled scenarios for the whole test process, started on first use.
    ///
    /// - Returns: The shared server; tests on it keep apart through sessions (``UnderstudyTestSession``).
    /// - Throws: What ``start(scenarios:scenario:adminToken:)`` throws; a later call tries again.
    public static func shared() async throws -> UnderstudyTestServer {
        try await sharedServer.get()
    }

    /// The shared server, when it has started and listens at `baseURL`; nil otherwise.
    static func sharedServer(at baseURL: URL) -> UnderstudyTestServer? {
        sharedServer.started.current.flatMap { $0.baseURL == baseURL ? $0 : nil }
    }
}

/// Starts the shared server once. The start is a task that every caller awaits: an actor is
/// reentrant at `await`, so checking for a server and then awaiting its start let every test that
/// arrived during the start begin a server of its own (252 of them for the client matrix, each
/// reading the artworks dataset), which starved the very requests the tests were timing.
private actor SharedServer {
    private var starting: Task<UnderstudyTestServer, any Error>?
    /// The server once started, for ``UnderstudyTestServer/sharedServer(at:)`` (which cannot wait for the actor).
    nonisolated let started = Locked<UnderstudyTestServer?>(nil)

    func get() async throws -> UnderstudyTestServer {
        if let starting { return try await starting.value }
        // Kept by the start itself, before any caller resumes: kept by the first caller after its await,
        // a test that had waited for the same start could resume first and find no server (its session's `server` nil).
        let task = Task { [started] in
            let server = try await UnderstudyTestServer.start()
            started.withLock { $0 = server }
            return server
        }
        starting = task
        do {
            return try await task.value
        } catch {
            starting = nil  // a later test may try again
            throw error
        }
    }
}

extension UnderstudyTestServer {
    /// Names of the loaded scenarios.
    public var scenarioNames: [String] { server.engine.scenarioNames }

    /// `http://127.0.0.1:PORT` of the admin-only listener, when started with `adminPort`.
    public var adminBaseURL: URL? { server.adminBaseURL.map { URL(string: $0)! } }

    /// Connections parked by delays and holds right now.
    public var parkedConnections: Int { server.parkedConnections }
    /// Server-sent event streams open right now.
    public var openStreams: Int { server.openStreams }
    /// WebSockets open right now.
    public var openWebSockets: Int { server.openWebSockets }

    /// Reloads the scenarios folder; the scenarios in use stay if the new set has problems.
    ///
    /// - Returns: The problems that rejected the new set; empty when it replaced the old one.
    @discardableResult
    public func reload() -> [FileProblem] { server.engine.reload() }
}
