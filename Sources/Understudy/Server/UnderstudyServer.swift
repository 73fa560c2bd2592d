public import Logging
public import UnderstudyHTTP

#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// Everything needed to run Understudy.
public struct UnderstudyConfiguration: Sendable {
    public var server: ServerConfiguration
    /// The scenarios folder (files plus `data/`).
    public var scenariosDirectory: URL
    /// The scenario active at start (and after a reset).
    public var scenario: String
    /// Requests kept in the journal; 0 turns it off.
    public var journalSize: Int
    /// When set, every admin call needs `Authorization: Bearer <token>`.
    public var adminToken: String?
    /// A second listener (same host) that serves only `/__admin`, with its own
    /// connections, so a flood of API traffic can never starve it.
    public var adminPort: Int?
    /// Serve the admin API on a non-loopback address without a token.
    public var allowRemoteAdmin: Bool
    /// More `Host` names the admin API answers on a loopback bind, besides `localhost`,
    /// loopback addresses and the bound name (a web page can reach `localhost`: see AdminGuard).
    public var allowedHosts: [String]
    /// Reload the scenarios when their files change.
    public var watch: Bool
    /// Seconds a session may stay unused (no request, no admin call) before it expires; 0: never.
    public var sessionTTLSeconds = 3600
    /// Most sessions at once; the admin API refuses to create more (429).
    public var sessionLimit = 10_000
    public var logger: Logger
    /// Reaches the upstreams of scenarios' `proxy:` prefixes. The engine links no HTTP client: the
    /// command line passes one (AsyncHTTPClient's), which should make its connections lazily.
    public var upstreamClient: (any UpstreamClient)?

    public init(
        server: ServerConfiguration = ServerConfiguration(), scenariosDirectory: URL, scenario: String = "happy",
        journalSize: Int = 1000, adminToken: String? = nil, adminPort: Int? = nil, allowRemoteAdmin: Bool = false,
        allowedHosts: [String] = [], watch: Bool = false, logger: Logger = Logger(label: "understudy")
    ) {
        self.server = server
        self.scenariosDirectory = scenariosDirectory
        self.scenario = scenario
        self.journalSize = journalSize
        self.adminToken = adminToken
        self.adminPort = adminPort
        self.allowRemoteAdmin = allowRemoteAdmin
        self.allowedHosts = allowedHosts
        self.watch = watch
        self.logger = logger
    }
}

/// Why Understudy would not start.
public enum UnderstudyError: Error, CustomStringConvertible {
    case invalidScenarios(FileProblems)
    case unknownScenario(String, known: [String])
    case remoteAdminWithoutToken(host: String)

    public var description: String {
        switch self {
        case .invalidScenarios(let problems): "the scenarios folder has problems:\n\(problems)"
        case .unknownScenario(let name, let known): "no scenario named '\(name)' (known: \(known.joined(separator: ", ")))"
        case .remoteAdminWithoutToken(let host):
            "refusing to serve the admin API on \(host) without a token: anyone who can reach it could switch scenarios. "
                + "Give --admin-token (or UNDERSTUDY_ADMIN_TOKEN), or --allow-remote-admin to accept the risk."
        }
    }
}

/// The staging server: SWAPI, artic and catfact from scenario files, steered through `/__admin`,
/// over the transport it is given (`.libmicrohttpd` from `UnderstudyMicroHTTPD`).
public final class UnderstudyServer: Sendable {
    public let configuration: UnderstudyConfiguration
    let control: ServerControl
    /// What the main listener hands its requests to: also called with no socket by UnderstudyTesting's router.
    package let responder: any HTTPResponder
    private let http: any HTTPListener
    private let admin: (any HTTPListener)?
    private let watcher = Locked<ScenarioWatcher?>(nil)

