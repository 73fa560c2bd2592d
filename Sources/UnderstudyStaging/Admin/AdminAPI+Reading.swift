import Dispatch
import HTTPTypes
import UnderstudyAPIService
import UnderstudyAdminWire
import UnderstudyDocuments
import UnderstudyHTTP

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The admin API's read-only answers: state, sessions, scenarios and the journal, as the wire types.
extension AdminAPI {
    /// `GET /__admin/requests`. With answers already sent and not yet recorded, the read waits for them parked
    /// (a deferred reply), and the wait runs off the worker threads (see ``Journal/settle()``).
    func journalReply(_ request: ServerRequest) throws(AdminError) -> Reply {
        if let peers = control.journalPeers, request.queryValue("local") == nil { return try globalJournalReply(request, peers: peers) }
        if control.journal.isSettled { return Self.json(.ok, try journalJSON(request)) }
        let api = self
        return Reply(
            .deferred(
                DeferredReply { finish in
                    DispatchQueue.global().async {
                        api.control.journal.settle()
                        do throws(AdminError) {
                            finish(Self.json(.ok, try api.journalJSON(request)))
                        } catch {
                            finish(Self.error(error))
                        }
                    }
                }))
    }

    /// A session's own routes, in the order they are tried (a later call's first).
    func sessionRoutesJSON(session id: String) -> UnderstudyWire.SessionRoutes {
        let overlay = control.state.withLock { $0.sessions[id]?.overlay } ?? SessionOverlay()
        return UnderstudyWire.SessionRoutes(
            session: id,
            routes: overlay.routes.map { route in
                UnderstudyWire.SessionRoute(
                    method: route.method?.rawValue ?? "*", path: route.pattern, status: route.fixed?.status, remaining: route.allowance?.left)
            },
            bytes: overlay.bytes)
    }

    /// The global selection and the number of sessions (never the sessions themselves: there
    /// may be thousands, and the dashboard polls this); with `session`, that one session too.
    func stateJSON(session id: String? = nil) -> UnderstudyWire.State {
        expireSessions()
        let state = control.state.current
        return UnderstudyWire.State(
            active: state.active.wire,
            start: state.startScenario,
            overrides: Self.perAPI(state.overrides),
            sessionCount: state.sessions.count,
            session: id.flatMap { id in state.sessions[id].map { Self.sessionWire(id, $0, now: SessionClock.now()) } },
            namesSession: id != nil
        )
    }

    static func perAPI(_ selections: [UnderstudyAPI: Selection]) -> UnderstudyWire.Members<UnderstudyWire.Selection> {
        UnderstudyWire.Members(UnderstudyAPI.allCases.compactMap { api in selections[api].map { (key: api.rawValue, value: $0.wire) } })
    }

    static func sessionWire(_ id: String, _ session: ServerState.Session, now: Int64) -> UnderstudyWire.SessionState {
        UnderstudyWire.SessionState(
            id: id, scenario: session.all?.wire, apis: perAPI(session.apis),
            idleSeconds: Int(max(0, now - session.lastUsed.milliseconds) / 1000))
    }

    /// `GET /__admin/sessions`: one page of sessions in id order (`limit`, default 100, at most
    /// 1000; `after`, the last id of the previous page), with the total and the bounds.
    func sessionsJSON(_ request: ServerRequest) throws(AdminError) -> UnderstudyWire.Sessions {
        let accepted = ["limit", "after"]
        if let unknown = request.query.first(where: { !accepted.contains($0.name) }) {
            throw AdminError(.badRequest, "unknown parameter", "Unknown parameter '\(unknown.name)'. Accepted: \(accepted.joined(separator: ", ")).")
        }
        var limit = 100
        if let text = request.queryValue("limit") {
            guard let value = Int(text), (0...1000).contains(value) else {
                throw AdminError(.badRequest, "invalid parameter", "'limit' must be a whole number from 0 to 1000.")
            }
            limit = value
        }
        let after = try sessionID(request.queryValue("after"))
        expireSessions()
        let state = control.state.current
        let now = SessionClock.now()
        var ids = after.map { after in state.sessions.keys.filter { $0 > after } } ?? Array(state.sessions.keys)
        ids.sort()
        let page = ids.prefix(limit)
        return UnderstudyWire.Sessions(
            count: state.sessions.count,
            ttlSeconds: state.sessionLimits.ttlSeconds,
            maxSessions: state.sessionLimits.limit,
            sessions: UnderstudyWire.Members(page.map { id in (key: id, value: Self.sessionWire(id, state.sessions[id]!, now: now)) }),
            next: ids.count > page.count ? page.last : nil
        )
    }

