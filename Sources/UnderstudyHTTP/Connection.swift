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
    struct Exchange {
        enum Phase {
            /// Headers and body are arriving.
            case receiving
            /// The reply is chosen and the connection is suspended until its delay ends.
            case parked
            /// A response was queued, or the connection is being closed.
            case answered
        }

        var startedAt: UInt64
        var phase = Phase.receiving
        var body: [UInt8] = []
        var bodyTooLarge = false
        var request: ServerRequest?
        var reply: Reply?
        var status: Int?

        mutating func appendBody(_ bytes: UnsafeRawBufferPointer, limit: Int) {
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
    var exchange: Exchange?
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
        exchange = Exchange(startedAt: now)
        deadline.withLock { state in
            state.served = true
            state.inRequest = true
            state.waitingSince = nil
        }
    }

    func requestEnded(at now: UInt64) {
        exchange = nil
        deadline.withLock { state in
            state.inRequest = false
            state.waitingSince = now
        }
    }
}
