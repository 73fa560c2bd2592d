import UnderstudyAdminWire
import UnderstudyHTTP

/// Which scenario answers: one name, or a sequence such as "the first 2
/// requests get `rate-limited`, the rest `happy`" for testing retry code.
/// Each selection counts its own requests, so a session's counts start
/// afresh with the session.
public final class Selection: Sendable {
    public struct Step: Sendable, Equatable {
        public var scenario: String
        /// How many requests this step answers; nil for the last step (all the rest).
        public var count: Int?
    }

    public let steps: [Step]
    private let served = Locked(0)

    public init(steps: [Step]) {
        precondition(!steps.isEmpty)
        self.steps = steps
    }

    public convenience init(_ scenario: String) {
        self.init(steps: [Step(scenario: scenario, count: nil)])
    }

    /// The scenario for the next request (counting it, for sequences).
    func next() -> String {
        guard steps.count > 1 else { return steps[0].scenario }
        var index = served.withLock { served -> Int in
            defer { served += 1 }
            return served
        }
        for step in steps {
            guard let count = step.count else { return step.scenario }
            if index < count { return step.scenario }
            index -= count
        }
        return steps[steps.count - 1].scenario
    }

    /// Requests counted so far.
    var servedCount: Int { served.current }

    var scenarioNames: [String] { steps.map(\.scenario) }

    func json() -> JSONValue { JSONValueEncoder.encode(wire) }

    /// What the admin API shows: the scenario's name, or the sequence and how many requests it served.
    var wire: UnderstudyWire.Selection {
        if steps.count == 1 { return .scenario(steps[0].scenario) }
        return .sequence(steps.map { UnderstudyWire.Step($0.scenario, count: $0.count) }, served: servedCount)
    }
}

/// Everything the admin API can change, replaced as a whole on every
/// change: a request reads one snapshot and is served under it to the end,
/// so no request ever sees a mix of two scenarios.
struct ServerState: Sendable {
    struct Session: Sendable {
        var all: Selection?
        var apis: [API: Selection] = [:]
    }

    var scenarios: ScenarioSet { didSet { resolveFixedScenarios() } }
    let startScenario: String
    var active: Selection { didSet { resolveFixedScenarios() } }
    var overrides: [API: Selection] = [:] { didSet { resolveFixedScenarios() } }
    var sessions: [String: Session] = [:]
    /// Problems of the last reload that was rejected; nil after a good one.
    var reloadProblems: [FileProblem]?

    /// The scenario a request without a session gets, by `API.index` (then one for paths of no
    /// API), where its selection is a single scenario; nil where it is a sequence. Kept up to date
    /// on every change, so most requests find their scenario without hashing its name.
    private var fixedScenarios: [Scenario?] = []

    init(scenarios: ScenarioSet, start: String) {
        self.scenarios = scenarios
        startScenario = start
        active = Selection(start)
        resolveFixedScenarios()
    }

    private mutating func resolveFixedScenarios() {
        fixedScenarios = (API.allCases.map(Optional.some) + [nil]).map { api in
            let selection = api.flatMap { overrides[$0] } ?? active
            return selection.steps.count == 1 ? scenarios[selection.steps[0].scenario] : nil
        }
    }

    /// The scenario for a request of `api` without a session, when no sequence is involved.
    func fixedScenario(for api: API?) -> Scenario? {
        fixedScenarios[api?.index ?? API.allCases.count]
    }

    /// Header, then session (per API, then all), then per-API override, then active.
    func selection(api: API?, session: String?) -> Selection {
        if let session, let chosen = sessions[session] {
            if let api, let selection = chosen.apis[api] { return selection }
            if let selection = chosen.all { return selection }
        }
        if let api, let selection = overrides[api] { return selection }
        return active
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
