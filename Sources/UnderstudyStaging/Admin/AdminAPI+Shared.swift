import HTTPTypes
import UnderstudyAdminWire
import UnderstudyHTTP

/// The admin API with replicas (`--redis`): a change goes to the shared store before it is applied
/// here, and a change the store did not take is refused (503) rather than applied on this replica
/// alone, where it would make the replicas disagree without anyone knowing.
extension AdminAPI {
    /// Writes `change` to the shared store; a no-op without one.
    func share(_ change: @autoclosure () -> SharedChange) throws(AdminError) {
        guard let shared = control.shared else { return }
        do {
            try shared.write(change())
        } catch {
            throw AdminError(
                .serviceUnavailable, "shared state unavailable",
                "The change was not made, on this replica or any other: \(error.cause). Replicas keep serving the state they last read; retry once the store is back (GET /__admin/health shows its status)."
            )
        }
    }

    /// A new selection; a sequence gets the shared store's key so that every replica counts it together.
    func makeSelection(steps: [Selection.Step]) -> Selection {
        Selection(steps: steps, shared: steps.count > 1 ? control.shared.map { SharedSequence(key: $0.makeSequenceKey(), store: $0) } : nil)
    }

    /// `GET /__admin/health`: precomputed on its own; with a shared store, its status too. With `?ready=1` (a
    /// readiness probe), 503 until the replica has read the shared state once: a replica that joins gets
    /// traffic only once it serves what the others serve. Redis lost later does not make it unready: it
    /// serves from what it read, as every replica does then.
    func health(_ request: ServerRequest) -> Reply {
        let (streams, sockets) = control.openStreams.current?() ?? (0, 0)
        var answer = UnderstudyWire.Health(openStreams: streams > 0 ? streams : nil, openWebSockets: sockets > 0 ? sockets : nil)
        guard let shared = control.shared else { return streams + sockets == 0 ? Self.healthy : Self.json(.ok, answer) }
        answer.shared = shared.health
        if request.queryValue("ready") != nil, answer.shared?.status == "connecting" {
            answer.status = "not ready"
            return Self.json(.serviceUnavailable, answer)
        }
        return Self.json(.ok, answer)
    }

    /// A session header that names another session than the path: refused, since a load balancer
    /// routes the call by the header and the state would change on the path's session.
    func checkSessionHeader(_ request: ServerRequest, matches id: String) throws(AdminError) {
        guard let header = request.header(.understudySession), header != id else { return }
        throw AdminError(
            .badRequest, "contradicting session header",
            "The \(UnderstudyHeaderName.session) header names another session than the path's '\(id)'. Send the path's id in the header (a load balancer routes by it) or leave the header out."
        )
    }
}

/// An admin call that waits on the shared store (`--redis`) never does on a worker thread: it is
/// parked while the store's admin thread runs it (``SharedStateStore/performAdmin(_:)``).
extension AdminAPI {
    /// A change (every method but GET and HEAD: a change is written to the store first) or the scenario
    /// sets' read (`GET /__admin/scenarios` reads every replica's hash).
    static func waitsOnStore(_ request: ServerRequest) -> Bool {
        switch request.method {
        // A resource's copy is the store's (`/__admin/resources`, `/__admin/sessions/ID/resources`).
        case .get, .head: request.path == "/__admin/scenarios" || request.path.hasSuffix("/resources")
        default: true
        }
    }

    static func waitForStore(_ request: ServerRequest, control: ServerControl, _ store: any SharedStateStore) -> Reply {
        Reply(
            .deferred(
                DeferredReply { finish in
                    let queued = store.performAdmin {
                        let answer = reply(to: request, control: control, onStoreThread: true)
                        // A reload answers later still: its own work finishes the call.
                        if case .deferred(let later) = answer.action { later.start(finish) } else { finish(answer) }
                    }
                    if !queued { finish(storeBusy) }
                }))
    }

    static let storeBusy = error(
        AdminError(
            .serviceUnavailable, "shared state busy",
            "Too many requests are already waiting for the shared store; nothing was changed, on this replica or any other. Retry shortly; GET /__admin/health shows the store's status."
        ))
}
