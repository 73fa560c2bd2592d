/// What the server should do with a request: a response, or a network fault.
public struct Reply: Sendable {
    public enum Action: Sendable {
        /// Send the response.
        case respond(Response)
        /// Send the headers (with the full `Content-Length`) and half the body, then close.
        case truncate(Response)
        /// Send the body in `chunks` pieces spread evenly over `milliseconds`.
        case dribble(Response, milliseconds: Int, chunks: Int)
        /// Send the response's status and headers, then `body`'s pieces at their times (the
        /// response's own body is not sent): server-sent events. Boxed, so that every other reply stays as
        /// small as it was (a `Reply` is copied along the request path).
        indirect case stream(Response, StreamedBody)
        /// Answer the WebSocket handshake with `Response` (101 and its fields), then hand the socket to the
        /// transport, which carries out the script. Boxed, as `stream` is.
        indirect case webSocket(Response, WebSocketScript)
        /// Close the connection with a TCP reset and no response.
        case reset
        /// Never answer; the connection is closed when the server's maximum delay runs out.
        case hold
        /// Answer later: the connection is parked (no thread waits) until the
        /// work the ``DeferredReply`` started calls back with the real reply.
        case deferred(DeferredReply)
    }

    public var action: Action
    /// Time to wait before acting, without holding a thread; capped by the server.
    public var delayMilliseconds: Int
    /// A short label carried to the completion record (for example, the scenario used).
    public var tag: String
    /// What the request got wrong, carried to the completion record (request validation's problems); nil: nothing.
    public var problems: [String]?
    /// The GraphQL operations the request carried (a batch's in order), carried to the journal; nil: not GraphQL.
    public var graphQLOperations: [String]?

    public init(_ action: Action, delayMilliseconds: Int = 0, tag: String = "") {
        self.action = action
        self.delayMilliseconds = delayMilliseconds
        self.tag = tag
    }

    /// Whether the whole response goes out as soon as it is made (no delay, no fault, no parking): the
    /// exchange then completes within moments, which a journal read waits for (see ``CompletedExchange/answeredAtOnce``).
    public var answersAtOnce: Bool {
        guard delayMilliseconds <= 0, case .respond = action else { return false }
        return true
    }

    /// The status that goes on the wire, or nil when no response is sent.
    public var status: Int? {
        switch action {
        case .respond(let response), .truncate(let response), .dribble(let response, _, _), .stream(let response, _),
            .webSocket(let response, _):
            return response.statusCode
        case .reset, .hold, .deferred:
            return nil
        }
    }
}

/// A reply that is not known yet, for work that may take long (a reload of
/// the scenarios): a responder must not block a worker thread, so it returns
/// this and the server parks the connection until `finish` is called.
///
/// `start` runs once the connection is parked, on the worker thread; it must
/// hand the work to another thread and return. `finish` may then be called
/// from any thread, once; the reply it gives is carried out as any other (its
/// delay or hold waits parked too; it may not itself be deferred) and is what
/// the completion record tells (its tag, its problems). A connection that the
/// server drains (graceful stop) before `finish` is answered 503 instead, and
/// `finish` after that does nothing.
public final class DeferredReply: Sendable {
    public typealias Finish = @Sendable (Reply) -> Void

    package let start: @Sendable (@escaping Finish) -> Void
    private let outcome = Locked<Reply?>(nil)

    public init(_ start: @escaping @Sendable (_ finish: @escaping Finish) -> Void) {
        self.start = start
    }

    package func store(_ reply: Reply) { outcome.withLock { $0 = $0 ?? reply } }

    /// The reply given to `finish`, or nil when it has not come (yet).
    package var reply: Reply? { outcome.current }
}
