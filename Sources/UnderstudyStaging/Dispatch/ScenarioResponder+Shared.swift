import HTTPTypes
import UnderstudyHTTP

/// A request that needs the shared store (`--redis`): the first of a session this replica has not
/// seen, or one of a shared sequence still counting. A worker thread never waits on the store: it
/// parks the request and the store's thread answers it (``SharedStateStore/perform(_:)``). Every
/// other request, a known session's or a finished sequence's, never comes here.
extension ScenarioResponder {
    enum SharedStep {
        case scenario(Scenario)
        case refused(Reply)
    }

    /// The request parked until the store's thread has chosen its scenario and made its reply (the
    /// same code as on the worker thread, the store asked where it is needed); refused at once when
    /// the store has as many requests waiting as it takes.
    func waitForStore(_ request: ServerRequest, _ store: any SharedStateStore) -> Reply {
        Reply(
            .deferred(
                DeferredReply { finish in
                    let queued = store.perform {
                        let reply = self.apiOrRouteReply(to: request, onStoreThread: true)
                        // A route that proxies answers later still: its own work finishes the request.
                        if case .deferred(let proxied) = reply.action { proxied.start(finish) } else { finish(reply) }
                    }
                    if !queued { finish(Self.storeBusy) }
                }))
    }

    static let storeBusy = error(
        .serviceUnavailable, "shared state busy",
        "This request needs the shared store (the first request of a session this replica has not served, or a step of a sequence the replicas count together), and too many requests are already waiting for it; nothing was read or counted. Retry shortly; GET /__admin/health shows the store's status."
    )

    /// A session this replica has not seen, read from the store; a refusal when the store cannot say
    /// (answering with the global selection could be the wrong scenario for the session's test).
    static func read(_ session: String, _ shared: any SharedStateStore) -> Reply? {
        do {
            try shared.read(session: session)
            return nil
        } catch {
            return Self.error(
                .serviceUnavailable, "shared state unavailable",
                "This replica has not served this session yet and cannot read it from the store: \(error.cause). Answering with the global scenario could be the wrong one for the session; retry once Redis is back (GET /__admin/health shows its status)."
            )
        }
    }

    func sharedStep(_ selection: Selection) -> SharedStep {
        let name: String
        do {
            name = try selection.nextShared()
        } catch {
            // Never a guess: answering the sequence's next step from a local count would give a
            // test a step another replica also gave, or skip one.
            return .refused(
                Self.error(
                    .serviceUnavailable, "shared state unavailable",
                    "This request belongs to a scenario sequence that replicas count together in Redis, and the count could not be taken: \(error.cause). Nothing was counted; retry once Redis is back (GET /__admin/health shows its status)."
                ))
        }
        guard let scenario = control.state.withLock({ $0.scenarios[name] }) else {
            return .refused(Self.unknownScenario(name, known: control.state.withLock { $0.scenarios.names }))
        }
        return .scenario(scenario)
    }
}
