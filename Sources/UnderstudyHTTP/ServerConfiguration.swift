public import HTTPTypes

/// How the HTTP server listens and what it tolerates: what any transport means. How a transport
/// does it (libmicrohttpd's worker threads and event loop) is that transport's own option.
public struct ServerConfiguration: Sendable {
    /// Address to bind: an IPv4/IPv6 literal or a host name.
    public var host: String
    /// Port to bind; 0 picks a free ephemeral port.
    public var port: Int
    /// Most simultaneous connections, parked delays included. The open-file
    /// limit is raised to match at start.
    public var connectionLimit: Int
    /// Seconds an idle or half-sent connection may stay open.
    public var connectionTimeoutSeconds: Int
    /// Upper bound of any delay; also how long a `hold` keeps a connection.
    public var maxDelayMilliseconds: Int
    /// Largest request body accepted; larger bodies are drained and answered 413.
    public var maxRequestBodyBytes: Int
    /// How long `stop()` waits for in-flight requests before closing anyway.
    public var drainTimeoutSeconds: Double
    /// When the connections come within an eighth of ``connectionLimit``, shut down the one that
    /// has waited longest for a request's headers, so sockets left idle or half-sent can never
    /// fill the server (once full, libmicrohttpd stops accepting and a newcomer waits in the
    /// backlog). Off by default: for API traffic a full server should queue clients, not drop them.
    public var reclaimsIdleConnections: Bool = false
    /// Fields every response carries, refusals included: a replica's name (`--replica-name`), so a
    /// client behind a load balancer can tell which replica answered. Added when a response is made
    /// for the wire, which a cached response is once: empty, it costs nothing.
    public var responseFields: HTTPFields = [:]

    public init(
        host: String = "127.0.0.1",
        port: Int = 8080,
        connectionLimit: Int = 4096,
        connectionTimeoutSeconds: Int = 60,
        maxDelayMilliseconds: Int = 120_000,
        maxRequestBodyBytes: Int = 1 << 20,
        drainTimeoutSeconds: Double = 10
    ) {
        self.host = host
        self.port = port
        self.connectionLimit = connectionLimit
        self.connectionTimeoutSeconds = connectionTimeoutSeconds
        self.maxDelayMilliseconds = maxDelayMilliseconds
        self.maxRequestBodyBytes = maxRequestBodyBytes
        self.drainTimeoutSeconds = drainTimeoutSeconds
    }

    /// The settings for a listener that serves only the admin API (`--admin-port`): a 5 s header
    /// deadline and idle timeout (admin calls are short), and a limit of 64 that idle or half-sent
    /// sockets cannot fill (``reclaimsIdleConnections``). Not a per-IP limit: the
    /// abuser and the operator often share an address (loopback, a NAT, a CI runner), and a per-IP
    /// limit would shut the operator out along with the abuser. The transport is made lighter for it
    /// too: ``HTTPTransport/forAdminListener()``.
    public func forAdminListener(port: Int) -> ServerConfiguration {
        var settings = self
        settings.port = port
        settings.connectionLimit = 64
        settings.connectionTimeoutSeconds = min(5, max(1, connectionTimeoutSeconds))
        settings.reclaimsIdleConnections = true
        return settings
    }
}
