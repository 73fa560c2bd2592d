import Foundation
import Logging
import Understudy
@_exported import UnderstudyAdminClient
import UnderstudyHTTP

/// An Understudy server running inside the test process on a free port.
///
/// ```swift
/// let server = try UnderstudyTestServer()          // bundled scenarios, "happy"
/// defer { server.stop() }
/// let url = server.url("/catfact/fact")
/// ```
public final class UnderstudyTestServer: Sendable {
    private let server: UnderstudyServer
    private let adminToken: String?

    /// The bundled `scenarios/` folder of the Understudy package.
    public static var bundledScenarios: URL {
        URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("scenarios")
    }

    /// Starts a server on 127.0.0.1 and an ephemeral port; returns once it accepts connections.
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
        logLevel: Logger.Level = .warning
    ) throws {
        self.adminToken = adminToken
        var logger = Logger(label: "understudy.test")
        logger.logLevel = logLevel
        server = try UnderstudyServer(
            configuration: UnderstudyConfiguration(
                server: ServerConfiguration(
                    host: "127.0.0.1", port: 0, threads: threads, connectionLimit: connectionLimit,
                    maxDelayMilliseconds: maxDelayMilliseconds),
                scenariosDirectory: scenarios,
                scenario: scenario,
                journalSize: journalSize,
                adminToken: adminToken,
                adminPort: adminPort,
                watch: watch,
                logger: logger
            ))
        try server.start()
    }

    deinit { server.stop() }

    /// `http://127.0.0.1:PORT`.
    public var baseURL: URL { URL(string: server.baseURL)! }
    public var port: Int { server.port }

    /// An absolute URL on the server for `path` (which may carry a query).
    public func url(_ path: String) -> URL { URL(string: server.baseURL + path)! }

    /// Stops the server, answering parked requests first.
    public func stop() { server.stop() }

    /// Starts a server and returns once `/__admin/health` answers.
    public static func start(
        scenarios: URL = UnderstudyTestServer.bundledScenarios, scenario: String = "happy", adminToken: String? = nil
    ) async throws -> UnderstudyTestServer {
        let server = try UnderstudyTestServer(scenarios: scenarios, scenario: scenario, adminToken: adminToken)
        try await server.waitUntilHealthy()
        return server
    }

    /// Polls `/__admin/health` until it answers (5 s at most).
    public func waitUntilHealthy() async throws {
        try await admin.waitUntilHealthy(timeout: .seconds(5))
    }

    /// The admin client of this server.
    public var admin: UnderstudyAdmin { UnderstudyAdmin(baseURL: baseURL, token: adminToken) }

    private static let sharedServer = SharedServer()

    /// One server on the bundled scenarios for the whole test process, started on first use.
    public static func shared() async throws -> UnderstudyTestServer {
        try await sharedServer.get()
    }
}

/// Starts the shared server once. The start is a task that every caller awaits: an actor is
/// reentrant at `await`, so checking for a server and then awaiting its start let every test that
/// arrived during the start begin a server of its own (252 of them for the client matrix, each
/// reading the artworks dataset), which starved the very requests the tests were timing.
private actor SharedServer {
    private var starting: Task<UnderstudyTestServer, any Error>?

    func get() async throws -> UnderstudyTestServer {
        if let starting { return try await starting.value }
        let task = Task { try await UnderstudyTestServer.start() }
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
    public var scenarioNames: [String] { server.scenarios.names }

    /// `http://127.0.0.1:PORT` of the admin-only listener, when started with `adminPort`.
    public var adminBaseURL: URL? { server.adminBaseURL.map { URL(string: $0)! } }

    /// Connections parked by delays and holds right now.
    public var parkedConnections: Int { server.parkedConnections }

    /// Reloads the scenarios folder; the problems when the new set was rejected.
    @discardableResult
    public func reload() -> [FileProblem] { server.reload() }
}
