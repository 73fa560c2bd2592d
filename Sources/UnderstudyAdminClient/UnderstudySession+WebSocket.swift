public import Foundation

/// A WebSocket a test stages for its session: a socket that closes with 1011 after the second message is one call.
///
/// ```swift
/// try await session.respond(
///     toWebSocket: "/myapi/live",
///     with: .init(
///         onOpen: [.json(["type": "welcome"])],
///         onMessage: [.when(.json(contains: ["type": "order"]), reply: [.json(["type": "accepted"])]), .otherwise([.echo()])],
///         close: .init(afterMessages: 2, code: 1011, reason: "upstream failed")))
/// ```
extension UnderstudySession {
    /// What the server does on the socket: messages on opening, replies by what the app sent, a close.
    public struct WebSocket: Sendable, Equatable {
        public var onOpen: [Message]
        public var onMessage: [Reply]
        public var close: Close?

        public init(onOpen: [Message] = [], onMessage: [Reply] = [], close: Close? = nil) {
            self.onOpen = onOpen
            self.onMessage = onMessage
            self.close = close
        }

        /// One message the server sends, `delay` after what caused it.
        public struct Message: Sendable, Equatable {
            var wire: UnderstudyWire.WebSocketDefinition.Frame
            var problem: String?

            /// A text message holding `value` encoded by `encoder`, compactly.
            public static func json(_ value: some Encodable, delay: Duration? = nil, encoder: JSONEncoder = JSONEncoder()) -> Message {
                var made = Message(wire: .init(delay: delay.map { Int($0.wholeMilliseconds) }))
                do {
                    made.wire.json = try JSONDecoder().decode(UnderstudyWire.JSONFragment.self, from: encoder.encode(value))
                } catch {
                    made.problem = "the message did not encode: \(error)"
                }
                return made
            }

            public static func text(_ text: String, delay: Duration? = nil) -> Message {
                Message(wire: .init(text: text, delay: delay.map { Int($0.wholeMilliseconds) }))
            }

            public static func binary(_ data: Data, delay: Duration? = nil) -> Message {
                Message(wire: .init(binary: data.base64EncodedString(), delay: delay.map { Int($0.wholeMilliseconds) }))
            }

            /// The app's message sent back as it came; only in a reply.
            public static func echo(delay: Duration? = nil) -> Message {
                Message(wire: .init(echo: true, delay: delay.map { Int($0.wholeMilliseconds) }))
            }
        }

        /// The messages that answer one the app sent; the first reply whose matcher holds answers.
        public struct Reply: Sendable, Equatable {
            var match: BodyMatcher?
            var messages: [Message]

            /// Answers a message `matcher` holds for (`.json(contains:)`, `.equals`, `.matches`, as `request_body`).
            public static func when(_ matcher: BodyMatcher, reply messages: [Message]) -> Reply { Reply(match: matcher, messages: messages) }
            /// Answers any message.
            public static func otherwise(_ messages: [Message]) -> Reply { Reply(match: nil, messages: messages) }
        }

        /// A close frame `after` the opening, or once the server has sent `afterMessages` messages, with `code`
        /// (1000, 1001, 1011, 4000-4999…) and `reason`.
        public struct Close: Sendable, Equatable {
            public var after: Duration?
            public var afterMessages: Int?
            public var code: Int
            public var reason: String

            public init(after: Duration, code: Int = 1000, reason: String = "") {
                self.after = after
                self.code = code
                self.reason = reason
            }

            public init(afterMessages: Int, code: Int = 1000, reason: String = "") {
                self.afterMessages = afterMessages
                self.code = code
                self.reason = reason
            }
        }

        func wire() throws -> UnderstudyWire.WebSocketDefinition {
            let messages = onOpen + onMessage.flatMap(\.messages)
            if let problem = messages.lazy.compactMap(\.problem).first { throw UnderstudyAdmin.Failure.invalidRoute("websocket: \(problem)") }
            let rules = try onMessage.map { reply in
                var rule = UnderstudyWire.WebSocketDefinition.Rule(reply: reply.messages.map(\.wire))
                if let match = reply.match {
                    guard let wire = match.wire else {
                        throw UnderstudyAdmin.Failure.invalidRoute("websocket.on_message.match: \(match.problem ?? "not JSON")")
                    }
                    rule.match = wire
                }
                return rule
            }
            return UnderstudyWire.WebSocketDefinition(
                onOpen: onOpen.map(\.wire), onMessage: rules,
                close: close.map {
                    .init(after: $0.after.map { Int($0.wholeMilliseconds) }, afterMessages: $0.afterMessages, code: $0.code, reason: $0.reason)
                })
        }
    }
}

extension UnderstudySessionSurface {
    public typealias WebSocket = UnderstudySession.WebSocket

    /// Answers a WebSocket handshake at `path` (`ws://` or `wss://`) with `webSocket`'s behaviour, after `delay`.
    /// With `fault`: `timeout` never answers the handshake, `connectionReset` resets the socket and
    /// `truncatedBody` cuts a frame after `faultAfter` messages from the server. For the HTTP error instead of
    /// the 101, `respond(to:status:)` on the same path.
    @discardableResult
    public func respond(
        toWebSocket path: String, with webSocket: WebSocket, headers: [String: String] = [:], delay: Duration? = nil, fault: Fault? = nil,
        faultAfter: Int? = nil
    ) async throws -> UnderstudyWire.SessionRoutes {
        var route = try definition(.get(path), index: 0)
        route.headers = headers.isEmpty ? nil : headers
        route.delay = delay.map { Int($0.wholeMilliseconds) }
        route.fault = fault?.rawValue
        route.webSocket = try webSocket.wire()
        route.faultAfter = faultAfter
        return try await admin.addRoutes([route], session: id)
    }
}
