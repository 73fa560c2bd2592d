import UnderstudyDocuments
package import UnderstudyHTTP

/// A route's `websocket:`: the frames sent on opening, the replies to each message (the first rule whose
/// `match:` holds, matchers as `request_body:`'s), and an optional close after a time. Made into the transport's
/// ``WebSocketScript`` for each socket, with the scenario's fault.
package struct WebSocketBehavior: Sendable {
    /// One message the server sends.
    package struct Frame: Sendable {
        package enum Content: Sendable {
            case text(String)
            case binary([UInt8])
            /// The client's message, sent back as it came (text as text, binary as binary).
            case echo
        }
        package var content: Content
        package var delay: Int

        package init(_ content: Content, delay: Int = 0) {
            self.content = content
            self.delay = delay
        }

        func message(answering received: WebSocketMessage?) -> WebSocketMessage? {
            switch content {
            case .text(let text): .text(text)
            case .binary(let bytes): .binary(bytes)
            case .echo: received
            }
        }

        var cost: Int {
            switch content {
            case .text(let text): text.utf8.count + 16
            case .binary(let bytes): bytes.count + 16
            case .echo: 16
            }
        }
    }

    package struct Rule: Sendable {
        /// Nil: every message.
        package var match: BodyPattern?
        package var reply: [Frame]

        package init(match: BodyPattern?, reply: [Frame]) {
            self.match = match
            self.reply = reply
        }
    }

    /// A close frame `after` milliseconds from the opening, or once the server has sent `afterMessages` messages.
    package struct Close: Sendable {
        package var after: Int?
        package var afterMessages: Int?
        package var code: WebSocketCloseCode
        package var reason: String

        package init(after: Int?, afterMessages: Int? = nil, code: WebSocketCloseCode, reason: String) {
            self.after = after
            self.afterMessages = afterMessages
            self.code = code
            self.reason = reason
        }
    }

    package var onOpen: [Frame]
    package var onMessage: [Rule]
    package var close: Close?

    package init(onOpen: [Frame] = [], onMessage: [Rule] = [], close: Close? = nil) {
        self.onOpen = onOpen
        self.onMessage = onMessage
        self.close = close
    }

    /// The bounds on one route's script (a scenario file or a session can write one): frames in all, and bytes.
    package static let maxFrames = 10_000
    package static let maxBytes = 4 << 20
    /// A message over this many bytes is closed with 1009.
    package static let maxMessageBytes = 1 << 20

    /// Bytes the behaviour keeps, for a session's bound.
    package var cost: Int {
        (onOpen + onMessage.flatMap(\.reply)).reduce(0) { $0 + $1.cost } + onMessage.reduce(0) { $0 + ($1.match?.cost ?? 0) }
            + (close?.reason.utf8.count ?? 0)
    }

    /// What one socket does under `fault` (after `faultAfter` messages from the server), each message both ways
    /// handed to `observe` (the journal).
    package func script(
        fault: Fault, faultAfter: Int, maxDelay: Int, observe: @escaping @Sendable (WebSocketMessage, WebSocketScript.Direction) -> Void
    ) -> WebSocketScript {
        let rules = onMessage
        @Sendable func sends(_ frames: [Frame], answering received: WebSocketMessage?) -> [WebSocketScript.Send] {
            frames.compactMap { frame in
                frame.message(answering: received).map { WebSocketScript.Send($0, delayMilliseconds: min(frame.delay, maxDelay)) }
            }
        }
        var script = WebSocketScript(
            onOpen: sends(onOpen, answering: nil),
            answer: { message in
                let body = message.bytes
                guard let rule = rules.first(where: { $0.match?.matches(body) ?? true }) else { return [] }
                return sends(rule.reply, answering: message)
            },
            maxMessageBytes: Self.maxMessageBytes, observe: observe)
        if let close, let after = close.after { script.endAfterMilliseconds = (min(after, maxDelay), .close(close.code, reason: close.reason)) }
        if let close, let count = close.afterMessages { script.endAfterMessages = (count, .close(close.code, reason: close.reason)) }
        // The faults that mean something once the socket is open; the others are answered before the 101.
        let ending: WebSocketScript.Ending? =
            switch fault {
            case .connectionReset: .reset
            case .truncatedBody: .cut
            case .malformedJSON, .slowBody, .none, .timeout, .graphQLErrors, .partialData: nil
            }
        if let ending { script.endAfterMessages = (faultAfter, ending) }
        if ending != nil, faultAfter == 0 { script.onOpen = [] }
        return script
    }
}
