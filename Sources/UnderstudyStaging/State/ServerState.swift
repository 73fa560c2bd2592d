import UnderstudyAPIService
package import UnderstudyAdminWire
import UnderstudyDocuments

/// Everything the admin API can change, in one value behind ``ServerControl``'s lock. Admin calls
/// and reloads change it in place under that lock; a request takes its scenario (an immutable
/// object) under the same lock and is served by it to the end, so no request ever sees a mix of
/// two scenarios. Scenario precedence (request header, session, per-API override, active) is
/// decided here, in ``selection(api:session:)`` (the request header is read before, in the responder).
package struct ServerState: Sendable {
    package struct Session: Sendable {
        var all: Selection?
        package var apis: [UnderstudyAPI: Selection] = [:]
        /// Routes the session's test defined, tried before the scenario's (see ``SessionOverlay``).
        package var overlay = SessionOverlay()
        /// Request validation for this session's requests to OpenAPI documents; nil: the server's.
        package var validation: RequestValidation?
        /// When a request or an admin call last used the session: a reference, so that marking
        /// a use changes no state (and copies no dictionary) under the lock every request takes.
        let lastUsed = SessionClock()
    }

    /// How sessions are bounded: idle ones expire, and their number is capped.
    package struct SessionLimits: Sendable {
        /// Seconds without a request or admin call before a session expires; 0: never.
        var ttlSeconds = 3600
        /// Most sessions at once; creating one more is refused (429) until some are deleted or expire.
        package var limit = 10_000

        package init(ttlSeconds: Int = 3600, limit: Int = 10_000) {
            self.ttlSeconds = ttlSeconds
            self.limit = limit
        }
    }

    package var scenarios: ScenarioSet {
        didSet {
            resolveSingleScenarios()
            scenarios.resources.expire(afterSeconds: sessionLimits.ttlSeconds)
        }
    }
    let startScenario: String
    var active: Selection { didSet { resolveSingleScenarios() } }
    var overrides: [UnderstudyAPI: Selection] = [:] { didSet { resolveSingleScenarios() } }
    var sessions: [String: Session] = [:]
    var sessionLimits = SessionLimits() { didSet { scenarios.resources.expire(afterSeconds: sessionLimits.ttlSeconds) } }
    /// Problems of the last reload that was rejected; nil after a good one.
    var reloadProblems: [FileProblem]?

    /// The scenario a request without a session gets, by `API.index` (then one for paths of no
    /// API), where its selection is a single scenario; nil where it is a sequence. Kept up to date
    /// on every change, so most requests find their scenario without hashing its name.
    private var singleScenarios: [Scenario?] = []

    package init(scenarios: ScenarioSet, start: String) {
        self.scenarios = scenarios
        startScenario = start
        active = Selection(start)
        resolveSingleScenarios()
    }

    private mutating func resolveSingleScenarios() {
        singleScenarios = (UnderstudyAPI.allCases.map(Optional.some) + [nil]).map { api in
            let selection = api.flatMap { overrides[$0] } ?? active
            return selection.steps.count == 1 ? scenarios[selection.steps[0].scenario] : nil
        }
    }

    /// The scenario for a request of `api` without a session, when its selection is a single scenario (no sequence).
    func singleScenario(for api: UnderstudyAPI?) -> Scenario? {
        singleScenarios[api?.index ?? UnderstudyAPI.allCases.count]
    }

    /// Bytes the routes of every session keep (see ``SessionOverlay/maxTotalBytes``).
    var overlayBytes: Int { sessions.values.reduce(0) { $0 + $1.overlay.bytes } }

    /// Header, then session (per API, then all), then per-API override, then active.
    func selection(api: UnderstudyAPI?, session: String?) -> Selection {
        if let session, let chosen = sessions[session], !isExpired(chosen, touching: true) {
            if let api, let selection = chosen.apis[api] { return selection }
            if let selection = chosen.all { return selection }
        }
        if let api, let selection = overrides[api] { return selection }
        return active
    }

    /// Whether `session` has been idle past the TTL (it is then as good as gone: the next admin
    /// call removes it); when it is not and `touching`, marks it used now.
    func isExpired(_ session: Session, touching: Bool, now: Int64 = SessionClock.now()) -> Bool {
        let ttl = Int64(sessionLimits.ttlSeconds) * 1000
        if ttl > 0, now - session.lastUsed.milliseconds > ttl { return true }
        if touching { session.lastUsed.mark(now) }
        return false
    }

    /// Ids of the sessions idle past the TTL.
    func expiredSessions() -> [String] {
        guard sessionLimits.ttlSeconds > 0 else { return [] }
        let now = SessionClock.now()
        return sessions.compactMap { id, session in isExpired(session, touching: false, now: now) ? id : nil }
    }

    /// Every scenario name some selection refers to, with where it is used.
    var referencedScenarios: [(name: String, usedBy: String)] {
        var names = active.scenarioNames.map { ($0, "the active scenario") }
        for (api, selection) in overrides { names += selection.scenarioNames.map { ($0, "the \(api.rawValue) override") } }
        for (id, session) in sessions {
            names += (session.all?.scenarioNames ?? []).map { ($0, "session '\(id)'") }
            for (api, selection) in session.apis { names += selection.scenarioNames.map { ($0, "session '\(id)' (\(api.rawValue))") } }
        }
        return names
    }
}
