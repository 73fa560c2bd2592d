import CMicroHTTPD
import Dispatch

/// One client connection, from libmicrohttpd's "started" notification to its
/// "closed" one, kept in the connection's socket context.
///
/// Requests on a connection arrive one at a time on its worker thread, so
/// ``exchange`` needs no lock. The deadline state is also read by the
/// once-a-second sweep and by a graceful stop, so it sits behind a lock of
/// its own: one connection never waits for another's.
final class Connection: @unchecked Sendable {
    /// The request being handled, from its first handler call to its completion.
    /// A class, reused for every request of the connection: the handler updates
    /// it in place instead of copying a struct in and out on every call.
    final class Exchange {
        enum Phase {
            /// Headers and body are arriving.
            case receiving
            /// The reply is chosen and the connection is suspended until its delay ends.
            case parked
            /// A response was queued, or the connection is being closed.
            case answered
        }

        var active = false
        var startedAt: UInt64 = 0
        var phase = Phase.receiving
        var body: [UInt8] = []
        var bodyTooLarge = false
        var request: ServerRequest?
        var reply: Reply?
        var status: Int?

        func start(at now: UInt64) {
            active = true
            startedAt = now
            phase = .receiving
            bodyTooLarge = false
        }

        func end() {
            active = false
            body = []
            request = nil
            reply = nil
            status = nil
        }

        func appendBody(_ bytes: UnsafeRawBufferPointer, limit: Int) {
            if bodyTooLarge { return }
            if body.count + bytes.count > limit {
                bodyTooLarge = true
                body = []
            } else {
                body.append(contentsOf: bytes)
            }
        }
    }

    struct Deadline {
        /// Whether a request has started on this connection yet.
        var served = false
        var inRequest = false
        /// When the connection started waiting for a request's headers; nil while one is being handled.
        var waitingSince: UInt64?
    }

    let handle: OpaquePointer
    let socket: Int32
    let openedAt: UInt64
    let exchange = Exchange()
    let deadline: Locked<Deadline>

    init(handle: OpaquePointer, now: UInt64) {
        self.handle = handle
        socket = cmhd_connection_fd(handle)
        openedAt = now
        deadline = Locked(Deadline(waitingSince: now))
    }

    /// The connection object stored in `handle`'s socket context.
    static func of(_ handle: OpaquePointer) -> Connection? {
        cmhd_connection_socket_context(handle).map { Unmanaged<Connection>.fromOpaque($0).takeUnretainedValue() }
    }

    func requestStarted(at now: UInt64) {
        exchange.start(at: now)
        deadline.withLock { state in
            state.served = true
            state.inRequest = true
            state.waitingSince = nil
        }
    }

    func requestEnded(at now: UInt64) {
        exchange.end()
        deadline.withLock { state in
            state.inRequest = false
            state.waitingSince = now
        }
    }
}
