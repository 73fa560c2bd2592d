extension UnderstudyWire {
    /// A route's `websocket:`, as a scenario file writes it: frames on opening, replies by what the client sent,
    /// and an optional close after a time.
    public struct WebSocketDefinition: Codable, Sendable, Equatable {
        public var onOpen: [Frame]?
        public var onMessage: [Rule]?
        public var close: Close?

        public init(onOpen: [Frame]? = nil, onMessage: [Rule]? = nil, close: Close? = nil) {
            self.onOpen = onOpen
            self.onMessage = onMessage
            self.close = close
        }

        enum CodingKeys: String, CodingKey {
            case close
            case onOpen = "on_open"
            case onMessage = "on_message"
        }

        /// One message the server sends: exactly one of `text`, `json`, `binary` (base64) or `echo`.
        public struct Frame: Codable, Sendable, Equatable {
            public var text: String?
            public var json: JSONFragment?
            public var binary: String?
            public var echo: Bool?
            public var delay: Int?

            public init(text: String? = nil, json: JSONFragment? = nil, binary: String? = nil, echo: Bool? = nil, delay: Int? = nil) {
                self.text = text
                self.json = json
                self.binary = binary
                self.echo = echo
                self.delay = delay
            }
        }

        /// The replies to a message `match` holds for (any message when nil); the first rule that matches answers.
        public struct Rule: Codable, Sendable, Equatable {
            public var match: BodyMatch?
            public var reply: [Frame]

            public init(match: BodyMatch? = nil, reply: [Frame]) {
                self.match = match
                self.reply = reply
            }
        }

        /// A close frame `after` milliseconds from the opening, or once the server has sent `afterMessages` messages,
        /// with `code` (1000 when nil) and `reason`.
        public struct Close: Codable, Sendable, Equatable {
            public var after: Int?
            public var afterMessages: Int?
            public var code: Int?
            public var reason: String?

            public init(after: Int? = nil, afterMessages: Int? = nil, code: Int? = nil, reason: String? = nil) {
                self.after = after
                self.afterMessages = afterMessages
                self.code = code
                self.reason = reason
            }

            enum CodingKeys: String, CodingKey {
                case after, code, reason
                case afterMessages = "after_messages"
            }
        }
    }
}