    /// Loads and validates the scenarios; throws before binding anything if they are broken.
    /// - Parameters:
    ///   - configuration: What to serve and how.
    ///   - transport: How to listen: `.libmicrohttpd` (import `UnderstudyMicroHTTPD`).
    /// - Throws: ``UnderstudyError`` when the scenarios are broken, the start scenario is unknown
    ///   or the admin API would be open to the network without a token.
    public init(configuration: UnderstudyConfiguration, transport: HTTPTransport) throws {
        self.configuration = configuration
        let scenarios: ScenarioSet
        do {
            scenarios = try ScenarioLoader.load(directory: configuration.scenariosDirectory, lazyDatasets: true)
        } catch {
            throw UnderstudyError.invalidScenarios(error)
        }
        guard scenarios[configuration.scenario] != nil else {
            throw UnderstudyError.unknownScenario(configuration.scenario, known: scenarios.names)
        }
        if configuration.adminToken == nil, !configuration.allowRemoteAdmin, !Self.isLoopback(configuration.server.host) {
            throw UnderstudyError.remoteAdminWithoutToken(host: configuration.server.host)
        }
        let control = ServerControl(
            scenarios: scenarios, start: configuration.scenario, journalSize: configuration.journalSize,
            adminGuard: AdminGuard(
                bindHost: configuration.server.host, isLoopback: Self.isLoopback(configuration.server.host),
                allowedHosts: configuration.allowedHosts, token: configuration.adminToken),
            logger: configuration.logger,
            sessionLimits: .init(ttlSeconds: configuration.sessionTTLSeconds, limit: configuration.sessionLimit))
        self.control = control
        control.upstreamClient.withLock { $0 = configuration.upstreamClient }
        let logger = configuration.logger
        let log: @Sendable (String) -> Void = { logger.debug("transport: \($0)") }
        responder = ScenarioResponder(control: control)
        http = transport.listener(configuration: configuration.server, responder: responder, log: log)
        admin = configuration.adminPort.map { port in
            transport.forAdminListener().listener(
                configuration: configuration.server.forAdminListener(port: port), responder: AdminOnlyResponder(control: control),
                log: log)
        }
    }

    static func isLoopback(_ host: String) -> Bool {
        host == "localhost" || host == "::1" || host == "[::1]" || host.hasPrefix("127.")
    }

    /// Binds the port(s) and starts answering.
    public func start() throws {
        try http.start()
        do {
            try admin?.start()
        } catch {
            http.stop()
            throw error
        }
        let host = configuration.server.host
        let linkHost = host == "0.0.0.0" || host == "::" ? "127.0.0.1" : host
        control.fallbackHost.withLock { $0 = (linkHost.contains(":") ? "[\(linkHost)]" : linkHost) + ":\(http.port)" }
        if configuration.watch { watcher.withLock { $0 = ScenarioWatcher(control: control) } }
    }

    /// Drains and stops: parked requests are answered, in-flight ones finish.
    public func stop() {
        watcher.withLock {
            $0?.stop()
            $0 = nil
        }
        control.stopReloads()
        admin?.stop()
        http.stop()
    }

    /// `http://host:port` of the running server.
    public var baseURL: String { http.baseURL }
    public var port: Int { http.port }
    /// `http://host:port` of the admin-only listener, when there is one.
    public var adminBaseURL: String? { admin?.baseURL }
    /// The connection limit in force after start.
    public var connectionLimit: Int { http.connectionLimit }
    /// Connections parked by delays and holds right now.
    public var parkedConnections: Int { http.parkedConnections }

    /// The scenarios currently loaded (they change with a reload).
    public var scenarios: ScenarioSet { control.state.current.scenarios }

    /// Reloads the scenarios folder (what `POST /__admin/reload` does); the
    /// problems when the new set is rejected and the old one keeps serving.
    /// Starts a reload on the reload thread and returns at once (what SIGHUP does).
    public func requestReload() {
        control.requestReload { _ in }
    }

    @discardableResult
    public func reload() -> [FileProblem] {
        switch control.reload() {
        case .loaded: []
        case .rejected(_, let problems): problems
        case .cancelled: [FileProblem(file: configuration.scenariosDirectory.path, message: "the reload was cancelled: the server is stopping")]
        }
    }
}

/// Serves only the admin routes (the `--admin-port` listener).
struct AdminOnlyResponder: HTTPResponder {
    let control: ServerControl

    func reply(to request: ServerRequest) -> Reply {
        AdminAPI.reply(to: request, control: control)
    }
}
