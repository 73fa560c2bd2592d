import UnderstudyHTTP

/// Where the shared store (``SharedStateStore``) applies what the replicas wrote: the same state
/// the admin API changes, under the same lock, so a request sees the old selection or the new one.
extension ServerControl {
    /// Replaces the global selection and the overrides. A scenario this replica has not loaded (its
    /// files differ from the writer's) is left out, and named in the result.
    @discardableResult
    package func applyShared(global: SharedGlobal) -> [String] {
        state.withLock { state in
            let scenarios = state.scenarios
            let missing = ([global.active].compactMap { $0 } + Array(global.overrides.values)).flatMap(\.scenarioNames)
                .filter { scenarios[$0] == nil }
            let known = { (selection: Selection) in selection.scenarioNames.allSatisfy { scenarios[$0] != nil } }
            // No active selection in the store: the start scenario (kept as it is, if it is already that).
            let active =
                global.active.flatMap { known($0) ? $0 : nil }
                ?? (state.active.steps == [.init(scenario: state.startScenario, count: nil)] ? state.active : Selection(state.startScenario))
            if !Self.same(active, state.active) { state.active = active }
            let overrides = global.overrides.filter { known($0.value) }
            if overrides.count != state.overrides.count || overrides.contains(where: { !Self.same($0.value, state.overrides[$0.key]) }) {
                state.overrides = overrides
            }
            return missing
        }
    }

    /// Replaces a session's selections (keeping what is not shared: its own routes, its request
    /// validation, when it was last used); an empty one removes the session and its journal.
    @discardableResult
    package func applyShared(session id: String, _ shared: SharedSession) -> [String] {
        let (removed, missing) = state.withLock { state -> (Bool, [String]) in
            guard !shared.isEmpty else {
                // What the store does not share (the session's own routes, its request validation) stays.
                guard let kept = state.sessions[id] else { return (false, []) }
                if kept.overlay.routes.isEmpty && kept.validation == nil { return (state.sessions.removeValue(forKey: id) != nil, []) }
                state.sessions[id]?.all = nil
                state.sessions[id]?.apis = [:]
                return (false, [])
            }
            let selections = (shared.all.map { [$0] } ?? []) + Array(shared.apis.values)
            let missing = selections.flatMap(\.scenarioNames).filter { state.scenarios[$0] == nil }
            guard missing.isEmpty else { return (false, missing) }
            // The store is trusted no more than a client: it never makes this replica hold more sessions than its limit.
            guard state.sessions[id] != nil || state.sessions.count < state.sessionLimits.limit else { return (false, []) }
            var session = state.sessions[id] ?? .init()
            if !Self.same(session.all, shared.all) { session.all = shared.all }
            for (api, selection) in shared.apis where !Self.same(session.apis[api], selection) { session.apis[api] = selection }
            for api in session.apis.keys where shared.apis[api] == nil { session.apis[api] = nil }
            state.sessions[id] = session
            return (false, [])
        }
        if removed { journal.clear(session: id) }
        return missing
    }

    /// Whether this replica holds session `id`.
    package func hasSession(_ id: String) -> Bool {
        state.withLock { $0.sessions[id] != nil }
    }

    /// The ids of the sessions this replica holds.
    package func sessionIDs() -> [String] {
        state.withLock { Array($0.sessions.keys) }
    }

    /// The ids of the sessions used since `milliseconds` (a replica keeps their time to live in the store).
    package func sessionsUsed(since milliseconds: Int64) -> [String] {
        state.withLock { state in state.sessions.compactMap { $0.value.lastUsed.milliseconds >= milliseconds ? $0.key : nil } }
    }

    /// Seconds an unused session lives.
    package var sessionTTLSeconds: Int { state.withLock { $0.sessionLimits.ttlSeconds } }

    /// Another replica's reset: the start scenario, no overrides, no sessions, this replica's journal cleared.
    package func applySharedReset() {
        state.withLock { state in
            state.active = Selection(state.startScenario)
            state.overrides = [:]
            state.sessions = [:]
        }
        journal.clear()
    }

    /// The same selection object, or both none: a re-read that changed nothing keeps the object,
    /// and with it a sequence's count.
    private static func same(_ one: Selection?, _ other: Selection?) -> Bool {
        one === other
    }
}
