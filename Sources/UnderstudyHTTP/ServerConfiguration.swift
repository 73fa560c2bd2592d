/// How the HTTP server listens and what it tolerates.
public struct ServerConfiguration: Sendable {
    /// Address to bind: an IPv4/IPv6 literal or a host name.
    public var host: String
    /// Port to bind; 0 picks a free ephemeral port.
    public var port: Int
    /// libmicrohttpd worker threads (each runs its own epoll loop).
    public var threads: Int
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

    public init(
        host: String = "127.0.0.1",
        port: Int = 8080,
        threads: Int = ServerConfiguration.coreCount,
        connectionLimit: Int = 4096,
        connectionTimeoutSeconds: Int = 60,
        maxDelayMilliseconds: Int = 120_000,
        maxRequestBodyBytes: Int = 1 << 20,
        drainTimeoutSeconds: Double = 10
    ) {
        self.host = host
        self.port = port
        self.threads = threads
        self.connectionLimit = connectionLimit
        self.connectionTimeoutSeconds = connectionTimeoutSeconds
        self.maxDelayMilliseconds = maxDelayMilliseconds
        self.maxRequestBodyBytes = maxRequestBodyBytes
        self.drainTimeoutSeconds = drainTimeoutSeconds
    }

    /// The number of online cores, at least 1.
    public static var coreCount: Int {
        #if canImport(Glibc)
        return max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
        #else
        return 2
        #endif
    }
}

#if canImport(Glibc)
import Glibc
#endif
