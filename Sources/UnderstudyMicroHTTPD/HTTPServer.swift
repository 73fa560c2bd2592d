import CMicroHTTPD
import CUnderstudyHTTPWire
import CUnderstudyTLS
import Dispatch
import HTTPTypes
public import UnderstudyHTTP

/// An HTTP/1.1 server on libmicrohttpd: a pool of epoll worker threads, each
/// request handed to an ``HTTPResponder`` as a ``ServerRequest``.
///
/// Delays and holds suspend the connection and resume it from a timer, so a
/// thousand delayed requests cost no threads. ``stop()`` drains gracefully:
/// stop accepting, answer every parked request at once, let in-flight
/// requests finish, close.
public final class HTTPServer: @unchecked Sendable {
    public let configuration: ServerConfiguration
    /// libmicrohttpd's own settings: worker threads, event loop.
    public let options: MicroHTTPDOptions
    let responder: any HTTPResponder

    /// The port actually bound (differs from the configuration's when it was 0).
    public private(set) var port: Int = 0
    /// The connection limit in force (lowered when the open-file limit could not be raised).
    public private(set) var connectionLimit: Int = 0

    /// The daemon for plain HTTP (the only one without `--tls`).
    var daemon: OpaquePointer?
    /// With `--tls`: the daemon for TLS connections, and the loop that hands each accepted socket
    /// to one or the other (see `HTTPServer+TLS.swift`).
    var tlsDaemon: OpaquePointer?
    var splitter: SchemeSplitter?
    private var contextBox: Unmanaged<HTTPServer>?
    let parking: ParkingLot
    private let connections = ConnectionTable()
    /// The upgraded WebSockets and their thread (see ``WebSocketHub``).
    let webSockets: WebSocketHub

    public init(configuration: ServerConfiguration, options: MicroHTTPDOptions = MicroHTTPDOptions(), responder: any HTTPResponder) {
        self.configuration = configuration
        self.options = options
        self.responder = responder
        parking = ParkingLot(eventLoop: options.eventLoop)
        // Three quarters of the connections at most: sockets held open never starve the HTTP requests.
        webSockets = WebSocketHub(
            maxSockets: max(1, configuration.connectionLimit * 3 / 4), maxBufferedBytes: WebSocketHub.perSocketBufferBound,
            totalBufferedBytes: WebSocketHub.totalBufferBound)
    }

    deinit {
        if daemon != nil { stop() }
    }

    /// `http://host:port` of the bound socket, IPv6 hosts in brackets.
    public var baseURL: String {
        let host = configuration.host.contains(":") ? "[\(configuration.host)]" : configuration.host
        return "http://\(host):\(port)"
    }

    /// `https://host:port` when the server also speaks TLS on its port (`--tls`), else nil.
    public var secureBaseURL: String? {
        options.tls == nil ? nil : "https" + baseURL.dropFirst("http".count)
    }

