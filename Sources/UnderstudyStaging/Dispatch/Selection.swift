import Atomics
import UnderstudyAdminWire
import UnderstudyHTTP

/// Which scenario answers: one name, or a sequence such as "the first 2
/// requests get `rate-limited`, the rest `happy`" for testing retry code.
/// Each selection counts its own requests, so a session's counts start
/// afresh with the session.
package final class Selection: Sendable {
    package struct Step: Sendable, Equatable {
        package var scenario: String
        /// How many requests this step answers; nil for the last step (all the rest).
        package var count: Int?

        package init(scenario: String, count: Int?) {
            self.scenario = scenario
            self.count = count
        }
    }

    package let steps: [Step]
    private let served = Locked(0)
    /// Set for a sequence counted by every replica together (`--redis`); nil otherwise.
    package let shared: SharedSequence?
    /// Whether the shared count has reached the last step: from then on this replica answers the
    /// last step without asking the store (no request of a finished sequence leaves the process).
    private let finished = ManagedAtomic(false)

    package init(steps: [Step], shared: SharedSequence? = nil) {
        precondition(!steps.isEmpty)
        self.steps = steps
        self.shared = steps.count > 1 ? shared : nil
    }

    package convenience init(_ scenario: String) {
        self.init(steps: [Step(scenario: scenario, count: nil)])
    }

    /// The scenario for the next request (counting it, for sequences).
    package func next() -> String {
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

    /// Whether the next scenario must come from ``nextShared()``, outside the state's lock: a
    /// shared sequence that has not reached its last step.
    package var countsShared: Bool { shared != nil && !finished.load(ordering: .relaxed) }

    /// The scenario for the next request of a shared sequence, counted by the store (one round trip).
    package func nextShared() throws(SharedStateFailure) -> String {
        guard let shared, !finished.load(ordering: .relaxed) else { return next() }
        let position = try shared.store.advance(sequence: shared.key)
        served.withLock { $0 = max($0, position) }
        var index = max(0, position - 1)
        for step in steps {
            guard let count = step.count else {
                finished.store(true, ordering: .relaxed)
                return step.scenario
            }
            if index < count { return step.scenario }
            index -= count
        }
        return steps[steps.count - 1].scenario
    }

    /// Requests counted so far.
    var servedCount: Int { served.current }

    var scenarioNames: [String] { steps.map(\.scenario) }

    /// What the admin API shows: the scenario's name, or the sequence and how many requests it served.
    var wire: UnderstudyWire.Selection {
        if steps.count == 1 { return .scenario(steps[0].scenario) }
        return .sequence(steps.map { UnderstudyWire.Step($0.scenario, count: $0.count) }, served: servedCount)
    }
}
