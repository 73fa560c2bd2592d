import Dispatch
import HTTPTypes
import UnderstudyHTTP

/// `GET /__admin/requests` on a replica with `--peers`: every peer's part of the journal (this replica's
/// included, when the peer names resolve to it, as a headless Service's do), merged by time. The peers
/// are asked off the worker threads, the connection parked meanwhile; one that does not answer makes
/// the read fail (502) naming it, so a global journal is complete or absent, never silently partial.
extension AdminAPI {
    func globalJournalReply(_ request: ServerRequest, peers: any JournalFanOut) throws(AdminError) -> Reply {
        // The filters are checked here first, so that a mistake is this replica's 400, not each peer's.
        _ = try journalJSON(request)
        let query = request.query.map { (name: $0.name, value: $0.value) }
        let authorization = request.header(.authorization)
        return Reply(
            .deferred(
                DeferredReply { finish in
                    DispatchQueue.global().async {
                        do throws(SharedStateFailure) {
                            finish(Self.json(.ok, try peers.globalJournal(query: query, authorization: authorization)))
                        } catch {
                            finish(
                                Self.error(
                                    AdminError(
                                        .badGateway, "peer unavailable",
                                        "\(error.cause). Read one session's journal through the load balancer (?session=ID reaches its replica), a replica's own with ?local=1, or retry."
                                    )))
                        }
                    }
                }))
    }
}
