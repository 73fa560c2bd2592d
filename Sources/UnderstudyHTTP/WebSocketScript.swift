/// What an open WebSocket does, decided by a responder when it answers the handshake and carried out by the
/// transport, which owns the socket, its frames and its timers: the messages sent on opening, the answer to each
/// message the client sends, and how the socket ends. The responder never sees the socket; the transport never
/// sees a scenario.
public struct WebSocketScript: Sendable {
    /// A message to send, `delayMilliseconds` after what caused it (the opening, or the client's message).
    public struct Send: Sendable, Equatable {
        public var message: WebSocketMessage
        public var delayMilliseconds: Int

        public init(_ message: WebSocketMessage, delayMilliseconds: Int = 0) {
            self.message = message
            self.delayMilliseconds = delayMilliseconds
        }
    }

    /// How the server ends the socket.
    public enum Ending: Sendable, Equatable {
        /// A close frame with this code and reason, then the closing handshake.
        case close(WebSocketCloseCode, reason: String)
        /// A TCP reset, with no close frame.
        case reset
        /// Half a frame, then the TCP stream ends (a FIN): a frame cut in the middle.
        case cut
    }

    /// Which way a message went, for the journal.
    public enum Direction: Sendable, Equatable {
        case fromClient
        case fromServer
    }

    public var onOpen: [Send]
    /// The messages that answer one from the client (empty: none).
    public var answer: @Sendable (WebSocketMessage) -> [Send]
    /// An ending at a time after the opening (`close: {after:}`); nil: the socket stays open.
    public var endAfterMilliseconds: (milliseconds: Int, ending: Ending)?
    /// An ending once the server has sent this many messages (a fault's `fault_after:`); nil: none.
    public var endAfterMessages: (count: Int, ending: Ending)?
    /// A message over this many bytes (its frames joined) is answered with close code 1009.
    public var maxMessageBytes: Int
    /// Called with every message either way, on the transport's thread: it must not block.
    public var observe: @Sendable (WebSocketMessage, Direction) -> Void

    public init(
        onOpen: [Send] = [], answer: @escaping @Sendable (WebSocketMessage) -> [Send] = { _ in [] },
        endAfterMilliseconds: (milliseconds: Int, ending: Ending)? = nil, endAfterMessages: (count: Int, ending: Ending)? = nil,
        maxMessageBytes: Int = 1 << 20, observe: @escaping @Sendable (WebSocketMessage, Direction) -> Void = { _, _ in }
    ) {
        self.onOpen = onOpen
        self.answer = answer
        self.endAfterMilliseconds = endAfterMilliseconds
        self.endAfterMessages = endAfterMessages
        self.maxMessageBytes = maxMessageBytes
        self.observe = observe
    }
}
