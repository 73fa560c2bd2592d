import HTTPTypes
import UnderstudyHTTP

/// A request of a sequence counted by every replica together (`--redis`): the store counts it,
/// outside the state's lock. Only such a sequence's requests come here, and only until its last step.
extension ScenarioResponder {
    enum SharedStep {
        case scenario(Scenario)
        case refused(Reply)
    }

    /// A session this replica has not seen, read from the store; a refusal when the store cannot say
    /// (answering with the global selection could be the wrong scenario for the session's test).
    static func prepare(_ session: String, _ shared: any SharedStateStore) -> Reply? {
        do {
            try shared.prepare(session: session)
            return nil
        } catch {
            return Self.error(
                .serviceUnavailable, "shared state unavailable",
                "This replica has not served this session yet and cannot read it from the store: \(error.cause). Answering with the global scenario could be the wrong one for the session; retry once Redis is back (GET /__admin/health shows its status)."
            )
        }
    }

    func sharedStep(_ selection: Selection) -> SharedStep {
        let name: String
        do {
            name = try selection.nextShared()
        } catch {
            // Never a guess: answering the sequence's next step from a local count would give a
            // test a step another replica also gave, or skip one.
            return .refused(
                Self.error(
                    .serviceUnavailable, "shared state unavailable",
                    "This request belongs to a scenario sequence that replicas count together in Redis, and the count could not be taken: \(error.cause). Nothing was counted; retry once Redis is back (GET /__admin/health shows its status)."
                ))
        }
        guard let scenario = control.state.withLock({ $0.scenarios[name] }) else {
            return .refused(Self.unknownScenario(name, known: control.state.withLock { $0.scenarios.names }))
        }
        return .scenario(scenario)
    }
}
