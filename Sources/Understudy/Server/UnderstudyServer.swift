import Foundation
import Logging
import UnderstudyHTTP

/// Everything needed to run Understudy.
public struct UnderstudyConfiguration: Sendable {
    public var server: ServerConfiguration
    /// The scenarios folder (files plus `data/`).
    public var scenariosDirectory: URL
    /// The scenario active at start.
    public var scenario: String
    public var logger: Logger

    public init(server: ServerConfiguration = ServerConfiguration(), scenariosDirectory: URL, scenario: String = "happy",
                logger: Logger = Logger(label: "understudy")) {
        self.server = server
        self.scenariosDirectory = scenariosDirectory
        self.scenario = scenario
        self.logger = logger
    }
}

/// Why Understudy would not start.
public enum UnderstudyError: Error, CustomStringConvertible {
    case invalidScenarios(FileProblems)
    case unknownScenario(String, known: [String])

    public var description: String {
        switch self {
        case .invalidScenarios(let problems): "the scenarios folder has problems:\n\(problems)"
        case .unknownScenario(let name, let known): "no scenario named '\(name)' (known: \(known.joined(separator: ", ")))"
        }
    }
}

/// The staging server: SWAPI, artic and catfact from scenario files over
/// libmicrohttpd.
public final class UnderstudyServer: Sendable {
    public let configuration: UnderstudyConfiguration
    public let scenarios: ScenarioSet
    private let responder: ScenarioResponder
    private let http: HTTPServer

    /// Loads and validates the scenarios; throws before binding anything if they are broken.
    public init(configuration: UnderstudyConfiguration) throws {
        self.configuration = configuration
        do {
            scenarios = try ScenarioLoader.load(directory: configuration.scenariosDirectory)
        } catch {
            throw UnderstudyError.invalidScenarios(error)
        }
        guard scenarios[configuration.scenario] != nil else {
            throw UnderstudyError.unknownScenario(configuration.scenario, known: scenarios.names)
        }
        responder = ScenarioResponder(scenarios: scenarios, active: configuration.scenario, logger: configuration.logger)
        http = HTTPServer(configuration: configuration.server, responder: responder)
    }

    /// Binds the port and starts answering.
    public func start() throws {
        let logger = configuration.logger
        HTTPServerLog.setSink { logger.debug("libmicrohttpd: \($0)") }
        try http.start()
        let host = configuration.server.host
        let linkHost = host == "0.0.0.0" || host == "::" ? "127.0.0.1" : host
        responder.fallbackHost.withLock { $0 = (linkHost.contains(":") ? "[\(linkHost)]" : linkHost) + ":\(http.port)" }
    }

    /// Drains and stops: parked requests are answered, in-flight ones finish.
    public func stop() {
        http.stop()
    }

    /// `http://host:port` of the running server.
    public var baseURL: String { http.baseURL }
    public var port: Int { http.port }
    /// The connection limit in force after start.
    public var connectionLimit: Int { http.connectionLimit }

    /// The scenario serving requests that do not pick one.
    public var activeScenario: String { responder.state.current.active }
}
