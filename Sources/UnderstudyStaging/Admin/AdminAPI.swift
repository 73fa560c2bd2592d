package import HTTPTypes
import UnderstudyAPIService
import UnderstudyAdminWire
import UnderstudyDocuments
package import UnderstudyHTTP

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The `/__admin` routes: switch scenarios (globally, per API, per session,
/// or as a sequence), read and clear the journal, reset, reload, health and
/// the dashboard. JSON in, JSON out; every mistake is a 4xx that names it
/// and leaves the state unchanged.
package struct AdminAPI {
    package let control: ServerControl

    package static let prefix = "/__admin"

    /// Whether a decoded path belongs to the admin API: the one place that tests the prefix, for
    /// the main port's responder (which hands these to ``reply(to:control:)`` and keeps them out
    /// of the journal) and the access line.
    static func owns(_ path: String) -> Bool { path.hasBytePrefix(prefixBytes) }

    private static let prefixBytes = Array(prefix.utf8)

    /// The admin API's one entry, for the main port and the `--admin-port` listener alike. A path
    /// outside ``prefix`` reaches it only on the admin listener, which serves nothing else. Admin
    /// paths need no percent-escapes, and one that has any is refused before any admin route runs:
    /// a rule in front of the server that filters the literal `/__admin` prefix (a proxy, a
    /// firewall) must not be bypassed by `/%5f%5fadmin` or `/__admin%2Freset`, which decode to the same path.
    package static func reply(to request: ServerRequest, control: ServerControl) -> Reply {
        reply(to: request, control: control, onStoreThread: false)
    }

    /// `onStoreThread`: run again by the shared store's admin thread (``SharedStateStore/performAdmin(_:)``).
    static func reply(to request: ServerRequest, control: ServerControl, onStoreThread: Bool) -> Reply {
        if !onStoreThread, let shared = control.shared, waitsOnStore(request) { return waitForStore(request, control: control, shared) }
        guard owns(request.path) else {
            return error(AdminError(.notFound, "not found", "This port serves only the admin API under /__admin/; the APIs are on the main port."))
        }
        guard request.literalPathPrefix >= request.path.utf8.count else {
            return error(
                AdminError(
                    .badRequest, "escaped admin path",
                    "Admin paths are sent as they are; this one has percent-escapes. Write /__admin/… literally."))
        }
        do {
            if let download = try TrustDownloads.reply(to: request, trust: control.trust.current) { return download }
            return try AdminAPI(control: control).route(request)
        } catch {
            return AdminAPI.error(error)
        }
    }

    private func route(_ request: ServerRequest) throws(AdminError) -> Reply {
        let rest = request.path.dropFirst(Self.prefix.count)
        let segments = rest.pathSegments.map(String.init)
        let method = request.method
        try control.adminGuard.check(request, dashboard: segments.isEmpty)

        switch segments {
        case []:
            try allow(method, [.get, .head], path: "/__admin/")
            return Reply(.respond(Dashboard.page))
        case ["health"]:
            try allow(method, [.get, .head], path: "/__admin/health")
            return health(request)
        case ["scenarios"]:
            try allow(method, [.get, .head], path: "/__admin/scenarios")
            return ok(scenariosJSON())
        case ["scenario"]:
            try allow(method, [.get, .head, .put], path: "/__admin/scenario")
            if method == .put { try switchScenario(request, session: nil) }
            return ok(stateJSON())
        case let path where path.count == 2 && path[0] == "scenario":
            try allow(method, [.put], path: "/__admin/scenario/NAME")
            let name = path[1]
            let exists = control.state.withLock { $0.scenarios[name] != nil }
            guard exists else { throw unknownScenario(name, status: .notFound) }
            let selection = Selection(name)
            try share(.selection(session: nil, api: nil, selection))
            control.state.withLock { $0.active = selection }
            return ok(stateJSON())
        case ["reset"]:
            try allow(method, [.post], path: "/__admin/reset")
            try share(.reset)
            control.state.withLock { state in
                state.active = Selection(state.startScenario)
                state.overrides = [:]
                state.sessions = [:]
            }
            // Outside the state's lock: giving freed memory back may take a moment.
            control.state.withLock { $0.scenarios.resources }.reset()
            control.counters.reset()
            control.journal.clear()
            return ok(stateJSON())
        case ["reload"]:
            try allow(method, [.post], path: "/__admin/reload")
            // A load can take seconds: the connection waits parked, not a worker thread, and the
            // reload runs on the reload thread (one at a time; a stop cancels it and answers 503).
            return Reply(
                .deferred(
                    DeferredReply { [control] finish in
                        control.requestReload { outcome in
                            switch outcome {
                            case .loaded(let names):
                                finish(Self.json(.ok, UnderstudyWire.Reloaded(scenarios: names)))
                            case .rejected(let reason, let problems):
                                finish(
                                    Self.json(
                                        .unprocessableContent,
                                        body: ErrorBody.bytes(
                                            error: "reload rejected", detail: "\(reason); the previous scenarios keep serving.",
                                            problems: problems.map(\.description))))
                            case .cancelled:
                                finish(
                                    AdminAPI.error(AdminError(.serviceUnavailable, "stopping", "The server is stopping; the reload was cancelled.")))
                            }
                        }
                    }))
        case ["requests"]:
            try allow(method, [.get, .head, .delete], path: "/__admin/requests")
            if method == .delete {
                let session = try sessionID(request.queryValue("session"))
                control.journal.clear(session: session)
                return ok(UnderstudyWire.Cleared())
            }
            return try journalReply(request)
        case ["sessions"]:
            try allow(method, [.get, .head], path: "/__admin/sessions")
            return ok(try sessionsJSON(request))
        case let path where path.count == 3 && path[0] == "sessions" && path[2] == "scenario":
            try allow(method, [.put], path: "/__admin/sessions/ID/scenario")
            let id = try sessionID(path[1])!
            try checkSessionHeader(request, matches: id)
            try switchScenario(request, session: id)
            return ok(stateJSON(session: id))
        case let path where path.count == 3 && path[0] == "sessions" && path[2] == "routes":
            try allow(method, [.get, .head, .put, .post, .delete], path: "/__admin/sessions/ID/routes")
            let id = try sessionID(path[1])!
            try checkSessionHeader(request, matches: id)
            if method == .put || method == .post {
                let routes = try SessionOverlay.routes(
                    from: request.body, scenarios: control.state.current.scenarios)
                expireSessions()
                try defineRoutes(routes, session: id, replacing: method == .put)
            } else if method == .delete {
                control.state.withLock { state in state.sessions[id]?.overlay = SessionOverlay() }
            }
            return ok(sessionRoutesJSON(session: id))
        case ["resources"]:
            try allow(method, [.get, .head, .put], path: "/__admin/resources")
            return try resourcesReply(request, session: nil)
        case let path where path.count == 3 && path[0] == "sessions" && path[2] == "resources":
            try allow(method, [.get, .head, .put], path: "/__admin/sessions/ID/resources")
            let id = try sessionID(path[1])!
            try checkSessionHeader(request, matches: id)
            return try resourcesReply(request, session: id)
        case let path where path.count == 3 && path[0] == "sessions" && path[2] == "validation":
            try allow(method, [.get, .head, .put], path: "/__admin/sessions/ID/validation")
            let id = try sessionID(path[1])!
            try checkSessionHeader(request, matches: id)
            if method == .put { try setValidation(request, session: id) }
            let mode = control.state.withLock { $0.sessions[id]?.validation } ?? control.requestValidation
            return ok(UnderstudyWire.Validation(mode: mode))
        case let path where path.count == 2 && path[0] == "sessions":
            try allow(method, [.get, .head, .delete], path: "/__admin/sessions/ID")
            let id = try sessionID(path[1])!
            try checkSessionHeader(request, matches: id)
            if method != .delete { return ok(stateJSON(session: id)) }
            try share(.deleteSession(id))
            let resources = control.state.withLock { state in
                state.sessions.removeValue(forKey: id)
                return state.scenarios.resources
            }
            resources.end(session: id)
            control.journal.clear(session: id)
            return ok(stateJSON(session: id))
        default:
            throw AdminError(
                .notFound, "unknown admin route",
                "No admin route \(request.method.rawValue) \(request.path). Routes: \(Self.routes.joined(separator: ", ")).")
        }
    }

    package static let routes = [
        "GET /__admin/", "GET /__admin/health", "GET /__admin/scenarios", "GET|PUT /__admin/scenario", "PUT /__admin/scenario/NAME",
        "POST /__admin/reset", "POST /__admin/reload", "GET|DELETE /__admin/requests", "GET /__admin/sessions",
        "PUT /__admin/sessions/ID/scenario", "GET|PUT|POST|DELETE /__admin/sessions/ID/routes",
        "GET|PUT /__admin/sessions/ID/validation", "GET|DELETE /__admin/sessions/ID", "GET|PUT /__admin/resources",
        "GET|PUT /__admin/sessions/ID/resources",
    ]

    // MARK: - Checks

    private func allow(_ method: HTTPRequest.Method, _ allowed: [HTTPRequest.Method], path: String) throws(AdminError) {
        guard !allowed.contains(method) else { return }
        let list = allowed.map(\.rawValue).joined(separator: ", ")
        throw AdminError(.methodNotAllowed, "method not allowed", "\(path) accepts \(list); got \(method.rawValue).", allow: list)
    }

    /// A session id: 1 to 128 letters, digits, `.`, `_` or `-`.
    func sessionID(_ text: String?) throws(AdminError) -> String? {
        guard let text else { return nil }
        guard text.utf8.count <= 128, !text.isEmpty, text.utf8.allSatisfy({ Self.sessionBytes.contains($0) }) else {
            throw AdminError(.badRequest, "invalid session id", "Session ids are 1 to 128 letters, digits, '.', '_' or '-'.")
        }
        return text
    }

    private static let sessionBytes = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-".utf8)

    /// The refusal of a session that does not exist yet when the server already keeps `--session-limit` of them.
    static func refusesNewSession(_ id: String, in state: ServerState) -> AdminError? {
        guard state.sessions[id] == nil, state.sessions.count >= state.sessionLimits.limit else { return nil }
        return AdminError(
            .tooManyRequests, "too many sessions",
            "This server keeps at most \(state.sessionLimits.limit) sessions (--session-limit). Delete sessions you are done with (DELETE /__admin/sessions/ID), let idle ones expire (after \(state.sessionLimits.ttlSeconds) s, --session-ttl), or POST /__admin/reset."
        )
    }

    func unknownScenario(_ name: String, status: HTTPResponse.Status, known: [String]? = nil) -> AdminError {
        let names = known ?? control.state.current.scenarios.names
        return AdminError(status, "unknown scenario", "No scenario named '\(name)'. Known scenarios: \(names.joined(separator: ", ")).")
    }

    // MARK: - Responses

    /// Answered often (a client polls it while a server starts): encoded once.
    static let healthy = json(.ok, UnderstudyWire.Health())

    private func ok<Answer: Encodable>(_ answer: Answer) -> Reply { Self.json(.ok, answer) }

    /// An answer of the admin API, encoded through its wire type (`UnderstudyWire`, shared with the client).
    package static func json<Answer: Encodable>(_ status: HTTPResponse.Status, _ answer: Answer) -> Reply {
        json(status, body: JSONWriter().template(JSONValueEncoder.encode(answer)).render(origin: Origin("")))
    }

    /// An admin answer's already encoded body: never cached by a client (`no-store`), never sniffed.
    package static func json(_ status: HTTPResponse.Status, body: [UInt8], extra: HTTPFields = [:]) -> Reply {
        var fields: HTTPFields = [.contentType: "application/json", .cacheControl: "no-store", .contentTypeOptions: "nosniff"]
        fields.append(contentsOf: extra)
        return Reply(.respond(Response(status: status, headerFields: fields, body: body)))
    }

    package static func error(_ error: AdminError) -> Reply {
        json(
            error.status, body: ErrorBody.bytes(error: error.error, detail: error.detail, problems: error.problems),
            extra: error.allow.map { [.allow: $0] } ?? [:])
    }
}
