import UnderstudyHTTP

/// One upstream answer as `understudy record` saw it, under this server's path.
public struct RecordedExchange: Sendable {
    public var method: String
    /// This server's path (the mapping's prefix included).
    public var path: String
    /// The query as the client sent it, re-encoded; empty when none.
    public var query: String
    public var status: Int
    /// Every header the upstream sent; the writer keeps the ones that matter.
    public var headers: [(String, String)]
    public var body: [UInt8]
    public var mapping: UpstreamMapping

    /// One route per method + path + query: a later answer to the same request replaces the earlier one.
    var key: String { "\(method) \(path)?\(query)" }
}

/// The exchanges of a recording, in the order first seen. Bounded, since a client (or a loop of one) can
/// send without end: past the limits the recorder still forwards, but keeps nothing new.
public final class Recorder: Sendable {
    public static let maxRoutes = 10_000
    public static let maxBytes = 100 << 20  // under the loader's 128 MB for a whole folder

    private struct State {
        var order: [String] = []
        var exchanges: [String: RecordedExchange] = [:]
        var bytes = 0
        var dropped = 0
    }

    private let state = Locked(State())

    public init() {}

    /// Methods worth a route: HEAD and OPTIONS answers say nothing a GET route does not.
    static let recordedMethods: Set<String> = ["GET", "POST", "PUT", "PATCH", "DELETE"]

    public func record(_ exchange: RecordedExchange) {
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
    public var exchanges: [RecordedExchange] { state.withLock { state in state.order.map { state.exchanges[$0]! } } }

    /// Answers not kept because a limit was reached.
    public var dropped: Int { state.withLock { $0.dropped } }
}
