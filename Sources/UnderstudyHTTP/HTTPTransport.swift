/// A running listener that carries requests to a responder: the libmicrohttpd server of
/// `UnderstudyMicroHTTPD`, or any other transport.
public protocol HTTPListener: AnyObject, Sendable {
    /// Binds the port and starts answering.
    /// - Throws: When the port cannot be bound or the transport cannot start.
    func start() throws
    /// Drains and stops: parked requests are answered, in-flight ones finish.
    func stop()
    /// The bound port (meaningful after ``start()``).
    var port: Int { get }
    /// `http://host:port` of the running listener.
    var baseURL: String { get }
    /// The connection limit in force after start.
    var connectionLimit: Int { get }
    /// Connections parked by delays and holds right now.
    var parkedConnections: Int { get }
    /// Responses streaming right now (server-sent events), parked between pieces or sending one.
    var openStreams: Int { get }
    /// WebSockets open right now.
    var openWebSockets: Int { get }
}

/// How a server listens: makes the listener for a configuration and a responder. The engine
/// knows nothing of the transport beyond this, so it builds and is tested without a C library.
public struct HTTPTransport: Sendable {
    /// Makes a listener; `log` receives the transport's own diagnostics (malformed requests,
    /// socket errors).
    public typealias MakeListener =
        @Sendable (
            _ configuration: ServerConfiguration, _ responder: any HTTPResponder, _ log: @escaping @Sendable (String) -> Void
        ) -> any HTTPListener

    private let make: MakeListener
    private let makeAdmin: MakeListener?

    /// - Parameters:
    ///   - makeListener: Makes a (not yet started) listener.
    ///   - makeAdminListener: Makes a listener that serves only the admin API (short calls, few at
    ///     once), when the transport can spend less on it than on `makeListener`'s; nil for the same.
    public init(makeListener: @escaping MakeListener, makeAdminListener: MakeListener? = nil) {
        make = makeListener
        makeAdmin = makeAdminListener
    }

    /// The transport for a listener that serves only the admin API (`--admin-port`), used with
    /// ``ServerConfiguration/forAdminListener(port:)``: libmicrohttpd's gets one worker thread.
    public func forAdminListener() -> HTTPTransport {
        makeAdmin.map { HTTPTransport(makeListener: $0) } ?? self
    }

    /// A listener for `configuration` that hands requests to `responder`.
    /// - Parameters:
    ///   - configuration: Host, port, limits and timeouts.
    ///   - responder: Turns requests into replies.
    ///   - log: Receives the transport's diagnostics.
    /// - Returns: The listener, not yet started.
    public func listener(
        configuration: ServerConfiguration, responder: any HTTPResponder, log: @escaping @Sendable (String) -> Void
    ) -> any HTTPListener {
        make(configuration, responder, log)
    }
}
