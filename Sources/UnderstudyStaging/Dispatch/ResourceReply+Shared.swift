import HTTPTypes
import UnderstudyHTTP

/// A resource request with a shared store (`--redis`), on the store's thread: this replica's copy is made what the
/// store holds, the request answered from it as without a store, and a write stored back before it is answered, so
/// a replica killed or a request sent to another replica loses nothing. Two replicas writing one session's copy at
/// the same moment keep the later write (a load balancer's session affinity keeps a session on one replica).
extension ScenarioResponder {
    func sharedResourceReply(
        _ resource: ResourceRoute, _ shared: any SharedStateStore, to request: ServerRequest, parameters: [String], delay: Int, fault: Fault,
        scenario: Scenario
    ) -> Reply {
        let session = request.header(.understudySession)
        let store = resource.store
        let key = store.sharedKey(resource.index, session: session)
        let stored: [UInt8]?
        do throws(SharedStateFailure) {
            stored = try shared.loadResource(key)
        } catch {
            return Self.resourceStoreDown(error.cause, wrote: false)
        }
        do throws(ResourceRefusal) {
            try store.restore(resource.index, session: session, from: stored)
        } catch {
            return Self.error(error.status, error.error, error.detail)
        }
        let before = store.version(resource.index, session: session)
        let reply = resourceReply(
            resource, to: request, parameters: parameters, delay: delay, fault: fault, scenario: scenario, fromStore: true)
        guard store.version(resource.index, session: session) != before else { return reply }
        do throws(SharedStateFailure) {
            try shared.storeResource(key, store.itemsJSON(resource.index, session: session), session: session)
        } catch {
            // Not stored, so not made: the next request reads the store's copy again, as it was.
            return Self.resourceStoreDown(error.cause, wrote: true)
        }
        return reply
    }

    static func resourceStoreDown(_ cause: String, wrote: Bool) -> Reply {
        error(
            .serviceUnavailable, "shared state unavailable",
            "Resources live in the shared store, which \(wrote ? "did not take this write (nothing was changed)" : "could not be read"): \(cause). Retry once Redis is back (GET /__admin/health shows its status)."
        )
    }
}
