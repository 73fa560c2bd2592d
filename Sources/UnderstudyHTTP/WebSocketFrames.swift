/// RFC 6455's framing (section 5) as the server sees it: client frames read incrementally from whatever bytes the
/// socket gave, server frames written. Every rule a hostile client can break ends in a close code, never a crash or an
/// unbounded buffer: a frame's declared length is judged against the message bound before any of its payload is kept.

/// A close code the server sends (section 7.4.1); the ones Understudy uses have names.
public struct WebSocketCloseCode: RawRepresentable, Hashable, Sendable {
    public var rawValue: UInt16
    public init(rawValue: UInt16) { self.rawValue = rawValue }

    public static let normal = Self(rawValue: 1000)
    public static let goingAway = Self(rawValue: 1001)
    public static let protocolError = Self(rawValue: 1002)
    public static let invalidPayload = Self(rawValue: 1007)
    public static let policyViolation = Self(rawValue: 1008)
    public static let messageTooBig = Self(rawValue: 1009)
    public static let internalError = Self(rawValue: 1011)

    /// Whether a peer may send this code in a close frame (7.4.1, 7.4.2): 1004-1006 and 1015 are reserved for
    /// reporting, 1012-1014 are registered since, 3000-4999 belong to libraries and applications.
    package var isSendable: Bool {
        switch rawValue {
        case 1000...1003, 1007...1014, 3000...4999: true
        default: false
        }
    }
}

/// What a client's bytes broke, with the close code the server answers.
package struct WebSocketFailure: Error, Equatable, Sendable {
    package var code: WebSocketCloseCode
    package var reason: String
}

/// A whole message: fragments are joined before the reader hands it over.
public enum WebSocketMessage: Equatable, Sendable {
    case text(String)
    case binary([UInt8])

    /// The message's payload: a text's UTF-8, a binary's bytes.
    public var bytes: [UInt8] {
        switch self {
        case .text(let text): Array(text.utf8)
        case .binary(let bytes): bytes
        }
    }
}

/// What the reader found in the client's bytes.
package enum WebSocketEvent: Equatable, Sendable {
    case message(WebSocketMessage)
    case ping([UInt8])
    case pong([UInt8])
    /// The client's close frame: its code (none when the frame had no payload) and reason.
    case close(WebSocketCloseCode?, String)
}

