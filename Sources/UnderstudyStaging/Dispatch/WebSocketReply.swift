import HTTPTypes
import UnderstudyDocuments
import UnderstudyHTTP

/// A route's `websocket:` answered: the handshake checked (RFC 6455 section 4.2), the 101 with its accept value,
/// and the script the transport runs on the socket, every message both ways journaled as its own entry under the
/// handshake's path and fields (`WS` for what the app sent, `WS-SERVER` for what Understudy sent), so a session's
/// journal, `verify` and the dashboard see them as they see requests.
extension ScenarioResponder {
    func webSocketReply(
        _ behavior: WebSocketBehavior, to request: ServerRequest, route: CustomRoute, delay: Int, fault: Fault, scenario: Scenario
    ) -> Reply {
        guard request.header(Self.upgrade)?.lowercased().contains("websocket") == true else {
            return Self.refused(
                426, "WebSocket route", "\(route.pattern) is a WebSocket: connect with ws:// (or wss://), which sends 'Upgrade: websocket'.",
                extra: [Self.upgrade: "websocket", .connection: "Upgrade"], scenario: scenario)
        }
        let accept: String
        do throws(WebSocketHandshake.Refusal) {
            accept = try WebSocketHandshake.accept(
                method: request.method.rawValue, key: request.header(Self.key), version: request.header(Self.version))
        } catch {
            return Self.handshakeRefusal(error, scenario: scenario)
        }
        let faultAfter = route.faultAfter ?? 0
        // No answer to the handshake at all (as DESIGN.md has it, whatever fault_after says).
        if fault == .timeout { return Reply(.hold, tag: scenario.name) }
        // libmicrohttpd adds `Connection: Upgrade` to a 101 itself.
        var fields: HTTPFields = [Self.upgrade: "websocket", Self.accept: accept]
        // A client that offers subprotocols (`graphql-transport-ws`, `mqtt`) gets the first it offered, as a server
        // speaking it would answer: browsers fail a handshake that offered some and got none back. A route's own
        // `Sec-WebSocket-Protocol` header wins.
        if let offered = request.header(Self.subprotocol)?.split(separator: ",").first?.trimmingSpaces, !offered.isEmpty,
            offered.utf8.count <= 128, offered.utf8.allSatisfy({ (0x21...0x7E).contains($0) && !Array("()<>@,;:\"/[]?={}".utf8).contains($0) })
        {
            fields[Self.subprotocol] = offered
        }
        for field in route.fixed?.fields ?? [:] { fields[field.name] = field.value }
        Self.stamp(&fields, scenario: scenario)
        let journal = control.journal
        let name = scenario.name
        let script = behavior.script(
            fault: fault, faultAfter: faultAfter, maxDelay: ScenarioReader.maxDelayMilliseconds,
            observe: { message, direction in
                let entry = ServerRequest(
                    method: direction == .fromClient ? Self.clientMessage : Self.serverMessage, target: request.target, fields: request.fields,
                    body: message.bytes, version: request.version)
                journal.record(request: entry, scenario: name, status: 101, durationNanoseconds: 0, completed: true)
            })
        return Reply(.webSocket(Response(status: .switchingProtocols, headerFields: fields), script), delayMilliseconds: delay, tag: scenario.name)
    }

    private static func handshakeRefusal(_ refusal: WebSocketHandshake.Refusal, scenario: Scenario) -> Reply {
        switch refusal {
        case .notGET:
            refused(
                405, "WebSocket handshake", "A WebSocket opens with GET (RFC 6455 section 4.1).", extra: [HTTPField.Name.allow: "GET"],
                scenario: scenario)
        case .missingKey, .malformedKey:
            refused(400, "WebSocket handshake", "Sec-WebSocket-Key must be the base64 of 16 bytes (RFC 6455 section 4.1).", scenario: scenario)
        case .unsupportedVersion:
            refused(426, "WebSocket handshake", "Only Sec-WebSocket-Version 13 (RFC 6455) is spoken.", extra: [version: "13"], scenario: scenario)
        }
    }

    private static func refused(_ code: Int, _ error: String, _ detail: String, extra: HTTPFields = [:], scenario: Scenario) -> Reply {
        var fields = extra
        stamp(&fields, scenario: scenario)
        fields[.contentTypeOptions] = "nosniff"
        return Reply(.respond(ErrorBody.response(HTTPResponse.Status(code: code), error: error, detail: detail, extra: fields)), tag: scenario.name)
    }

    /// The journal's methods for a WebSocket's messages: what the app sent, and what Understudy sent.
    static let clientMessage = HTTPRequest.Method("WS")!
    static let serverMessage = HTTPRequest.Method("WS-SERVER")!
    private static let upgrade = HTTPField.Name("Upgrade")!
    private static let key = HTTPField.Name("Sec-WebSocket-Key")!
    private static let version = HTTPField.Name("Sec-WebSocket-Version")!
    private static let accept = HTTPField.Name("Sec-WebSocket-Accept")!
    private static let subprotocol = HTTPField.Name("Sec-WebSocket-Protocol")!
}
