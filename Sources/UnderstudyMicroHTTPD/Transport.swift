public import UnderstudyHTTP

extension HTTPServer: HTTPListener {}

/// What the libmicrohttpd transport adds to a ``ServerConfiguration``: how many worker threads,
/// and the event loop they run.
public struct MicroHTTPDOptions: Sendable {
    /// Worker threads (each runs its own event loop); 1 runs the loop on libmicrohttpd's one
    /// internal thread.
    public var threads: Int
    /// How the workers wait for sockets and notice parked clients hanging up.
    public var eventLoop: EventLoop
    /// With certificates, the port answers `https://` as well as `http://` (`--tls`).
    public var tls: TLSServing?

    /// - Parameters:
    ///   - threads: Worker threads; one per core by default.
    ///   - eventLoop: The event loop; ``EventLoop/default`` follows `UNDERSTUDY_EVENT_LOOP`.
    ///   - tls: Certificates to answer TLS with on the same port; nil for plain HTTP only.
    public init(threads: Int = MicroHTTPDOptions.coreCount, eventLoop: EventLoop = .default, tls: TLSServing? = nil) {
        self.threads = threads
        self.eventLoop = eventLoop
        self.tls = tls
    }

    /// libmicrohttpd's event loop, with the matching way of noticing that the client
    /// of a parked (suspended) connection has hung up.
    public enum EventLoop: String, Sendable, CaseIterable {
        /// epoll, hang-ups seen by POLLRDHUP: Linux only, the fastest there.
        case epoll
        /// poll(2), hang-ups seen by peeking at a readable socket: every system, the
        /// only one on macOS (what libmicrohttpd's MHD_USE_AUTO picks without epoll).
        case poll

        /// `UNDERSTUDY_EVENT_LOOP` (`epoll` or `poll`) when set, so a whole test run can
        /// take the path another system takes; otherwise epoll where there is epoll.
        /// `epoll` asked for where there is none means `poll`.
        public static var `default`: EventLoop {
            let asked = getenv("UNDERSTUDY_EVENT_LOOP").flatMap { EventLoop(rawValue: String(cString: $0)) }
            return Platform.hasEpoll ? asked ?? .epoll : .poll
        }
    }

    /// The number of online cores, at least 1.
    public static var coreCount: Int { Platform.onlineCores }
}

extension HTTPTransport {
    /// HTTP/1.1 over libmicrohttpd (``HTTPServer``) with the default options: a worker thread per
    /// core, epoll (poll on Darwin, or when `UNDERSTUDY_EVENT_LOOP=poll` says so).
    public static var libmicrohttpd: HTTPTransport { over(MicroHTTPDOptions()) }

    /// HTTP/1.1 over libmicrohttpd (``HTTPServer``): worker threads with epoll (poll on Darwin),
    /// delays parked without a thread, strict request checks in C.
    /// - Parameters:
    ///   - threads: Worker threads; one per core by default.
    ///   - eventLoop: The event loop; ``MicroHTTPDOptions/EventLoop/default`` follows `UNDERSTUDY_EVENT_LOOP`.
    ///   - tls: Certificates to answer `https://` with on the same port (the admin-only listener stays plain).
    public static func libmicrohttpd(
        threads: Int = MicroHTTPDOptions.coreCount, eventLoop: MicroHTTPDOptions.EventLoop = .default, tls: TLSServing? = nil
    ) -> HTTPTransport {
        over(MicroHTTPDOptions(threads: threads, eventLoop: eventLoop, tls: tls))
    }

    /// A listener that serves only the admin API gets one worker thread (``HTTPTransport/forAdminListener()``).
    private static func over(_ options: MicroHTTPDOptions) -> HTTPTransport {
        let adminOptions = MicroHTTPDOptions(threads: 1, eventLoop: options.eventLoop)
        return HTTPTransport(
            makeListener: { configuration, responder, log in
                HTTPServerLog.setSink(log)
                return HTTPServer(configuration: configuration, options: options, responder: responder)
            },
            makeAdminListener: { configuration, responder, log in
                HTTPServerLog.setSink(log)
                return HTTPServer(configuration: configuration, options: adminOptions, responder: responder)
            })
    }
}
