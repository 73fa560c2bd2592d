import Dispatch

/// Per-request state, stored in libmicrohttpd's `*req_cls` from the first
/// handler call until the completion callback. All calls for one connection
/// run on that connection's worker thread, so it needs no lock.
final class RequestContext {
    enum Phase {
        /// Headers and body are arriving.
        case receiving
        /// The reply is chosen and the connection is suspended until its delay ends.
        case parked
        /// A response was queued, or the connection is being closed.
        case answered
    }

    let startedAt = DispatchTime.now().uptimeNanoseconds
    var phase = Phase.receiving
    var body: [UInt8] = []
    var bodyTooLarge = false
    var request: ServerRequest?
    var reply: Reply?
    var status: Int?

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
