import UnderstudyHTTP

/// Automatic persisted queries (Apollo's APQ): the queries clients have sent with their sha256 hash, so that a
/// later request carrying only the hash is answered; bounded, oldest first out, since any client can send
/// queries without end.
package final class PersistedQueryStore: Sendable {
    package static let maxQueries = 4_096
    package static let maxBytes = 16 << 20

    private struct State {
        var queries: [String: String] = [:]
        var order: [String] = []
        var oldest = 0
        var bytes = 0
    }

    private let state = Locked(State())

    package init() {}

    package func query(forHash hash: String) -> String? { state.withLock { $0.queries[hash] } }

    /// Keeps `query` under `hash` (which the caller checked is the query's).
    package func keep(_ query: String, hash: String) {
        let size = query.utf8.count + hash.utf8.count
        guard size <= Self.maxBytes / 16 else { return }
        state.withLock { state in
            guard state.queries[hash] == nil else { return }
            while state.order.count - state.oldest >= Self.maxQueries || state.bytes + size > Self.maxBytes, state.oldest < state.order.count {
                let evicted = state.order[state.oldest]
                state.oldest += 1
                state.bytes -= (state.queries.removeValue(forKey: evicted)?.utf8.count ?? 0) + evicted.utf8.count
            }
            if state.oldest > Self.maxQueries {
                state.order.removeFirst(state.oldest)
                state.oldest = 0
            }
            state.queries[hash] = query
            state.order.append(hash)
            state.bytes += size
        }
    }

    /// Forgets every query (`POST /__admin/reset`).
    package func removeAll() { state.withLock { $0 = State() } }
}