    /// Binds and starts serving; throws with the real cause when the port is taken
    /// or the host cannot be bound.
    public func start() throws {
        precondition(daemon == nil, "HTTPServer.start() called twice")
        installProcessHooks()
        let socket = try ListeningSocket.open(host: configuration.host, port: configuration.port)
        // With --tls each daemon has the connection limit, and the splitter holds sockets not yet handed over.
        let descriptors = options.tls == nil ? configuration.connectionLimit : 2 * configuration.connectionLimit + SchemeSplitter.pendingLimit
        let fileLimit = raiseOpenFileLimit(to: descriptors + 64)
        let perDaemon = options.tls == nil ? fileLimit - 64 : (fileLimit - 64 - SchemeSplitter.pendingLimit) / 2
        connectionLimit = max(1, min(configuration.connectionLimit, perDaemon))

        // epoll on Linux; poll where there is no epoll (or when UNDERSTUDY_EVENT_LOOP=poll asks for it).
        var flags = MHD_USE_INTERNAL_POLLING_THREAD.rawValue | Platform.daemonFlag(for: options.eventLoop)
        flags |= MHD_ALLOW_SUSPEND_RESUME.rawValue | MHD_USE_ERROR_LOG.rawValue | MHD_ALLOW_UPGRADE.rawValue
        // TURBO also skips the shutdown(SHUT_WR) before close, so a linger-0 close is a real RST.
        flags |= MHD_USE_TURBO.rawValue
        if socket.isIPv6 { flags |= MHD_USE_IPv6.rawValue }

        if configuration.reclaimsIdleConnections { connections.reclaimIdleConnections(limit: connectionLimit) }
        let box = Unmanaged.passRetained(self)
        var items: [MHD_OptionItem] = [
            MHD_OptionItem(option: .LISTEN_SOCKET, value: Int(socket.descriptor), ptr_value: nil),
            MHD_OptionItem(option: .CONNECTION_LIMIT, value: connectionLimit, ptr_value: nil),
            MHD_OptionItem(option: .CONNECTION_TIMEOUT, value: configuration.connectionTimeoutSeconds, ptr_value: nil),
            // Each connection's memory pool (request line, headers, buffers). 16 KiB instead of the default 32:
            // 2,000 parked delays touch half the memory, and resetting the pool between requests costs half.
            // Headers up to about 12 KB still fit; larger ones get a 431.
            MHD_OptionItem(option: .CONNECTION_MEMORY_LIMIT, value: 16 * 1024, ptr_value: nil),
            cmhd_option_notify_completed(mhdRequestCompleted, box.toOpaque()),
            cmhd_option_notify_connection(mhdConnectionChanged, box.toOpaque()),
            cmhd_option_external_logger(mhdLog),
            cmhd_option_unescape(uhw_unescape_keeping_nul),
            // Not MHD_OPTION_STRICT_FOR_CLIENT: in 0.9.75 level 1 adds only the Host and
            // space-in-target checks, and closes on a space without answering. `checkStrictly` does both.
            cmhd_option_uri_log(mhdURIReceived),
        ]
        if options.threads > 1 {
            items.append(MHD_OptionItem(option: .THREAD_POOL_SIZE, value: options.threads, ptr_value: nil))
        }
        items.append(MHD_OptionItem(option: .END, value: 0, ptr_value: nil))

        if let tls = options.tls {
            do {
                // Both daemons take the same options but the listening socket, which the splitter owns.
                try startSplit(socket: socket, flags: flags, items: Array(items.dropFirst()), context: box.toOpaque(), tls: tls)
            } catch {
                box.release()
                close(socket.descriptor)
                throw error
            }
        } else {
            let started = items.withUnsafeBufferPointer {
                cmhd_start_daemon(flags, 0, mhdAcceptPolicy, box.toOpaque(), mhdAccessHandler, box.toOpaque(), $0.baseAddress)
            }
            guard let started else {
                box.release()
                close(socket.descriptor)
                throw ServerStartError.daemon(reason: "MHD_start_daemon failed (see the log above)")
            }
            daemon = started
        }
        connections.startSweeping(after: configuration.connectionTimeoutSeconds)
        contextBox = box
        port = socket.port
    }

    /// Number of requests received and not yet completed.
    public var requestsInFlight: Int { connections.requestsInFlight }

    /// Number of connections currently suspended (delayed, held or dribbling).
    public var parkedConnections: Int { parking.count }
    public var openStreams: Int { streams.current }
    /// WebSockets open now (a 101 on its way included).
    public var openWebSockets: Int { webSockets.openSockets }
    /// Streams open now: counted by each paced ``BodyStream`` from its making to its release.
    let streams = Locked(0)

    /// Graceful stop: stop accepting, answer parked requests now, wait for
    /// in-flight requests (up to the drain timeout), then close everything.
    public func stop() {
        guard let daemon else { return }
        // Draining also makes the accept policy close new sockets at once. Not MHD_quiesce_daemon:
        // in 0.9.75 it races a busy worker thread of the pool over the listening socket's epoll
        // registration and aborts ("Failed to remove listen FD from epoll set", daemon.c:5531).
        // With --tls, accepting stops first: the splitter closes the listening socket.
        splitter?.stop()
        splitter = nil
        parking.drain()
        // Every WebSocket gets its close frame (1001) and is given back before libmicrohttpd stops.
        webSockets.stop()
        let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(configuration.drainTimeoutSeconds * 1e9)
        while connections.isBusy(freshWindow: 1_000_000_000), DispatchTime.now().uptimeNanoseconds < deadline {
            usleep(2_000)
        }
        connections.stopSweeping()
        // Closes the listening socket too.
        MHD_stop_daemon(daemon)
        self.daemon = nil
        if let tlsDaemon {
            MHD_stop_daemon(tlsDaemon)
            ust_sni_forget(UInt32(port))  // the port's certificates, which a later server on it must not get
        }
        tlsDaemon = nil
        contextBox?.release()
        contextBox = nil
    }

    // MARK: - Called from the C callbacks

