import HTTPTypes
import UnderstudyAdminWire
import UnderstudyHTTP

/// `PUT /__admin/scenario` and `PUT /__admin/sessions/ID/scenario`: the global selection, an API's override, or a
/// session's, checked whole before the store (with replicas) and then this replica take it.
extension AdminAPI {
    /// `{"name": …}`, `{"name": …, "api": …}`, `{"sequence": [{"name": …, "count": N}, …, {"name": …}]}`
    /// (with or without `api`), or `{"name": null, "api": …}` to drop an override.
    func switchScenario(_ request: ServerRequest, session: String?) throws(AdminError) {
        let body = try AdminRequestBody(request.body, accepted: UnderstudyWire.ScenarioChange.CodingKeys.allCases.map(\.stringValue))
        let api = try body.string("api").map { (text: String) throws(AdminError) -> UnderstudyAPI in
            guard let api = UnderstudyAPI(rawValue: text) else {
                throw AdminError(
                    .badRequest, "unknown API", "Unknown API '\(text)'. Accepted: \(UnderstudyAPI.allCases.map(\.rawValue).joined(separator: ", ")).")
            }
            return api
        }
        if let operation = try body.string("operation") {
            return try useScenario(body, forOperation: operation, session: session)
        }
        let selection: Selection?
        if body.has("sequence") {
            guard !body.has("name") else { throw AdminError(.badRequest, "conflicting fields", "Give either 'name' or 'sequence', not both.") }
            selection = try sequence(body)
        } else if let name = try body.string("name") {
            selection = Selection(name)
        } else if body.isNull("name"), api != nil {
            selection = nil
        } else {
            throw AdminError(
                .badRequest, "missing field",
                "Send {\"name\": \"SCENARIO\"}, optionally with \"api\" (swapi, artic, catfact), or {\"sequence\": [{\"name\": \"rate-limited\", \"count\": 2}, {\"name\": \"happy\"}]}; {\"name\": null, \"api\": …} removes an override."
            )
        }
        if session != nil { expireSessions() }
        let refusal = control.state.withLock { state -> AdminError? in
            for name in selection?.scenarioNames ?? [] where state.scenarios[name] == nil {
                return unknownScenario(name, status: .badRequest, known: state.scenarios.names)
            }
            return session.flatMap { Self.refusesNewSession($0, in: state) }
        }
        if let refusal { throw refusal }
        // Checked first, so that the store is never given a change this replica would refuse.
        try share(.selection(session: session, api: api, selection))
        control.state.withLock { state in
            if let id = session { state.sessions[id]?.lastUsed.mark() }
            switch (session, api) {
            case (nil, nil): state.active = selection!
            case (nil, let api?): state.overrides[api] = selection
            case (let id?, nil): state.sessions[id, default: .init()].all = selection
            case (let id?, let api?): state.sessions[id, default: .init()].apis[api] = selection
            }
        }
    }
}