    /// Removes the sessions idle past the TTL: found on a snapshot, so the lock every request
    /// takes is held only to remove them (checked again there: a request may just have used one).
    func expireSessions() {
        let expired = control.state.current.expiredSessions()
        guard !expired.isEmpty else { return }
        control.state.withLock { state in
            for id in expired {
                if let session = state.sessions[id], state.isExpired(session, touching: false) { state.sessions.removeValue(forKey: id) }
            }
        }
    }

    func scenariosJSON() -> UnderstudyWire.Scenarios {
        let state = control.state.current
        return UnderstudyWire.Scenarios(
            active: state.active.wire,
            scenarios: state.scenarios.names.map { name in
                let scenario = state.scenarios[name]!
                return UnderstudyWire.ScenarioInfo(
                    name: name, description: scenario.description, file: scenario.file,
                    extends: scenario.extends, active: state.active.scenarioNames.contains(name))
            },
            lastReloadError: state.reloadProblems.map { UnderstudyWire.ReloadError(problems: $0.map(\.description)) },
            sets: control.shared?.scenarioSets()
        )
    }

    func journalJSON(_ request: ServerRequest) throws(AdminError) -> UnderstudyWire.Journal {
        var filter = Journal.Filter()
        // `local`: this replica's part alone, as a peer's global read asks for it (`--peers`).
        let accepted = ["session", "api", "path", "status", "since", "limit", "local"]
        if let unknown = request.query.first(where: { !accepted.contains($0.name) }) {
            throw AdminError(.badRequest, "unknown parameter", "Unknown parameter '\(unknown.name)'. Accepted: \(accepted.joined(separator: ", ")).")
        }
        filter.session = try sessionID(request.queryValue("session"))
        if let text = request.queryValue("api") {
            guard let api = UnderstudyAPI(rawValue: text) else {
                throw AdminError(
                    .badRequest, "unknown API", "Unknown API '\(text)'. Accepted: \(UnderstudyAPI.allCases.map(\.rawValue).joined(separator: ", ")).")
            }
            filter.api = api
        }
        filter.pathPrefix = request.queryValue("path")
        if let text = request.queryValue("status") {
            guard let status = RequestNumber.id(Substring(text)), status <= 999 else {
                throw AdminError(.badRequest, "invalid parameter", "'status' must be a status code such as 500.")
            }
            filter.status = status
        }
        if let text = request.queryValue("since") {
            if let id = RequestNumber.id(Substring(text)) {
                filter.sinceID = id
            } else if let date = (try? Date(text, strategy: Date.ISO8601FormatStyle(includingFractionalSeconds: true)))
                ?? (try? Date(text, strategy: .iso8601))
            {
                filter.sinceTime = date
            } else {
                throw AdminError(.badRequest, "invalid parameter", "'since' must be an entry id or an ISO 8601 time such as 2026-01-01T12:00:00Z.")
            }
        }
        if let text = request.queryValue("limit") {
            guard let limit = RequestNumber.id(Substring(text)) else {
                throw AdminError(.badRequest, "invalid parameter", "'limit' must be a whole number, 0 or more.")
            }
            filter.limit = limit
        }
        let entries = control.journal.entries(matching: filter)
        return UnderstudyWire.Journal(count: entries.count, capacity: control.journal.capacity, requests: entries.map(\.wire))
    }
}
