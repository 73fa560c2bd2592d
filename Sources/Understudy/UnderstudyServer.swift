import Logging
public import UnderstudyHTTP
import UnderstudyMicroHTTPD
import UnderstudyStaging

/// The staging server: the engine (SWAPI, artic and catfact from scenario files, steered through
/// `/__admin`) served over libmicrohttpd, or the transport it is given.
public final class UnderstudyServer: Sendable {
    public let engine: UnderstudyEngine
    private let http: any HTTPListener
    private let admin: (any HTTPListener)?
    private let watcher = Locked<ScenarioWatcher?>(nil)

    /// Loads and validates the scenarios; throws before binding anything if they are broken.
    /// - Parameters:
    ///   - configuration: What to serve and how.
    ///   - transport: How to listen (this package's tests pass libmicrohttpd with their own options).
    /// - Throws: ``UnderstudyError`` when the scenarios are broken, the start scenario is unknown
    ///   or the admin API would be open to the network without a token.
    package init(configuration: UnderstudyConfiguration, transport: HTTPTransport) throws {
        let engine = try UnderstudyEngine(configuration: configuration)
        self.engine = engine
        let logger = configuration.logger
        let log: @Sendable (String) -> Void = { logger.debug("transport: \($0)") }
        let http = transport.listener(configuration: configuration.server, responder: engine.responder, log: log)
        self.http = http
        // Weakly: the engine's control outlives no server, but must not keep its listener alive.
        engine.control.openStreams.withLock { $0 = { [weak http] in (http?.openStreams ?? 0, http?.openWebSockets ?? 0) } }
        admin = configuration.adminPort.map { port in
            transport.forAdminListener().listener(
                configuration: configuration.server.forAdminListener(port: port), responder: engine.adminResponder, log: log)
        }
    }

    /// Loads and validates the scenarios, to serve them over libmicrohttpd with a worker thread per core; throws before
    /// binding anything if they are broken.
    /// - Parameter configuration: What to serve and how.
    /// - Throws: ``UnderstudyError`` when the scenarios are broken, the start scenario is unknown
    ///   or the admin API would be open to the network without a token.
    public convenience init(configuration: UnderstudyConfiguration) throws {
        try self.init(configuration: configuration, transport: .libmicrohttpd)
    }

    public var configuration: UnderstudyConfiguration { engine.configuration }

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
        engine.control.fallbackHost.withLock { $0 = (linkHost.contains(":") ? "[\(linkHost)]" : linkHost) + ":\(http.port)" }
        if configuration.watch { watcher.withLock { $0 = ScenarioWatcher(control: engine.control) } }
    }

    /// Drains and stops: parked requests are answered, in-flight ones finish.
    public func stop() {
        watcher.withLock {
            $0?.stop()
            $0 = nil
        }
        engine.control.stopReloads()
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
    /// Server-sent event streams open right now.
    public var openStreams: Int { http.openStreams }
    /// WebSockets open right now.
    public var openWebSockets: Int { http.openWebSockets }
}
