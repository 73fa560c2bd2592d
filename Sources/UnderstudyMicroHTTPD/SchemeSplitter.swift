import CMicroHTTPD
import CUnderstudyHTTPWire
import Dispatch

/// With `--tls`, one listening port answers both `http://` and `https://`: this loop accepts each
/// connection, peeks at its first byte (0x16 opens a TLS handshake record) and hands the socket to
/// the plain or the TLS daemon with `MHD_add_connection`. Neither daemon listens itself.
///
/// The listening socket defers accept until the client's first bytes arrive (TCP_DEFER_ACCEPT), so
/// the byte is nearly always there. A socket accepted without one waits in ``pending`` (bounded,
/// and dropped after the header timeout, as libmicrohttpd drops a silent connection) without
/// holding up the others.
final class SchemeSplitter: @unchecked Sendable {
    private struct Waiting {
        var fd: Int32
        var since: UInt64
        var address: sockaddr_storage
        var length: socklen_t
    }

    private let listening: Int32
    private let plain: OpaquePointer
    private let secure: OpaquePointer
    private let isDraining: @Sendable () -> Bool
    /// Each daemon's connection limit: a socket past it is refused here (see `route`).
    private let connectionLimit: Int
    private let waitLimit: UInt64
    private let wake: (read: Int32, write: Int32)
    private let finished = DispatchSemaphore(value: 0)
    /// Touched by the loop's thread only.
    private var pending: [Waiting] = []
    static let pendingLimit = 1024

    init(
        listening: Int32, plain: OpaquePointer, secure: OpaquePointer, waitSeconds: Int, connectionLimit: Int,
        isDraining: @escaping @Sendable () -> Bool
    ) {
        self.connectionLimit = connectionLimit
        self.listening = listening
        self.plain = plain
        self.secure = secure
        self.isDraining = isDraining
        waitLimit = UInt64(max(1, waitSeconds)) * 1_000_000_000
        var ends: [Int32] = [-1, -1]
        _ = pipe(&ends)
        for end in ends { _ = fcntl(end, F_SETFD, fcntl(end, F_GETFD) | FD_CLOEXEC) }
        wake = (ends[0], ends[1])
    }

    func start() {
        DispatchQueue(label: "understudy.tls.accept").async { [self] in
            run()
            finished.signal()
        }
    }

    /// Stops accepting and closes the listening socket and every socket not yet handed over.
    func stop() {
        var byte: UInt8 = 1
        _ = write(wake.write, &byte, 1)
        finished.wait()
        close(wake.read)
        close(wake.write)
        close(listening)
    }

    private func run() {
        while true {
            var polled = [pollfd(fd: listening, events: Int16(POLLIN), revents: 0), pollfd(fd: wake.read, events: Int16(POLLIN), revents: 0)]
            polled += pending.map { pollfd(fd: $0.fd, events: Int16(POLLIN), revents: 0) }
            // A second's timeout, so waiting sockets are dropped on time with nothing else happening.
            if poll(&polled, nfds_t(polled.count), 1000) < 0, errno != EINTR { break }
            if polled[1].revents != 0 { break }
            let now = DispatchTime.now().uptimeNanoseconds
            let waiting = pending
            pending = []
            for (index, socket) in waiting.enumerated() {
                if polled[index + 2].revents != 0 {
                    route(socket)
                } else if now - socket.since > waitLimit {
                    close(socket.fd)
                } else {
                    pending.append(socket)
                }
            }
            if polled[0].revents & Int16(POLLIN) != 0 { acceptAll(now: now) }
        }
        for socket in pending { close(socket.fd) }
        pending = []
    }

    private func acceptAll(now: UInt64) {
        while true {
            var socket = Waiting(fd: -1, since: now, address: sockaddr_storage(), length: socklen_t(MemoryLayout<sockaddr_storage>.size))
            socket.fd = withUnsafeMutablePointer(to: &socket.address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { accept(listening, $0, &socket.length) }
            }
            if socket.fd < 0 {
                if errno == EINTR { continue }
                // Out of descriptors: let the backlog wait rather than spin on a socket poll keeps reporting.
                if errno == EMFILE || errno == ENFILE { usleep(10_000) }
                return
            }
            _ = fcntl(socket.fd, F_SETFD, fcntl(socket.fd, F_GETFD) | FD_CLOEXEC)
            _ = fcntl(socket.fd, F_SETFL, fcntl(socket.fd, F_GETFL) | O_NONBLOCK)
            route(socket)
        }
    }

    /// Hands the socket over by its first byte; closes it when the client left; else keeps it waiting.
    private func route(_ socket: Waiting) {
        var first: UInt8 = 0
        let count = recv(socket.fd, &first, 1, Int32(MSG_PEEK) | Int32(MSG_DONTWAIT))
        if count < 0, errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR {
            if pending.count >= Self.pendingLimit { close(pending.removeFirst().fd) }
            pending.append(socket)
            return
        }
        guard count == 1, !isDraining() else {
            close(socket.fd)
            return
        }
        // A daemon at its limit is not handed more: libmicrohttpd 0.9.75 takes sockets added from another thread past
        // it and leaves some unserved (seen with 10,000 WebSockets opening at once). A plain one gets a 503 here.
        let daemon = first == 0x16 ? secure : plain
        if Int(cmhd_current_connections(daemon)) >= connectionLimit - 1 {
            if first != 0x16 { Self.fullReply.withUnsafeBytes { uhw_answer_and_shut_down(socket.fd, $0.baseAddress, $0.count) } }
            close(socket.fd)
            return
        }
        var address = socket.address
        // libmicrohttpd closes the socket itself when it cannot take it (its connection limit).
        _ = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                MHD_add_connection(daemon, socket.fd, $0, socket.length)
            }
        }
    }

    static let fullReply = HTTPServer.errorResponse(
        status: 503, detail: "The server holds as many connections as it takes; try again when one has closed.")
}
