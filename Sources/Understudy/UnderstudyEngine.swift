import UnderstudyAPIService
import UnderstudyBuiltinAPIs
import UnderstudyDocuments
package import UnderstudyHTTP
package import UnderstudyStaging

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The staging engine with no listener: the scenarios loaded and validated, the state that selects
/// among them (active, per API, per session), the journal, and the responders that turn requests
/// into replies. ``UnderstudyServer`` serves it over a transport; UnderstudyTesting's router calls
/// it with no socket at all.
public final class UnderstudyEngine: Sendable {
    public let configuration: UnderstudyConfiguration
    package let control: ServerControl
    /// Answers every request: the APIs, custom routes and `/__admin`.
    package let responder: any HTTPResponder
    /// Answers only `/__admin` (the `--admin-port` listener).
    package let adminResponder: any HTTPResponder

    /// Loads and validates the scenarios.
    /// - Parameter configuration: What to serve (its `server` part says where to bind, which the
    ///   engine needs only to decide whether the admin API faces the network).
    /// - Throws: ``UnderstudyError`` when the scenarios are broken, the start scenario is unknown
    ///   or the admin API would be open to the network without a token.
    public init(configuration: UnderstudyConfiguration) throws {
        self.configuration = configuration
        let scenarios: ScenarioSet
        do {
            scenarios = try ScenarioLoader.load(
                directory: configuration.scenariosDirectory, apis: .builtin, openAPI: configuration.openAPI, gate: configuration.openAPIGate,
                lazyDatasets: true)
        } catch {
            throw UnderstudyError.invalidScenarios(error)
        }
        Platform.returnFreedMemory()
        guard scenarios[configuration.scenario] != nil else {
            throw UnderstudyError.unknownScenario(configuration.scenario, known: scenarios.names)
        }
        let host = configuration.server.host
        let isLoopback = AdminGuard.isLoopback(host)
        if configuration.adminToken == nil, !configuration.allowRemoteAdmin, !isLoopback {
            throw UnderstudyError.remoteAdminWithoutToken(host: host)
        }
        let control = ServerControl(
            scenarios: scenarios, start: configuration.scenario, journalSize: configuration.journalSize,
            adminGuard: AdminGuard(bindHost: host, isLoopback: isLoopback, allowedHosts: configuration.allowedHosts, token: configuration.adminToken),
            logger: configuration.logger,
            sessionLimits: .init(ttlSeconds: configuration.sessionTTLSeconds, limit: configuration.sessionLimit), openAPI: configuration.openAPI,
            openAPIGate: configuration.openAPIGate,
            requestValidation: configuration.requestValidation, shared: configuration.sharedState,
            journalPeers: configuration.journalPeers)
        configuration.sharedState?.attach(control)
        control.upstreamClient.withLock { $0 = configuration.upstreamClient }
        control.trust.withLock { $0 = configuration.trust }
        self.control = control
        responder = ScenarioResponder(control: control, accessLog: configuration.accessLog)
        adminResponder = AdminOnlyResponder(control: control)
    }

    /// The names of the scenarios currently loaded, in alphabetical order (they change with a reload).
    public var scenarioNames: [String] { control.state.current.scenarios.names }

    /// Starts a reload on the reload thread and returns at once (what SIGHUP does).
    public func requestReload() {
        control.requestReload { _ in }
    }

    /// Reloads the scenarios folder (what `POST /__admin/reload` does); the
    /// problems when the new set is rejected and the old one keeps serving.
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
