public import Foundation

/// A WebSocket client over a raw socket, blocking, for tests on Linux (URLSession's WebSocket task does not run
/// there): it writes masked frames as RFC 6455 asks of a client, and also the frames a client must not send
/// (wrong masks, oversized lengths), which no library would. Its frames are written here, independently of the
/// server's codec, so a test checks one against the other.
public final class WebSocketTestClient {
    public enum Event: Equatable, Sendable {
        case text(String)
        case binary([UInt8])
        case ping([UInt8])
        case pong([UInt8])
        case close(code: UInt16?, reason: String)
        /// The server closed the TCP stream (a FIN) with no close frame, or in the middle of a frame.
        case ended(midFrame: Bool)
        /// The server reset the connection.
        case reset
        /// Nothing arrived within the timeout.
        case silence
    }

    public let socket: Int32
    /// The handshake's answer: status line and fields.
    public let head: String
    private var buffer: [UInt8]

    /// Connects and sends the opening handshake; `head` holds the answer whatever its status.
    public init(
        port: Int, path: String, headers: [String: String] = [:], key: String = "dGhlIHNhbXBsZSBub25jZQ==", headTimeout: TimeInterval = 10
    ) throws {
        socket = try RawHTTP.connect(port: port)
        var request = "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
        request += "Sec-WebSocket-Key: \(key)\r\nSec-WebSocket-Version: 13\r\n"
        for (name, value) in headers { request += "\(name): \(value)\r\n" }
        RawHTTP.send(socket, request + "\r\n")
        (head, buffer) = Self.readHead(socket, timeout: headTimeout)
    }

    /// The answer's head, and the bytes that came behind it (the first frames, perhaps).
    private static func readHead(_ socket: Int32, timeout: TimeInterval) -> (String, [UInt8]) {
        var received: [UInt8] = []
        let end = Array("\r\n\r\n".utf8)
        let deadline = Date().addingTimeInterval(timeout)
        while deadline.timeIntervalSinceNow > 0 {
            if let range = find(end, in: received) {
                return (String(decoding: received[..<range], as: UTF8.self), Array(received[(range + end.count)...]))
            }
            guard case .bytes(let bytes) = readSome(socket, timeout: deadline.timeIntervalSinceNow) else { break }
            received += bytes
        }
        return (String(decoding: received, as: UTF8.self), [])
    }

    deinit { close(socket) }

    public var status: Int? { head.split(separator: " ").dropFirst().first.flatMap { Int($0) } }

    public func send(text: String) { sendFrame(opcode: 0x1, payload: Array(text.utf8)) }
    public func send(binary: [UInt8]) { sendFrame(opcode: 0x2, payload: binary) }

    /// A frame as written: masked unless `masked` is false, with `fin` and the given opcode.
    public func sendFrame(opcode: UInt8, payload: [UInt8], fin: Bool = true, masked: Bool = true) {
        var frame: [UInt8] = [(fin ? 0x80 : 0) | opcode]
        let maskBit: UInt8 = masked ? 0x80 : 0
        switch payload.count {
        case ..<126: frame.append(maskBit | UInt8(payload.count))
        case ...0xFFFF: frame += [maskBit | 126, UInt8(payload.count >> 8), UInt8(payload.count & 0xFF)]
        default:
            frame.append(maskBit | 127)
            for shift in stride(from: 56, through: 0, by: -8) { frame.append(UInt8(truncatingIfNeeded: UInt64(payload.count) >> UInt64(shift))) }
        }
        if masked {
            let mask = (0..<4).map { _ in UInt8.random(in: 0...255) }
            frame += mask
            frame += payload.enumerated().map { $1 ^ mask[$0 % 4] }
        } else {
            frame += payload
        }
        writeAll(frame)
    }

    /// Bytes as they are, for a frame header that lies about its length.
    public func writeAll(_ bytes: [UInt8]) {
        var sent = 0
        while sent < bytes.count {
            let count = bytes.withUnsafeBytes { Foundation.send(socket, $0.baseAddress! + sent, bytes.count - sent, 0) }
            if count <= 0 { return }
            sent += count
        }
    }

    /// The next frame from the server (control frames included), or how the connection ended.
    public func receive(timeout: TimeInterval = 5) -> Event {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            if let (event, used) = Self.parse(buffer) {
                buffer.removeFirst(used)
                return event
            }
            let left = deadline.timeIntervalSinceNow
            guard left > 0 else { return .silence }
            switch Self.readSome(socket, timeout: left) {
            case .bytes(let bytes): buffer += bytes
            case .end: return .ended(midFrame: !buffer.isEmpty)
            case .reset: return .reset
            case .timeout: return .silence
            }
        }
    }

    /// The next message, answering nothing and skipping pings and pongs.
    public func receiveMessage(timeout: TimeInterval = 5) -> Event {
        while true {
            let event = receive(timeout: timeout)
            switch event {
            case .ping, .pong: continue
            default: return event
            }
        }
    }

    private enum Read {
        case bytes([UInt8])
        case end, reset, timeout
    }

    private static func readSome(_ socket: Int32, timeout: TimeInterval) -> Read {
        var probe = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
        guard poll(&probe, 1, Int32(max(1, timeout * 1000))) > 0 else { return .timeout }
        var chunk = [UInt8](repeating: 0, count: 65536)
        let count = recv(socket, &chunk, chunk.count, 0)
        if count > 0 { return .bytes(Array(chunk[..<count])) }
        if count == 0 { return .end }
        return errno == ECONNRESET ? .reset : .end
    }

    private static func find(_ needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard haystack.count >= needle.count else { return nil }
        return (0...(haystack.count - needle.count)).first { haystack[$0..<($0 + needle.count)].elementsEqual(needle) }
    }

    /// One server frame (unmasked, as a server must send) from the front of `bytes`, and the bytes it took.
    private static func parse(_ bytes: [UInt8]) -> (Event, Int)? {
        guard bytes.count >= 2 else { return nil }
        let opcode = bytes[0] & 0x0F
        var length = Int(bytes[1] & 0x7F)
        var offset = 2
        if length == 126 {
            guard bytes.count >= 4 else { return nil }
            length = Int(bytes[2]) << 8 | Int(bytes[3])
            offset = 4
        } else if length == 127 {
            guard bytes.count >= 10 else { return nil }
            length = bytes[2..<10].reduce(0) { $0 << 8 | Int($1) }
            offset = 10
        }
        guard bytes.count >= offset + length else { return nil }
        let payload = Array(bytes[offset..<(offset + length)])
        let event: Event =
            switch opcode {
            case 0x1: .text(String(decoding: payload, as: UTF8.self))
            case 0x2: .binary(payload)
            case 0x8:
                payload.count >= 2
                    ? .close(code: UInt16(payload[0]) << 8 | UInt16(payload[1]), reason: String(decoding: payload[2...], as: UTF8.self))
                    : .close(code: nil, reason: "")
            case 0x9: .ping(payload)
            default: .pong(payload)
            }
        return (event, offset + length)
    }
}
