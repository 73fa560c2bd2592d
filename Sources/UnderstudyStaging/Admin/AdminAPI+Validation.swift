import Atomics
import HTTPTypes
import UnderstudyAdminWire
import UnderstudyHTTP

/// `PUT /__admin/sessions/ID/validation`: a session's own request validation (see ``RequestValidation``).
extension AdminAPI {
    /// `{"mode": "off" | "report" | "enforce"}`: request validation for the session's requests to OpenAPI documents.
    func setValidation(_ request: ServerRequest, session id: String) throws(AdminError) {
        let body = try AdminRequestBody(request.body, accepted: ["mode"])
        let usage = "Send {\"mode\": \"report\"} (off, report or enforce)."
        guard let text = try body.string("mode"), let mode = RequestValidation(rawValue: text) else {
            throw AdminError(.badRequest, "invalid validation mode", usage)
        }
        let failure = control.state.withLock { state -> AdminError? in
            if let refusal = Self.refusesNewSession(id, in: state) { return refusal }
            state.sessions[id, default: .init()].validation = mode
            state.sessions[id]?.lastUsed.mark()
            return nil
        }
        if let failure { throw failure }
        control.sessionsValidate.store(true, ordering: .relaxed)
    }
}
