import Foundation
import Testing
import UnderstudyAdminClient
import UnderstudyTestSupport
import UnderstudyTesting

/// The bundled `/myapp/socket` (scenarios/custom-routes.yaml) through the real server, under the scenarios whose
/// faults mean something on a socket, and its messages in a session's journal.
@Suite struct WebSocketScenarioTests {
    static let path = "/myapp/socket"

    func open(_ scenario: String, session: String? = nil, headTimeout: TimeInterval = 10) throws -> WebSocketTestClient {
        var headers = ["X-Understudy-Scenario": scenario]
        if let session { headers["X-Understudy-Session"] = session }
        return try WebSocketTestClient(port: shared.port, path: Self.path, headers: headers, headTimeout: headTimeout)
    }

    @Test func theSocketGreetsAnswersPingsQuotesAndEchoes() throws {
        let client = try open("custom-routes")
        #expect(client.status == 101, "\(client.head)")
        #expect(client.head.contains("X-Understudy-Scenario: custom-routes"))
        #expect(client.receiveMessage() == .text(#"{"type":"hello","server":"understudy"}"#))
        client.send(text: #"{"type":"ping","n":1}"#)
        #expect(client.receiveMessage() == .text(#"{"type":"pong"}"#))
        client.send(text: #"{"type":"subscribe","symbol":"UST"}"#)
        #expect(client.receiveMessage() == .text(#"{"type":"quote","symbol":"UST","price":101.25}"#))
        #expect(client.receiveMessage() == .text(#"{"type":"quote","symbol":"UST","price":101.5}"#))
        client.send(binary: [0, 1, 2, 255])
        #expect(client.receiveMessage() == .binary([0, 1, 2, 255]), "anything else is echoed, binary as binary")
    }

    @Test func connectionResetResetsAfterTheServersSecondMessage() throws {
        let client = try open("connection-reset")
        #expect(client.status == 101)
        #expect(client.receiveMessage() == .text(#"{"type":"hello","server":"understudy"}"#))
        client.send(text: #"{"type":"ping"}"#)
        let next = client.receiveMessage()
        if next == .text(#"{"type":"pong"}"#) { #expect(client.receive() == .reset) } else { #expect(next == .reset) }
    }

    @Test func truncatedBodyCutsAFrameInTheMiddle() throws {
        let client = try open("truncated-body")
        #expect(client.receiveMessage() == .text(#"{"type":"hello","server":"understudy"}"#))
        client.send(text: #"{"type":"ping"}"#)
        #expect(client.receiveMessage() == .text(#"{"type":"pong"}"#))
        #expect(client.receive() == .ended(midFrame: true))
    }

    @Test func theFirstOfferedSubprotocolIsChosen() throws {
        let client = try WebSocketTestClient(
            port: shared.port, path: Self.path,
            headers: ["X-Understudy-Scenario": "custom-routes", "Sec-WebSocket-Protocol": "graphql-transport-ws, graphql-ws"])
        #expect(client.status == 101 && client.head.contains("Sec-WebSocket-Protocol: graphql-transport-ws\r\n"), "\(client.head)")
        let plain = try open("custom-routes")
        #expect(!plain.head.contains("Sec-WebSocket-Protocol"), "none offered, none chosen")
    }

    @Test func serverErrorAnswersTheHandshakeWithItsStatus() throws {
        let client = try open("server-error")
        #expect(client.status == 500, "\(client.head)")
    }

    @Test func timeoutNeverAnswersTheHandshake() throws {
        let client = try open("timeout", headTimeout: 1)
        #expect(client.head.isEmpty, "\(client.head)")
    }

    @Test func aPlainRequestIsToldToUpgrade() async throws {
        let response = try await fetch(Self.path, headers: ["X-Understudy-Scenario": "custom-routes"])
        #expect(response.status == 426)
        #expect(response.header("Upgrade") == "websocket")
    }

    @Test func messagesBothWaysAreInTheSessionsJournal() async throws {
        let session = "ws-journal-\(UInt32.random(in: 0...UInt32.max))"
        try await Task.detached {
            let client = try open("custom-routes", session: session)
            _ = client.receiveMessage()
            client.send(text: #"{"type":"ping"}"#)
            _ = client.receiveMessage()
            client.send(text: "hello there")
            _ = client.receiveMessage()
            client.sendFrame(opcode: 0x8, payload: [0x03, 0xE8])
            _ = client.receive()
        }.value
        // The handshake's own entry is written when its exchange ends, once libmicrohttpd has closed the upgraded
        // socket, which can be just after the client saw the close frame: waited for, not read at once.
        let admin = UnderstudyAdmin(baseURL: shared.baseURL)
        let handshake = try await admin.waitForRequest(session: session) { $0.method == "GET" }
        #expect(handshake.status == 101, "the handshake itself")
        let journal = try await admin.requests(session: session)
        let sent = journal.filter { $0.method == "WS" }.map { $0.body ?? "" }
        let received = journal.filter { $0.method == "WS-SERVER" }.map { $0.body ?? "" }
        #expect(sent == [#"{"type":"ping"}"#, "hello there"], "\(journal.map { "\($0.method) \($0.body ?? "")" })")
        #expect(received == [#"{"type":"hello","server":"understudy"}"#, #"{"type":"pong"}"#, "hello there"])
        #expect(journal.allSatisfy { $0.path == Self.path })
    }

    /// Done means, as the issue says it: a socket that closes with 1011 after the second message, in one call on the
    /// test's session, and what the app sent checked with verify.
    @Test func aSessionStagesASocketThatClosesWith1011AfterTheSecondMessage() async throws {
        let session = UnderstudySession(admin: UnderstudyAdmin(baseURL: shared.baseURL))
        try await session.respond(
            toWebSocket: "/myapi/live",
            with: .init(
                onOpen: [.json(["type": "welcome"])],
                onMessage: [.when(.json(contains: ["type": "order"]), reply: [.json(["type": "accepted"])]), .otherwise([.echo()])],
                close: .init(afterMessages: 2, code: 1011, reason: "upstream failed")))
        let events = try await Task.detached {
            let client = try WebSocketTestClient(port: shared.port, path: "/myapi/live", headers: ["X-Understudy-Session": session.id])
            var events = [client.receive()]
            client.send(text: #"{"type":"order","id":7}"#)
            events.append(client.receive())
            events.append(client.receive())
            return events
        }.value
        #expect(
            events == [.text(#"{"type":"welcome"}"#), .text(#"{"type":"accepted"}"#), .close(code: 1011, reason: "upstream failed")])
        try await session.verify(.webSocketMessage("/myapi/live"), body: .json(contains: ["type": "order"]))
    }
}
