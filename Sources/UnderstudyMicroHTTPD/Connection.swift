import Atomics
import CMicroHTTPD
import CUnderstudyHTTPWire
import Dispatch
import UnderstudyHTTP

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
            /// A chunked body's first size line has not all arrived: suspended, looked at again
            /// shortly (`HTTPServer+ChunkSize.swift`).
            case awaitingChunkSize
            /// The reply is chosen and the connection is suspended until its delay ends.
            case parked
            /// A response was queued, or the connection is being closed.
            case answered
        }

        var active = false
        /// Set once, when the connection came through the TLS daemon (`--tls`).
        var secure = false
        var startedAt: UInt64 = 0
        var phase = Phase.receiving
        var body: [UInt8] = []
        var bodyTooLarge = false
        var request: ServerRequest?
        var reply: Reply?
        var status: Int?
        /// The script of a WebSocket whose 101 is queued and whose socket the hub has not taken yet.
        var webSocket: WebSocketScript?
        /// The raw request target as the URI callback saw it (pointers into libmicrohttpd's
        /// read buffer, valid until the request completes): for the strict checks and the query.
        /// Allocated once per connection and passed to C as is: `&` on a stored property of a
        /// class costs a dynamic exclusivity check per use, on every request.
        let target: UnsafeMutablePointer<uhw_target> = {
            let target = UnsafeMutablePointer<uhw_target>.allocate(capacity: 1)
            target.initialize(to: uhw_target())
            return target
        }()
        /// For an absolute-form target (`GET http://host/path`): the authority, which stands in
        /// for the Host field, and where the path starts in the decoded URL.
        var absoluteAuthority: String?
        var pathOffset = 0
        /// For a chunked request: where the header section ends in libmicrohttpd's read buffer, so
        /// each chunk's size line can be read in front of its data (`uhw_check_chunk_size`); else nil.
        var chunkedSectionEnd: UnsafePointer<CChar>?
        /// How many bytes of the first chunk-size line libmicrohttpd had read with the headers, and how
        /// long the wait for the rest has been (nanoseconds).
        var chunkLineBuffered = 0
        /// Where the request starts in libmicrohttpd's read buffer (its method), to count again what it has read
        /// past the headers after each wait: on the poll event loop it reads a resumed connection's bytes before
        /// calling the handler, so they are in its buffer, not on the socket.
        var chunkRequestStart: UnsafePointer<CChar>?
        var chunkLineWaited: UInt64 = 0
        /// This request's number on the connection, from 1.
        private(set) var requestNumber = 0
        /// The one Host field's value as the strict checks found it (a valid host[:port]), in
        /// libmicrohttpd's memory for the request; empty when there is none.
        var host = UnsafeRawBufferPointer(start: nil, count: 0)
        /// The last request's Host as a string, kept for the next: a connection's requests name
        /// the same host, and comparing its bytes costs less than making the string again.
        /// Behind a pointer, like ``target``, for the same reason.
        private let lastHost: UnsafeMutablePointer<String> = {
            let host = UnsafeMutablePointer<String>.allocate(capacity: 1)
            host.initialize(to: "")
            return host
        }()

        deinit {
            target.deallocate()
            lastHost.deinitialize(count: 1)
            lastHost.deallocate()
        }

        func start(at now: UInt64) {
            requestNumber += 1
            active = true
            startedAt = now
            phase = .receiving
            bodyTooLarge = false
            absoluteAuthority = nil
            pathOffset = 0
            chunkedSectionEnd = nil
            chunkRequestStart = nil
            host = UnsafeRawBufferPointer(start: nil, count: 0)
        }

        /// ``host`` as a string, nil when there is none.
        func hostString() -> String? {
            guard let start = host.baseAddress else { return nil }
            let same =
                lastHost.pointee.utf8.count == host.count
                && lastHost.pointee.withUTF8 { kept in kept.baseAddress.map { memcmp($0, start, kept.count) == 0 } ?? kept.isEmpty }
            if !same { lastHost.pointee = String(decoding: host, as: UTF8.self) }
            return lastHost.pointee
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

    /// What the idle sweep reads, in one atomic word: the request path stamps it twice per
    /// request, where a lock cost more than the rest of the bookkeeping.
    struct Deadline {
        /// Whether a request has started on this connection yet.
        var served: Bool
        var inRequest: Bool
        /// When the connection started waiting for a request's headers; nil while one is being handled.
        var waitingSince: UInt64?

        private static let servedBit: UInt64 = 1 << 63
        private static let inRequestBit: UInt64 = 1 << 62
        private static let timeMask: UInt64 = (1 << 62) - 1

        /// Uptime in nanoseconds fits in 62 bits for 146 years; 0 stands for nil.
        var word: UInt64 {
            (served ? Self.servedBit : 0) | (inRequest ? Self.inRequestBit : 0) | (waitingSince.map { ($0 + 1) & Self.timeMask } ?? 0)
        }

        init(served: Bool, inRequest: Bool, waitingSince: UInt64?) {
            self.served = served
            self.inRequest = inRequest
            self.waitingSince = waitingSince
        }

        init(word: UInt64) {
            served = word & Self.servedBit != 0
            inRequest = word & Self.inRequestBit != 0
            let time = word & Self.timeMask
            waitingSince = time == 0 ? nil : time - 1
        }
    }

    let handle: OpaquePointer
    let socket: Int32
    let openedAt: UInt64
    let exchange = Exchange()
    /// Set once, on the connection's worker thread, when its socket went to the WebSocket hub.
    private var isUpgraded = false
    // swift-atomics, not Synchronization.Atomic: that one needs macOS 15, the package declares 14.
    private let deadlineWord: ManagedAtomic<UInt64>

    init(handle: OpaquePointer, now: UInt64) {
        self.handle = handle
        socket = cmhd_connection_fd(handle)
        openedAt = now
        deadlineWord = ManagedAtomic(Deadline(served: false, inRequest: false, waitingSince: now).word)
    }

    /// The connection object stored in `handle`'s socket context.
    static func of(_ handle: OpaquePointer) -> Connection? {
        cmhd_connection_socket_context(handle).map { Unmanaged<Connection>.fromOpaque($0).takeUnretainedValue() }
    }

    var deadline: Deadline { Deadline(word: deadlineWord.load(ordering: .acquiring)) }

    /// True once for a connection that has waited longer than `limit` nanoseconds for a
    /// request: it stops waiting then, so it is reported only once.
    func takeLateness(now: UInt64, limit: UInt64) -> Bool {
        let word = deadlineWord.load(ordering: .acquiring)
        var state = Deadline(word: word)
        guard let since = state.waitingSince, now > since, now - since > limit else { return false }
        state.waitingSince = nil
        // Lost to a request starting or ending meanwhile: then it is not late.
        return deadlineWord.compareExchange(expected: word, desired: state.word, ordering: .acquiringAndReleasing).exchanged
    }

    func requestStarted(at now: UInt64) {
        exchange.start(at: now)
        deadlineWord.store(Deadline(served: true, inRequest: true, waitingSince: nil).word, ordering: .releasing)
    }

    func requestEnded(at now: UInt64) {
        exchange.end()
        // An upgraded connection waits for no request: its socket is the WebSocket hub's, never swept.
        deadlineWord.store(Deadline(served: true, inRequest: false, waitingSince: isUpgraded ? nil : now).word, ordering: .releasing)
    }

    /// The connection became a WebSocket: the sweeps and the reclaiming of idle connections leave it alone.
    func upgraded() {
        isUpgraded = true
        deadlineWord.store(Deadline(served: true, inRequest: false, waitingSince: nil).word, ordering: .releasing)
    }
}
