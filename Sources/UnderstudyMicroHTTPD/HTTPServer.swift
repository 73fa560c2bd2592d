import CMicroHTTPD
import CUnderstudyHTTPWire
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

    private var daemon: OpaquePointer?
    private var contextBox: Unmanaged<HTTPServer>?
    let parking: ParkingLot
    private let connections = ConnectionTable()

    public init(configuration: ServerConfiguration, options: MicroHTTPDOptions = MicroHTTPDOptions(), responder: any HTTPResponder) {
        self.configuration = configuration
        self.options = options
        self.responder = responder
        parking = ParkingLot(eventLoop: options.eventLoop)
    }

    deinit {
        if daemon != nil { stop() }
    }

    /// `http://host:port` of the bound socket, IPv6 hosts in brackets.
    public var baseURL: String {
        let host = configuration.host.contains(":") ? "[\(configuration.host)]" : configuration.host
        return "http://\(host):\(port)"
    }

    /// Binds and starts serving; throws with the real cause when the port is taken
    /// or the host cannot be bound.
    public func start() throws {
        precondition(daemon == nil, "HTTPServer.start() called twice")
        installProcessHooks()
        let socket = try ListeningSocket.open(host: configuration.host, port: configuration.port)
        let fileLimit = raiseOpenFileLimit(to: configuration.connectionLimit + 64)
        connectionLimit = max(1, min(configuration.connectionLimit, fileLimit - 64))

        // epoll on Linux; poll where there is no epoll (or when UNDERSTUDY_EVENT_LOOP=poll asks for it).
        var flags = MHD_USE_INTERNAL_POLLING_THREAD.rawValue | Platform.daemonFlag(for: options.eventLoop)
        flags |= MHD_ALLOW_SUSPEND_RESUME.rawValue | MHD_USE_ERROR_LOG.rawValue
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

        let started = items.withUnsafeBufferPointer {
            cmhd_start_daemon(flags, 0, mhdAcceptPolicy, box.toOpaque(), mhdAccessHandler, box.toOpaque(), $0.baseAddress)
        }
        guard let started else {
            box.release()
            close(socket.descriptor)
            throw ServerStartError.daemon(reason: "MHD_start_daemon failed (see the log above)")
        }
        daemon = started
        connections.startSweeping(after: configuration.connectionTimeoutSeconds)
        contextBox = box
        port = socket.port
    }

    /// Number of requests received and not yet completed.
    public var requestsInFlight: Int { connections.requestsInFlight }

    /// Number of connections currently suspended (delayed, held or dribbling).
    public var parkedConnections: Int { parking.count }

    /// Graceful stop: stop accepting, answer parked requests now, wait for
    /// in-flight requests (up to the drain timeout), then close everything.
    public func stop() {
        guard let daemon else { return }
        // Draining also makes the accept policy close new sockets at once. Not MHD_quiesce_daemon:
        // in 0.9.75 it races a busy worker thread of the pool over the listening socket's epoll
        // registration and aborts ("Failed to remove listen FD from epoll set", daemon.c:5531).
        parking.drain()
        let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(configuration.drainTimeoutSeconds * 1e9)
        while connections.isBusy(freshWindow: 1_000_000_000), DispatchTime.now().uptimeNanoseconds < deadline {
            usleep(2_000)
        }
        connections.stopSweeping()
        // Closes the listening socket too.
        MHD_stop_daemon(daemon)
        self.daemon = nil
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
        case .parked:
            if parking.takeAbandoned(UInt(bitPattern: handle)) {
                exchange.phase = .answered
                return .NO
            }
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
            CompletedExchange(
                request: request,
                status: exchange.status,
                tag: exchange.reply?.tag ?? "",
                durationNanoseconds: now > exchange.startedAt ? now - exchange.startedAt : 0,
                completed: termination == .REQUEST_TERMINATED_COMPLETED_OK
            )
        }
        connection.requestEnded(at: now)
        if let finished { responder.completed(finished) }
    }

    func park(connection: UInt, forNanoseconds nanoseconds: UInt64) -> Bool {
        parking.park(connection, forNanoseconds: nanoseconds)
    }

    var isDraining: Bool { parking.isDraining }

    func connectionOpened(_ handle: OpaquePointer) -> Connection {
        let connection = connections.opened(handle)
        // The listening socket defers accept until the client's first bytes arrive
        // (TCP_DEFER_ACCEPT), and libmicrohttpd has not read them yet: a TLS ClientHello or
        // binary junk gets its 400 now. Left to libmicrohttpd, bytes without a newline waited for
        // the timeout and a first line without a space was closed without a word.
        if connection.socket >= 0, uhw_peek_is_garbage(connection.socket) != 0 {
            Self.garbageReply.withUnsafeBytes { uhw_answer_and_shut_down(connection.socket, $0.baseAddress, $0.count) }
        }
        return connection
    }

    private static let garbageReply: [UInt8] = {
        let body = ErrorBody.bytes(
            error: "bad request", detail: "This is not an HTTP/1.x request (TLS or binary data?). This server speaks plain HTTP.")
        return Array(
            "HTTP/1.1 400 Bad Request\r\nContent-Type: application/json\r\nContent-Length: \(body.count)\r\nConnection: close\r\n\r\n".utf8)
            + body
    }()

    func connectionClosed(_ connection: Connection) { connections.closed(connection) }

    // MARK: - Private

    /// RFC 9110/9112's MUSTs that libmicrohttpd 0.9.75 lets through (a method or field name that
    /// is not a token, NUL or bare CR in the target or a value, a missing, repeated or malformed
    /// Host, Content-Length with Transfer-Encoding, unknown codings, an announced body over the
    /// limit), answered before the responder runs. Queued in the first handler call on purpose:
    /// libmicrohttpd then closes the connection after the answer, without reading a body.
    private func checkStrictly(
        connection: OpaquePointer, url: UnsafePointer<CChar>, method: UnsafePointer<CChar>, version: UnsafePointer<CChar>?,
        exchange: Connection.Exchange
    ) -> MHD_Result {
        // MHD is done with the request line: put back the query byte blanked for it.
        uhw_restore_query(exchange.target)
        var check = uhw_check()
        check.body_limit = UInt64(max(0, configuration.maxRequestBodyBytes))
        uhw_check_request(connection, method, url, version, exchange.target, &check)
        guard check.verdict == UHW_OK.rawValue else {
            let reason = check.reason.map { String(cString: $0) } ?? "The request is malformed."
            return reject(connection: connection, status: Int(check.verdict), detail: reason, exchange: exchange)
        }
        if check.encodings > 0 { exchange.chunkedSectionEnd = check.section_end }
        if check.hosts == 1, let host = check.host {
            exchange.host = UnsafeRawBufferPointer(start: host, count: check.host_length)
        }
        if let authority = check.authority {
            exchange.absoluteAuthority = String(
                decoding: UnsafeRawBufferPointer(start: authority, count: check.authority_length), as: UTF8.self
            )
            exchange.pathOffset = check.path_offset
        }
        return .YES
    }

    /// libmicrohttpd 0.9.75 takes a chunk size of up to 16 hex digits and waits for that much body:
    /// `ffffffffffffffff` held the connection until it timed out. A size no body can have gets a 400,
    /// one over the body limit a 413, both at once. A response cannot be queued while body data is
    /// arriving, so the answer goes onto the socket directly (as for a connection that does not speak
    /// HTTP) and `false` tells the caller to have libmicrohttpd close the connection.
    private func checkChunkSize(
        _ sectionEnd: UnsafePointer<CChar>, _ data: UnsafeRawBufferPointer, _ connection: OpaquePointer, _ exchange: Connection.Exchange
    ) -> Bool {
        guard let start = data.baseAddress?.assumingMemoryBound(to: CChar.self) else { return true }
        var reason: UnsafePointer<CChar>?
        let verdict = uhw_check_chunk_size(sectionEnd, start, UInt64(max(0, configuration.maxRequestBodyBytes)), &reason)
        guard verdict != UHW_OK.rawValue else { return true }
        let status = Int(verdict)
        let detail = reason.map { String(cString: $0) } ?? "The chunk size is not acceptable."
        exchange.phase = .answered
        exchange.status = status
        HTTPServerLog.handler.current?("rejected with \(status): \(detail)")
        let fd = cmhd_connection_fd(connection)
        if fd >= 0 {
            let reply = Self.errorResponse(status: status, detail: detail)
            reply.withUnsafeBytes { uhw_answer_and_shut_down(fd, $0.baseAddress, $0.count) }
        }
        return false
    }

    /// A whole HTTP/1.1 error response with a JSON body and `Connection: close`, for writing to a socket.
    private static func errorResponse(status: Int, detail: String) -> [UInt8] {
        let body = errorBody(status: status, detail: detail)
        let reason = status == 413 ? "Content Too Large" : "Bad Request"
        return Array(
            "HTTP/1.1 \(status) \(reason)\r\nContent-Type: application/json\r\nContent-Length: \(body.count)\r\nConnection: close\r\n\r\n".utf8)
            + body
    }

    /// The error body of a request answered before the responder runs, titled by its status.
    private static func errorBody(status: Int, detail: String) -> [UInt8] {
        let title =
            switch status {
            case 413: "request body too large"
            case 501: "not implemented"
            default: "bad request"
            }
        return ErrorBody.bytes(error: title, detail: detail)
    }

    /// Answers `status` with a JSON error body and `Connection: close`; the responder never sees the request.
    private func reject(connection: OpaquePointer, status: Int, detail: String, exchange: Connection.Exchange) -> MHD_Result {
        exchange.phase = .answered
        exchange.status = status
        HTTPServerLog.handler.current?("rejected with \(status): \(detail)")
        let body = Self.errorBody(status: status, detail: detail)
        return body.withUnsafeBytes { bytes in
            guard
                let response = MHD_create_response_from_buffer(
                    bytes.count, UnsafeMutableRawPointer(mutating: bytes.baseAddress), .RESPMEM_MUST_COPY
                )
            else { return .NO }
            defer { MHD_destroy_response(response) }
            MHD_add_response_header(response, "Content-Type", "application/json")
            MHD_add_response_header(response, "Connection", "close")
            return MHD_queue_response(connection, UInt32(status), response)
        }
    }

    static func tooLargeReply(limit: Int) -> Reply {
        Reply(
            .respond(
                ErrorBody.response(
                    .contentTooLarge, error: "request body too large", detail: "The request body exceeds the limit of \(limit) bytes.")))
    }
}