    func handle(
        connection handle: OpaquePointer, url: UnsafePointer<CChar>, method: UnsafePointer<CChar>, version: UnsafePointer<CChar>?,
        upload: UnsafeRawBufferPointer?, uploadSize: UnsafeMutablePointer<Int>,
        slot: UnsafeMutablePointer<UnsafeMutableRawPointer?>
    ) -> MHD_Result {
        guard let raw = slot.pointee else {
            // First call: headers only. Queueing here would disable keep-alive
            // in 0.9.75, so only mark the request as started.
            guard let connection = Connection.of(handle) else { return .NO }
            connection.requestStarted(at: DispatchTime.now().uptimeNanoseconds)
            slot.pointee = Unmanaged.passRetained(connection).toOpaque()
            return checkStrictly(connection: handle, url: url, method: method, version: version, exchange: connection.exchange)
        }
        let connection = Unmanaged<Connection>.fromOpaque(raw).takeUnretainedValue()
        let exchange = connection.exchange
        guard exchange.active else { return .NO }
        if uploadSize.pointee > 0 {
            if let upload {
                if let sectionEnd = exchange.chunkedSectionEnd, !checkChunkSize(sectionEnd, upload, handle, exchange) { return .NO }
                exchange.appendBody(upload, limit: configuration.maxRequestBodyBytes)
            }
            uploadSize.pointee = 0
            return .YES
        }
        switch exchange.phase {
        case .receiving:
            let request = makeRequest(handle, url: url, method: method, version: version, body: exchange.body, exchange: exchange)
            exchange.body = []
            exchange.request = request
            let reply = exchange.bodyTooLarge ? Self.tooLargeReply(limit: configuration.maxRequestBodyBytes) : responder.reply(to: request)
            exchange.reply = reply
            if case .deferred(let deferred) = reply.action {
                return parkUntilFinished(deferred, connection: handle, exchange: exchange)
            }
            let delay = parkingDelay(for: reply)
            if delay > 0, park(connection: UInt(bitPattern: handle), forNanoseconds: UInt64(delay) * 1_000_000) {
                exchange.phase = .parked
                return .YES
            }
            return act(on: reply, connection: handle, exchange: exchange)
        case .awaitingChunkSize:
            if parking.takeAbandoned(UInt(bitPattern: handle)) {
                exchange.phase = .answered
                return .NO
            }
            return lookAtFirstChunkSize(handle, exchange: exchange)
        case .parked:
            if parking.takeAbandoned(UInt(bitPattern: handle)) {
                exchange.phase = .answered
                return .NO
            }
            if parkForDeferredDelay(connection: handle, exchange: exchange) { return .YES }
            return act(on: exchange.reply!, connection: handle, exchange: exchange)
        case .answered:
            return .YES
        }
    }

    func completed(slot: UnsafeMutablePointer<UnsafeMutableRawPointer?>, termination: MHD_RequestTerminationCode) {
        guard let raw = slot.pointee else { return }
        slot.pointee = nil
        let connection = Unmanaged<Connection>.fromOpaque(raw).takeRetainedValue()
        let exchange = connection.exchange
        let now = DispatchTime.now().uptimeNanoseconds
        let finished = exchange.request.map { request in
            // What answered: for a deferred reply, the reply its work finished with (its scenario, its problems).
            var answer = exchange.reply
            if case .deferred(let deferred) = answer?.action, let finished = deferred.reply { answer = finished }
            return CompletedExchange(
                request: request,
                status: exchange.status,
                tag: answer?.tag ?? "",
                durationNanoseconds: now > exchange.startedAt ? now - exchange.startedAt : 0,
                completed: termination == .REQUEST_TERMINATED_COMPLETED_OK,
                answeredAtOnce: exchange.reply?.answersAtOnce ?? false,
                problems: answer?.problems,
                graphQLOperations: answer?.graphQLOperations
            )
        }
        abandonUpgrade(exchange)
        connection.requestEnded(at: now)
        if let finished { responder.completed(finished) }
    }

    func park(connection: UInt, forNanoseconds nanoseconds: UInt64) -> Bool {
        parking.park(connection, forNanoseconds: nanoseconds)
    }

    var isDraining: Bool { parking.isDraining }

    func connectionOpened(_ handle: OpaquePointer) -> Connection {
        let connection = connections.opened(handle)
        // A TLS connection's first bytes are its ClientHello, read by GnuTLS: nothing to sniff.
        if tlsDaemon != nil, ust_connection_is_tls(handle) != 0 {
            connection.exchange.secure = true
            return connection
        }
        // The listening socket defers accept until the client's first bytes arrive
        // (TCP_DEFER_ACCEPT), and libmicrohttpd has not read them yet: a TLS ClientHello or
        // binary junk gets its 400 now. Left to libmicrohttpd, bytes without a newline waited for
        // the timeout and a first line without a space was closed without a word.
        if connection.socket >= 0, uhw_peek_is_garbage(connection.socket) != 0 {
            Self.garbageReply.withUnsafeBytes { uhw_answer_and_shut_down(connection.socket, $0.baseAddress, $0.count) }
        }
        return connection
    }

    func connectionClosed(_ connection: Connection) { connections.closed(connection) }
}
