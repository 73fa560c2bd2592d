public import Foundation
public import HTTPTypes
import Logging
public import Understudy
import UnderstudyAdminWire
import UnderstudyHTTP
import UnderstudyMicroHTTPD
import UnderstudyStaging

/// Understudy with no socket: each request goes straight to the engine's responder, as
/// HummingbirdTesting's `.router` mode does. Scenarios, routing, rendering, faults, sessions,
/// the admin API and the journal all run as in the server; only the wire is left out, so tests
/// of the engine's behaviour run fast, in parallel, without ports or connections.
///
/// ```swift
/// let router = try UnderstudyRouter()                        // bundled scenarios, "happy"
/// let fact = await router.execute("/catfact/fact")
/// #expect(fact.status == .ok)
/// let failing = await router.execute("/catfact/fact", headers: [UnderstudyRouter.scenarioHeader: "server-error"])
/// #expect(failing.status == .internalServerError)
/// ```
///
/// The request is made from the target the way the server parses one from the wire (the path
/// percent-decoded, the query split as libmicrohttpd splits it), so what passes here passes there.
/// What only the wire can show (a reset, a truncated body on a socket, timeouts) is reported as a
/// ``RouterResponse/Fault`` instead; test it against ``UnderstudyTestServer``.
public final class UnderstudyRouter: Sendable {
    private let responder: any HTTPResponder
    /// The `Host` sent when a request names none (links in bodies point at it).
    public let host: String

    /// The scenario-selection header (`X-Understudy-Scenario`).
    public static let scenarioHeader = HTTPField.Name(UnderstudyHeaderName.scenario)!
    /// The session header (`X-Understudy-Session`).
    public static let sessionHeader = HTTPField.Name(UnderstudyHeaderName.session)!

    /// Loads the scenarios; nothing listens.
    /// - Parameters:
    ///   - scenarios: The scenarios folder.
    ///   - scenario: The scenario active at start.
    ///   - journalSize: Requests kept in the journal.
    ///   - adminToken: When set, admin calls need `Authorization: Bearer <token>`.
    ///   - openAPI: OpenAPI documents served under `/NAME`, besides those the scenario files mount.
    ///   - requestValidation: Whether requests to those documents are checked against them (a session may say otherwise).
    /// - Throws: `UnderstudyError` when the scenarios (or the documents) are broken or `scenario` is unknown.
    public init(
        scenarios: URL = UnderstudyTestServer.bundledScenarios, scenario: String = "happy", journalSize: Int = 1000,
        adminToken: String? = nil, openAPI: [OpenAPIMount] = [], requestValidation: RequestValidation = .off
    ) throws {
        var logger = Logger(label: "understudy.router")
        logger.logLevel = .warning
        var configuration = UnderstudyConfiguration(
            server: ServerConfiguration(host: "127.0.0.1", port: 0), scenariosDirectory: scenarios, scenario: scenario,
            journalSize: journalSize, adminToken: adminToken, logger: logger)
        configuration.openAPI = openAPI
        configuration.requestValidation = requestValidation
        let engine = try UnderstudyEngine(configuration: configuration)
        responder = engine.responder
        host = "localhost:8080"
    }

    /// A router over a running server's engine: the same scenarios, sessions and journal, and the
    /// server's own address as the default `Host`, so links point where a client would follow them.
    init(sharing server: UnderstudyServer) {
        responder = server.engine.responder
        host = String(server.baseURL.dropFirst("http://".count))
    }

