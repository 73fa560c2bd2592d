import Foundation
import HTTPTypes
import Testing
import UnderstudyHTTP
import UnderstudyMicroHTTPD
import UnderstudyTestSupport

/// The WebSocket transport through real sockets: libmicrohttpd's upgrade, the hub's loop, RFC 6455's rules as a
/// hostile client breaks them. The script is built by hand here; the scenario files' `websocket:` is in
/// WebSocketScenarioTests.
@Suite struct WebSocketTransportTests {
    static let handshake = Response(
        status: .switchingProtocols,
        headerFields: [
            // libmicrohttpd adds `Connection: Upgrade` itself.
            HTTPField.Name("Upgrade")!: "websocket",
            // The accept value of RFC 6455's own example key, which the client sends.
            HTTPField.Name("Sec-WebSocket-Accept")!: "s3pPLMBiTxaQ9kG5HxKfUhwIS7g=",
        ])

    func serve(_ script: WebSocketScript, maxDelay: Int = 120_000) throws -> HTTPServer {
        try startServer(maxDelay: maxDelay) { _ in Reply(.webSocket(Self.handshake, script)) }
    }

    static let echo = WebSocketScript(answer: { [WebSocketScript.Send($0)] })

    @Test func theHandshakeIsAnsweredAndMessagesAreEchoed() throws {
        let server = try serve(WebSocketScript(onOpen: [.init(.text("hello"))], answer: { [WebSocketScript.Send($0)] }))
        defer { server.stop() }
        let client = try WebSocketTestClient(port: server.port, path: "/socket")
        #expect(client.status == 101, "\(client.head)")
        #expect(client.head.contains("Sec-WebSocket-Accept: s3pPLMBiTxaQ9kG5HxKfUhwIS7g="))
        #expect(client.receive() == .text("hello"))
        client.send(text: "ünïcode ✓")
        #expect(client.receive() == .text("ünïcode ✓"))
        let large = (0..<70_000).map { UInt8(truncatingIfNeeded: $0) }
        client.send(binary: large)
        #expect(client.receive() == .binary(large), "a 64-bit length both ways")
        #expect(server.openWebSockets == 1)
    }

    @Test func framesSentBehindTheHandshakeAreRead() throws {
        let server = try serve(Self.echo)
        defer { server.stop() }
        let fd = try RawHTTP.connect(port: server.port)
        defer { close(fd) }
        // The handshake and a masked "hi" frame in one write: libmicrohttpd reads both, and hands the frame over.
        let frame: [UInt8] = [0x81, 0x82, 1, 2, 3, 4, UInt8(ascii: "h") ^ 1, UInt8(ascii: "i") ^ 2]
        let request =
            "GET /s HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            + "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"
        _ = (Array(request.utf8) + frame).withUnsafeBytes { send(fd, $0.baseAddress!, $0.count, 0) }
        let (raw, _) = readToEnd(fd, silentAfter: 1)
        #expect(raw.hasPrefix("HTTP/1.1 101"))
        // 0x81 (a final text frame) is not UTF-8 alone: the string shows it as U+FFFD.
        #expect(raw.hasSuffix("\u{FFFD}\u{02}hi"), "\(raw.debugDescription)")
        #expect(raw.components(separatedBy: "Connection: ").count == 2 && raw.contains("Connection: Upgrade\r\n"))
    }

    @Test func fragmentsAreJoinedAndPingsAnsweredBetweenThem() throws {
        let server = try serve(Self.echo)
        defer { server.stop() }
        let client = try WebSocketTestClient(port: server.port, path: "/s")
        client.sendFrame(opcode: 0x1, payload: Array("frag".utf8), fin: false)
        client.sendFrame(opcode: 0x9, payload: [7, 7])
        client.sendFrame(opcode: 0x0, payload: Array("ments".utf8), fin: true)
        #expect(client.receive() == .pong([7, 7]))
        #expect(client.receive() == .text("fragments"))
    }

    @Test(arguments: [
        // An unmasked client frame (5.1), a reserved opcode, a control frame over 125 bytes, text that is not UTF-8.
        ("unmasked", 1002), ("opcode", 1002), ("long ping", 1002), ("not UTF-8", 1007), ("too big", 1009),
    ])
    func aBrokenRuleIsAnsweredWithItsCloseCode(_ rule: String, _ code: Int) throws {
        let server = try serve(Self.echo)
        defer { server.stop() }
        let client = try WebSocketTestClient(port: server.port, path: "/s")
        switch rule {
        case "unmasked": client.sendFrame(opcode: 0x1, payload: Array("x".utf8), masked: false)
        case "opcode": client.sendFrame(opcode: 0x3, payload: [])
        case "long ping": client.sendFrame(opcode: 0x9, payload: [UInt8](repeating: 1, count: 126))
        case "not UTF-8": client.sendFrame(opcode: 0x1, payload: [0xC3, 0x28])
        default:
            // A header that announces 2 GiB: refused on the header, before any payload is kept.
            client.writeAll([0x82, 0xFF, 0, 0, 0, 0, 0x80, 0, 0, 0, 1, 2, 3, 4])
        }
        let event = client.receive()
        guard case .close(let received, _) = event else {
            Issue.record("expected a close frame, got \(event)")
            return
        }
        #expect(received == UInt16(code))
        #expect(client.receive() == .ended(midFrame: false), "the server closes the connection after its close frame")
    }

