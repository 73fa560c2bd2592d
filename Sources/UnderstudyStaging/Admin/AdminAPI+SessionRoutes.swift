import HTTPTypes
import UnderstudyHTTP

/// `PUT|POST /__admin/sessions/ID/routes`: routes a test defines for its session (see ``SessionOverlay``).
extension AdminAPI {
    /// Adds `routes` to the session's own (creating the session), or replaces them; refused whole, with
    /// nothing changed, past a bound of the session or of all sessions together.
    func defineRoutes(_ routes: [CustomRoute], session id: String, replacing: Bool) throws(AdminError) {
        let failure = control.state.withLock { state -> AdminError? in
            if let refusal = Self.refusesNewSession(id, in: state) { return refusal }
            let present = state.sessions[id]
            let before = present?.overlay ?? SessionOverlay()
            let overlay: SessionOverlay
            do throws(AdminError) {
                overlay = try (replacing ? SessionOverlay() : before).adding(routes)
            } catch {
                return error
            }
            let total = state.overlayBytes - before.bytes + overlay.bytes
            guard total <= SessionOverlay.maxTotalBytes else {
                return AdminError(
                    HTTPResponse.Status(code: 507, reasonPhrase: "Insufficient Storage"), "session routes full",
                    "All sessions' routes together keep at most \(SessionOverlay.maxTotalBytes) bytes; these would make \(total). Delete sessions you are done with, or POST /__admin/reset."
                )
            }
            present?.lastUsed.mark()
            state.sessions[id, default: .init()].overlay = overlay
            return nil
        }
        if let failure { throw failure }
    }
}
