#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Logging
import UnderstudyHTTP

/// The state the admin API steers, shared by the request path (which only
/// reads a snapshot) and the admin routes (which replace it).
final class ServerControl: Sendable {
    let state: Locked<ServerState>
    let journal: Journal
    let directory: URL
    let adminToken: String?
    let logger: Logger
    /// `host:port` used for links when a request has no usable `Host` header.
    let fallbackHost = Locked("127.0.0.1")
    private let reloading = Locked(())

    init(scenarios: ScenarioSet, start: String, journalSize: Int, adminToken: String?, logger: Logger,
         sessionLimits: ServerState.SessionLimits = .init()) {
        var initial = ServerState(scenarios: scenarios, start: start)
        initial.sessionLimits = sessionLimits
        state = Locked(initial)
        journal = Journal(capacity: journalSize)
        directory = scenarios.directory
        self.adminToken = adminToken
        self.logger = logger
    }

    enum ReloadOutcome {
        case loaded([String])
        case rejected(reason: String, problems: [FileProblem])
    }

    /// Loads and validates the whole folder; a valid set replaces the old one
    /// at once, an invalid one leaves it serving and is remembered as the
    /// last reload error.
    func reload() -> ReloadOutcome {
        reloading.withLock { _ in
            let loaded: ScenarioSet
            switch Result(catching: { () throws(FileProblems) in try ScenarioLoader.load(directory: directory) }) {
            case .success(let set):
                loaded = set
            case .failure(let error):
                state.withLock { $0.reloadProblems = error.problems }
                logger.warning("reload rejected: \(error.problems.count) problem(s); the previous scenarios keep serving\n\(error)")
                return .rejected(reason: "the scenarios folder has \(error.problems.count) problem(s)", problems: error.problems)
            }
            return state.withLock { state in
                let missing = state.referencedScenarios.filter { loaded[$0.name] == nil }
                if let first = missing.first {
                    let reason = "scenario '\(first.name)', used by \(first.usedBy), is not in the new set"
                    let problem = FileProblem(file: directory.path, message: reason)
                    state.reloadProblems = [problem]
                    logger.warning("reload rejected: \(reason); the previous scenarios keep serving")
                    return .rejected(reason: reason, problems: [problem])
                }
                state.scenarios = loaded
                state.reloadProblems = nil
                logger.notice("reloaded \(loaded.names.count) scenarios from \(directory.path)")
                return .loaded(loaded.names)
            }
        }
    }
}
