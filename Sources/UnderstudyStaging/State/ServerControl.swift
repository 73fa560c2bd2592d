package import Atomics
import Dispatch
package import Logging
import UnderstudyAPIService
package import UnderstudyAdminWire
package import UnderstudyDocuments
package import UnderstudyHTTP
package import UnderstudyOpenAPI
package import UnderstudyUpstreamWire

#if canImport(FoundationEssentials)
package import FoundationEssentials
#else
package import Foundation
#endif

/// The state the admin API steers, shared by the request path (which only
/// reads a snapshot) and the admin routes (which replace it).
package final class ServerControl: Sendable {
    package let state: Locked<ServerState>
    let journal: Journal
    /// Automatic persisted queries the GraphQL endpoints have been sent (Apollo's APQ).
    package let persistedQueries = PersistedQueryStore()
    package let directory: URL
    /// Documents mounted from outside the folder (`--openapi`), read again with it on every reload.
    package let openAPI: [OpenAPIMount]
    let openAPIGate: OpenAPIGate?
    /// Request validation for requests to OpenAPI documents, unless their session says otherwise.
    package let requestValidation: RequestValidation
    /// Set once a session has its own request validation: until then, no request takes the lock to look.
    package let sessionsValidate = ManagedAtomic(false)
    /// The state replicas share (`--redis`); nil for a server on its own, and then no path looks further.
    package let shared: (any SharedStateStore)?
    /// The replicas a global journal read asks (`--peers`); nil: this replica's journal is the whole one.
    package let journalPeers: (any JournalFanOut)?
    /// Host, cross-site and token checks before every admin route.
    let adminGuard: AdminGuard
    let logger: Logger
    /// `{{counter}}`'s counts, per route and session.
    package let counters = RouteCounters()
    /// `host:port` used for links when a request has no usable `Host` header.
    package let fallbackHost = Locked("127.0.0.1")
    /// How many streams the transport has open (the dashboard shows it); nil without a transport (the router).
    package let openStreams = Locked<(@Sendable () -> (streams: Int, webSockets: Int))?>(nil)
    /// Answers a scenario's `proxy:` prefixes; nil when the embedder gave none (proxying then answers 502).
    /// Set once, right after start-up, before any request.
    package let upstreamClient = Locked<(any UpstreamClient)?>(nil)
    /// With `--tls` and the development CA: what `/__admin/tls/` hands out. Set once, before any request.
    package let trust = Locked<TrustDownloads?>(nil)
    private let reloads = Locked(Reloads())
    /// The one thread reloads run on, one at a time: never an HTTP worker, so
    /// serving goes on while a large set loads.
    private let reloadQueue = DispatchQueue(label: "understudy.reload")

    /// Reloads asked for and under way.
    private struct Reloads {
        /// Whether the reload queue is busy with them.
        var running = false
        /// Callers waiting for the next reload to start: everyone who asks while one runs
        /// shares the one after it (it reads the files as they are by then).
        var waiting: [@Sendable (ReloadOutcome) -> Void] = []
        /// The flag of the reload under way.
        var current: LoadCancellation?
        /// Set by ``stopReloads()``: no reload runs any more.
        var stopped = false
    }

    package init(
        scenarios: ScenarioSet, start: String, journalSize: Int, adminGuard: AdminGuard, logger: Logger,
        sessionLimits: ServerState.SessionLimits = .init(), openAPI: [OpenAPIMount] = [], openAPIGate: OpenAPIGate? = nil,
        requestValidation: RequestValidation = .off, shared: (any SharedStateStore)? = nil, journalPeers: (any JournalFanOut)? = nil
    ) {
        self.shared = shared
        self.journalPeers = journalPeers
        self.requestValidation = requestValidation
        var initial = ServerState(scenarios: scenarios, start: start)
        initial.sessionLimits = sessionLimits
        state = Locked(initial)
        journal = Journal(capacity: journalSize)
        directory = scenarios.directory
        self.openAPI = openAPI
        self.openAPIGate = openAPIGate
        self.adminGuard = adminGuard
        self.logger = logger
    }

    package enum ReloadOutcome: Sendable {
        case loaded([String])
        case rejected(reason: String, problems: [FileProblem])
        /// Not loaded, nor rejected: the server is stopping.
        case cancelled
    }

    /// Loads and validates the whole folder, on the reload thread, and waits
    /// for the outcome. Not for an HTTP worker (see ``requestReload(_:)``).
    package func reload() -> ReloadOutcome {
        let done = DispatchSemaphore(value: 0)
        let outcome = Locked<ReloadOutcome?>(nil)
        requestReload { result in
            outcome.withLock { $0 = result }
            done.signal()
        }
        done.wait()
        return outcome.current!
    }

    /// Starts a reload on the reload thread (or joins the one queued after the
    /// reload under way) and calls `completion` there with its outcome.
    ///
    /// A valid set replaces the old one at once; an invalid one leaves it
    /// serving and is remembered as the last reload error.
    package func requestReload(_ completion: @escaping @Sendable (ReloadOutcome) -> Void) {
        let start = reloads.withLock { reloads -> Bool in
            guard !reloads.stopped else { return false }
            reloads.waiting.append(completion)
            defer { reloads.running = true }
            return !reloads.running
        }
        guard start else {
            if reloads.withLock({ $0.stopped }) { completion(.cancelled) }
            return
        }
        reloadQueue.async { [self] in runReloads() }
    }

    /// Cancels the reload under way and refuses new ones: a stopping server
    /// must not wait for a large or hostile folder to finish loading.
    package func stopReloads() {
        let (current, waiting) = reloads.withLock { reloads in
            reloads.stopped = true
            defer { reloads.waiting = [] }
            return (reloads.current, reloads.waiting)
        }
        current?.cancel()
        for completion in waiting { completion(.cancelled) }
    }

    /// Runs reloads until nobody waits for one.
    private func runReloads() {
        while true {
            let cancellation = LoadCancellation()
            let batch = reloads.withLock { reloads -> [@Sendable (ReloadOutcome) -> Void]? in
                guard !reloads.waiting.isEmpty, !reloads.stopped else {
                    reloads.running = false
                    reloads.current = nil
                    return nil
                }
                reloads.current = cancellation
                defer { reloads.waiting = [] }
                return reloads.waiting
            }
            guard let batch else { return }
            let outcome = load(cancellation)
            for completion in batch { completion(outcome) }
        }
    }

    private func load(_ cancellation: LoadCancellation) -> ReloadOutcome {
        let loaded: ScenarioSet
        switch Result(catching: { () throws(FileProblems) in
            try ScenarioLoader.load(
                directory: directory, apis: state.current.scenarios.apis, openAPI: openAPI, gate: openAPIGate, cancellation: cancellation)
        }) {
        case .success(let set):
            loaded = set
            Platform.returnFreedMemory()
        case .failure(let error):
            if cancellation.isCancelled {
                logger.notice("reload cancelled: the server is stopping")
                return .cancelled
            }
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
