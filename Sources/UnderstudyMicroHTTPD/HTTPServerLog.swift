import CMicroHTTPD
import UnderstudyHTTP

/// Log lines libmicrohttpd writes (malformed requests, socket errors), routed
/// to whoever set ``HTTPServerLog/sink``.
enum HTTPServerLog {
    static let handler = Locked<(@Sendable (String) -> Void)?>(nil)

    /// Receives libmicrohttpd's own log lines; nil drops them.
    static func setSink(_ sink: (@Sendable (String) -> Void)?) {
        handler.withLock { $0 = sink }
    }
}
