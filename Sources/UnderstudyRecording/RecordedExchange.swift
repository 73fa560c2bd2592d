import UnderstudyHTTP
package import UnderstudyStaging

/// One upstream answer as `understudy record` saw it, under this server's path.
package struct RecordedExchange: Sendable {
    package var method: String
    /// This server's path (the mapping's prefix included).
    package var path: String
    /// The query as the client sent it, re-encoded; empty when none.
    package var query: String
    package var status: Int
    /// Every header the upstream sent; the writer keeps the ones that matter.
    package var headers: [(String, String)]
    package var body: [UInt8]
    package var mapping: UpstreamMapping

    package init(method: String, path: String, query: String, status: Int, headers: [(String, String)], body: [UInt8], mapping: UpstreamMapping) {
        self.method = method
        self.path = path
        self.query = query
        self.status = status
        self.headers = headers
        self.body = body
        self.mapping = mapping
    }

    /// One route per method + path + query: a later answer to the same request replaces the earlier one.
    package var key: String { "\(method) \(path)?\(query)" }
}

/// The exchanges of a recording, in the order first seen. Bounded, since a client (or a loop of one) can
/// send without end: past the limits the recorder still forwards, but keeps nothing new.
package final class Recorder: Sendable {
    package static let maxRoutes = 10_000
    package static let maxBytes = 100 << 20  // under the loader's 128 MB for a whole folder

    private struct State {
        var order: [String] = []
        var exchanges: [String: RecordedExchange] = [:]
        var bytes = 0
        package var dropped = 0
    }

    private let state = Locked(State())

    package init() {}

    /// Methods worth a route: HEAD and OPTIONS answers say nothing a GET route does not.
    static let recordedMethods: Set<String> = ["GET", "POST", "PUT", "PATCH", "DELETE"]

    package func record(_ exchange: RecordedExchange) {
        guard Self.recordedMethods.contains(exchange.method) else { return }
        state.withLock { state in
            let key = exchange.key
            let previous = state.exchanges[key]?.body.count ?? 0
            guard previous > 0 || state.order.count < Self.maxRoutes, state.bytes - previous + exchange.body.count <= Self.maxBytes else {
                state.dropped += 1
                return
            }
            if state.exchanges[key] == nil { state.order.append(key) }
            state.exchanges[key] = exchange
            state.bytes += exchange.body.count - previous
        }
    }

    /// What has been recorded so far, in first-seen order.
    package var exchanges: [RecordedExchange] { state.withLock { state in state.order.map { state.exchanges[$0]! } } }

    /// Answers not kept because a limit was reached.
    package var dropped: Int { state.withLock { $0.dropped } }
}