    /// Sends one request to the engine and returns what a client would have received.
    /// - Parameters:
    ///   - target: The path and query, as in a request line (`/swapi/api/people/?page=2`), or an absolute
    ///     `http://` URL (as a link in a body is), whose authority is then the `Host`.
    ///   - method: The request method.
    ///   - headers: Header fields; ``host`` is added as `Host` when missing, as a client adds one.
    ///   - body: The request body.
    ///   - waitForDelays: Whether to wait out a scenario's delay (as the server does, without a thread);
    ///     false returns at once with ``RouterResponse/delayMilliseconds`` telling what it would have been.
    /// - Returns: The response, or the fault that replaced it.
    public func execute(
        _ target: String, method: HTTPRequest.Method = .get, headers: HTTPFields = [:], body: [UInt8] = [],
        waitForDelays: Bool = true
    ) async -> RouterResponse {
        var fields = headers.map { (name: $0.name.rawName, value: $0.value) }
        var target = Substring(target)
        var authority = host
        for scheme in ["http://", "https://"] where target.hasPrefix(scheme) {
            let rest = target.dropFirst(scheme.count)
            let slash = rest.firstIndex { $0 == "/" || $0 == "?" } ?? rest.endIndex
            authority = String(rest[..<slash])
            target = rest[slash...].hasPrefix("/") ? rest[slash...] : "/" + rest[slash...]
        }
        if headers[values: Self.hostHeader].isEmpty { fields.append((name: "Host", value: authority)) }
        let request = ServerRequest.received(method: method, rawTarget: Array(target.utf8), headers: fields, body: body)
        let started = DispatchTime.now().uptimeNanoseconds
        var reply = responder.reply(to: request)
        if case .deferred(let deferred) = reply.action {
            reply = await withCheckedContinuation { continuation in
                deferred.start { continuation.resume(returning: $0) }
            }
        }
        // A dribbled body takes its time too: the server spreads it over that many milliseconds.
        var delay = max(0, reply.delayMilliseconds)
        if case .dribble(_, let milliseconds, _) = reply.action { delay += max(0, milliseconds) }
        if waitForDelays, delay > 0, !reply.isHold { try? await Task.sleep(for: .milliseconds(delay)) }
        let result = RouterResponse(reply, delayMilliseconds: delay)
        responder.completed(
            CompletedExchange(
                request: request, status: result.status?.code, tag: reply.tag,
                durationNanoseconds: DispatchTime.now().uptimeNanoseconds - started, completed: result.fault == nil || result.fault == .dribbled,
                answeredAtOnce: reply.answersAtOnce, problems: reply.problems, graphQLOperations: reply.graphQLOperations))
        return result
    }

    private static let hostHeader = HTTPField.Name("Host")!
}

extension Reply {
    fileprivate var isHold: Bool {
        if case .hold = action { return true }
        return false
    }
}

/// What a client of the router received.
public struct RouterResponse: Sendable {
    /// What the server would have done instead of (or to) a plain response.
    public enum Fault: Sendable, Equatable {
        /// The headers and half the body were sent, then the connection closed.
        case truncated
        /// The body was sent slowly, in pieces (``RouterResponse/body`` is all of it).
        case dribbled
        /// The connection was reset with no response.
        case reset
        /// No answer at all, until the server's maximum delay closes the connection.
        case held
    }

    /// The status, or nil when no response was sent (``Fault/reset``, ``Fault/held``).
    public let status: HTTPResponse.Status?
    public let headerFields: HTTPFields
    /// The body bytes a client would have read (half of them for ``Fault/truncated``).
    public let body: [UInt8]
    public let fault: Fault?
    /// The delay the scenario asked for before answering (for a dribbled body, plus the time it is spread over).
    public let delayMilliseconds: Int

    /// The body as UTF-8 text.
    public var text: String { String(decoding: body, as: UTF8.self) }

    /// The value of the header `name`, if present.
    /// - Parameter name: The field name, in any case.
    /// - Returns: The value (several fields of the name joined with ", ").
    public func header(_ name: String) -> String? {
        guard let name = HTTPField.Name(name) else { return nil }
        let values = headerFields[values: name]
        return values.isEmpty ? nil : values.joined(separator: ", ")
    }

    init(_ reply: Reply, delayMilliseconds: Int) {
        self.delayMilliseconds = delayMilliseconds
        switch reply.action {
        case .respond(let response):
            (status, headerFields, body, fault) = (response.status, Self.fields(of: response), response.body, nil)
        case .truncate(let response):
            (status, headerFields, body, fault) = (
                response.status, Self.fields(of: response), Array(response.body.prefix(response.bodyCount / 2)), .truncated
            )
        case .dribble(let response, _, _):
            (status, headerFields, body, fault) = (response.status, Self.fields(of: response), response.body, .dribbled)
        case .stream(let response, let stream):
            // Every piece once, as a client reading to the end gets them (a repetition once, a hold left out).
            let ending: Fault? =
                switch stream.ending {
                case .cut: .truncated
                case .reset: .reset
                case .close, .hold, .repeatFrom: nil
                }
            (status, headerFields, body, fault) = (response.status, response.headerFields, stream.bytesOnce, ending)
        case .webSocket(let response, _):
            // The handshake's answer (101 and its fields); the socket's messages need the server.
            (status, headerFields, body, fault) = (response.status, response.headerFields, [], nil)
        case .reset:
            (status, headerFields, body, fault) = (nil, [:], [], .reset)
        case .hold, .deferred:
            (status, headerFields, body, fault) = (nil, [:], [], .held)
        }
    }

    /// The response's fields with the `Content-Length` the server would send.
    private static func fields(of response: Response) -> HTTPFields {
        var fields = response.headerFields
        fields[.contentLength] = String(response.bodyCount)
        return fields
    }
}