    @Test func theClosingHandshakeEchoesTheClientsCode() async throws {
        let server = try serve(Self.echo)
        defer { server.stop() }
        let client = try WebSocketTestClient(port: server.port, path: "/s")
        client.sendFrame(opcode: 0x8, payload: [0x0F, 0xA0] + Array("done".utf8))  // 4000
        #expect(client.receive() == .close(code: 4000, reason: "done"))
        #expect(client.receive() == .ended(midFrame: false))
        try await waitUntil({ server.openWebSockets == 0 }, state: { "\(server.openWebSockets) open" })
    }

    @Test(arguments: [1000, 1011, 4001])
    func aTimedCloseSendsItsCodeAndReason(_ code: Int) throws {
        let script = WebSocketScript(
            onOpen: [.init(.text("a"))], endAfterMilliseconds: (100, .close(WebSocketCloseCode(rawValue: UInt16(code)), reason: "bye")))
        let server = try serve(script)
        defer { server.stop() }
        let client = try WebSocketTestClient(port: server.port, path: "/s")
        #expect(client.receive() == .text("a"))
        #expect(client.receive() == .close(code: UInt16(code), reason: "bye"))
        client.sendFrame(opcode: 0x8, payload: [UInt8(code >> 8), UInt8(code & 0xFF)])
        #expect(client.receive() == .ended(midFrame: false))
    }

    @Test func faultsAfterTheServersMessages() throws {
        let two: [WebSocketScript.Send] = [.init(.text("1")), .init(.text("2"), delayMilliseconds: 20), .init(.text("3"), delayMilliseconds: 40)]
        for (ending, expected) in [(WebSocketScript.Ending.reset, WebSocketTestClient.Event.reset), (.cut, .ended(midFrame: true))] {
            let server = try serve(WebSocketScript(onOpen: two, endAfterMessages: (2, ending)))
            defer { server.stop() }
            let client = try WebSocketTestClient(port: server.port, path: "/s")
            #expect(client.receive() == .text("1"))
            let second = client.receive()
            // A reset can overtake the last bytes in the client's kernel; the order is what matters.
            if second != expected { #expect(second == .text("2")) }
            if second == .text("2") { #expect(client.receive() == expected, "\(ending)") }
        }
    }

    @Test func aStopClosesEverySocketWithGoingAway() async throws {
        let server = try serve(Self.echo)
        let clients = try (0..<20).map { _ in try WebSocketTestClient(port: server.port, path: "/s") }
        try await waitUntil({ server.openWebSockets == 20 }, state: { "\(server.openWebSockets) open" })
        server.stop()
        for client in clients {
            #expect(client.receive() == .close(code: 1001, reason: "server stopping"))
        }
    }

    @Test func delayedMessagesHoldNoThread() throws {
        let server = try serve(WebSocketScript(onOpen: [.init(.text("late"), delayMilliseconds: 300)]))
        defer { server.stop() }
        // More sockets than the server has threads, each waiting: all answered after one delay, not in turn.
        // 50 in turn would take 15 s, past the receive timeout (5 s).
        let clients = try (0..<50).map { _ in try WebSocketTestClient(port: server.port, path: "/s") }
        for client in clients { #expect(client.receive() == .text("late")) }
    }

    @Test func aClientThatNeverReadsIsDroppedAndOthersGoOn() async throws {
        let flood = (0..<4000).map { WebSocketScript.Send(.binary([UInt8](repeating: 9, count: 4096)), delayMilliseconds: $0 / 100) }
        let server = try serve(WebSocketScript(onOpen: flood, answer: { [WebSocketScript.Send($0)] }))
        defer { server.stop() }
        let sleeper = try WebSocketTestClient(port: server.port, path: "/s")
        // The client that does not read is dropped.
        try await waitUntil({ server.openWebSockets == 0 }, state: { "\(server.openWebSockets) open" })
        _ = sleeper
        let reader = try WebSocketTestClient(port: server.port, path: "/s")
        #expect(reader.status == 101)
        #expect(reader.receive() == .binary([UInt8](repeating: 9, count: 4096)))
    }
}