/// Reads client frames. Feed it bytes with `append`, then call `next()` until it gives nil (it needs more bytes).
/// It keeps at most one frame header, one control frame or the current message's payload (up to `maxMessageBytes`),
/// plus the bytes of the last `append`: the caller reads the socket in bounded chunks.
package struct WebSocketFrameReader: Sendable {
    package let maxMessageBytes: Int
    private var buffer: [UInt8] = []
    private var start = 0
    /// The opcode (1 text, 2 binary) and payload of a message whose later fragments are still to come.
    private var fragmented: (opcode: UInt8, payload: [UInt8])?

    package init(maxMessageBytes: Int) {
        self.maxMessageBytes = maxMessageBytes
    }

    package mutating func append(_ bytes: some Sequence<UInt8>) {
        if start > 0 && start == buffer.count {
            buffer.removeAll(keepingCapacity: true)
            start = 0
        } else if start > 4096 {
            buffer.removeFirst(start)
            start = 0
        }
        buffer.append(contentsOf: bytes)
    }

    /// The bytes held, for the bound on a socket's memory.
    package var bufferedBytes: Int { buffer.count - start + (fragmented?.payload.count ?? 0) }

    package mutating func next() throws(WebSocketFailure) -> WebSocketEvent? {
        while true {
            let available = buffer.count - start
            guard available >= 2 else { return nil }
            let b0 = buffer[start]
            let b1 = buffer[start + 1]
            let fin = b0 & 0x80 != 0
            let opcode = b0 & 0x0F
            guard b0 & 0x70 == 0 else { throw failure(.protocolError, "reserved bits set without an extension") }
            guard b1 & 0x80 != 0 else { throw failure(.protocolError, "a client frame must be masked") }
            let isControl = opcode & 0x08 != 0
            switch opcode {
            case 0x0, 0x1, 0x2, 0x8, 0x9, 0xA: break
            default: throw failure(.protocolError, "reserved opcode \(opcode)")
            }
            var headerLength = 2
            var length = UInt64(b1 & 0x7F)
            if length == 126 {
                guard available >= 4 else { return nil }
                length = UInt64(buffer[start + 2]) << 8 | UInt64(buffer[start + 3])
                headerLength = 4
            } else if length == 127 {
                guard available >= 10 else { return nil }
                length = 0
                for i in 2..<10 { length = length << 8 | UInt64(buffer[start + i]) }
                guard length >> 63 == 0 else { throw failure(.protocolError, "a frame length with its top bit set") }
                headerLength = 10
            }
            if isControl {
                guard fin else { throw failure(.protocolError, "a fragmented control frame") }
                guard length <= 125 else { throw failure(.protocolError, "a control frame over 125 bytes") }
            } else {
                if opcode == 0 && fragmented == nil { throw failure(.protocolError, "a continuation with no message to continue") }
                if opcode != 0 && fragmented != nil { throw failure(.protocolError, "a new message inside a fragmented one") }
                let held = UInt64(fragmented?.payload.count ?? 0)
                guard length <= UInt64(maxMessageBytes) - held else {
                    throw failure(.messageTooBig, "a message over \(maxMessageBytes) bytes")
                }
            }
            headerLength += 4
            let frameLength = headerLength + Int(length)
            guard available >= frameLength else { return nil }
            let maskAt = start + headerLength - 4
            let mask = (buffer[maskAt], buffer[maskAt + 1], buffer[maskAt + 2], buffer[maskAt + 3])
            var payload = [UInt8](repeating: 0, count: Int(length))
            let payloadAt = start + headerLength
            for i in 0..<Int(length) {
                let key: UInt8
                switch i & 3 {
                case 0: key = mask.0
                case 1: key = mask.1
                case 2: key = mask.2
                default: key = mask.3
                }
                payload[i] = buffer[payloadAt + i] ^ key
            }
            start += frameLength
            switch opcode {
            case 0x8: return try close(payload)
            case 0x9: return .ping(payload)
            case 0xA: return .pong(payload)
            default:
                var message = fragmented ?? (opcode, [])
                message.payload += payload
                guard fin else {
                    fragmented = message
                    continue
                }
                fragmented = nil
                if message.opcode == 0x2 { return .message(.binary(message.payload)) }
                guard let text = String(validating: message.payload, as: UTF8.self) else {
                    throw failure(.invalidPayload, "a text message that is not UTF-8")
                }
                return .message(.text(text))
            }
        }
    }

    private func close(_ payload: [UInt8]) throws(WebSocketFailure) -> WebSocketEvent {
        if payload.isEmpty { return .close(nil, "") }
        guard payload.count >= 2 else { throw failure(.protocolError, "a close frame with a 1-byte code") }
        let code = WebSocketCloseCode(rawValue: UInt16(payload[0]) << 8 | UInt16(payload[1]))
        guard code.isSendable else { throw failure(.protocolError, "close code \(code.rawValue) may not be sent") }
        guard let reason = String(validating: payload[2...], as: UTF8.self) else {
            throw failure(.invalidPayload, "a close reason that is not UTF-8")
        }
        return .close(code, reason)
    }

    private func failure(_ code: WebSocketCloseCode, _ reason: String) -> WebSocketFailure {
        WebSocketFailure(code: code, reason: reason)
    }
}

/// Server frames: unmasked (5.1), unfragmented, lengths in the shortest form.
package enum WebSocketFrame {
    package static func message(_ message: WebSocketMessage) -> [UInt8] {
        switch message {
        case .text: frame(opcode: 0x1, payload: message.bytes)
        case .binary(let bytes): frame(opcode: 0x2, payload: bytes)
        }
    }

    package static func pong(_ payload: [UInt8]) -> [UInt8] { frame(opcode: 0xA, payload: payload) }

    /// A close frame; the reason is cut to fit a control frame's 125 bytes at a character boundary.
    package static func close(_ code: WebSocketCloseCode, reason: String = "") -> [UInt8] {
        var reasonBytes: [UInt8] = []
        for character in reason {
            let bytes = Array(String(character).utf8)
            guard reasonBytes.count + bytes.count <= 123 else { break }
            reasonBytes += bytes
        }
        return frame(opcode: 0x8, payload: [UInt8(code.rawValue >> 8), UInt8(code.rawValue & 0xFF)] + reasonBytes)
    }

    static func frame(opcode: UInt8, payload: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x80 | opcode]
        out.reserveCapacity(payload.count + 10)
        switch payload.count {
        case ..<126: out.append(UInt8(payload.count))
        case ...0xFFFF: out += [126, UInt8(payload.count >> 8), UInt8(payload.count & 0xFF)]
        default:
            out.append(127)
            for shift in stride(from: 56, through: 0, by: -8) { out.append(UInt8(truncatingIfNeeded: UInt64(payload.count) >> UInt64(shift))) }
        }
        return out + payload
    }
}
