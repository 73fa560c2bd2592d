package import UnderstudyAdminWire

/// State shared between replicas (`--redis`): the engine's side of it. The engine knows no store;
/// `UnderstudyReplicas` implements ``SharedStateStore`` over Redis and the command line hands it
/// in through the configuration. Without one, nothing here is on any path: the responder and the
/// admin API test one `let` for nil.
///
/// The rule the store keeps: a change is written to the store first and applied here only once the
/// store took it (never applied locally only, or replicas diverge); requests are served from what
/// this replica holds, which the store keeps up to date from the other replicas' changes.
package protocol SharedStateStore: AnyObject, Sendable {
    /// Called once by the engine, before any request: where to apply the other replicas' changes.
    func attach(_ control: ServerControl)
    /// Writes a change made through this replica's admin API; throws when the store did not take it.
    func write(_ change: SharedChange) throws(SharedStateFailure)
    /// A new sequence's key, under which the replicas count its requests together.
    func makeSequenceKey() -> String
    /// Runs `work` on the store's own thread, where it may wait on the store: a worker thread never
    /// does (a request that needs the store is parked meanwhile, ``Reply/Action/deferred``). False,
    /// and `work` dropped, when as many requests wait already as the store takes.
    func perform(_ work: @escaping @Sendable () -> Void) -> Bool
    /// As ``perform(_:)``, for an admin call that waits on the store (a write, the scenario sets' read),
    /// on a thread of its own: a write never holds up the requests parked for ``perform(_:)``.
    func performAdmin(_ work: @escaping @Sendable () -> Void) -> Bool
    /// Whether a request of session `id`, which this replica does not hold, must wait for a read
    /// of the store: not when the store was asked moments ago and did not have it. Asked on the
    /// worker thread, under the state's lock: no I/O.
    func mustRead(session id: String) -> Bool
    /// Reads session `id` from the store, once, and applies it (a missing one is remembered
    /// briefly). Throws when the store cannot say: the request is refused rather than answered
    /// from a guess. Only on the store's thread (``perform(_:)``).
    func read(session id: String) throws(SharedStateFailure)
    /// Counts one request of the shared sequence `key`: its 1-based position among all replicas'
    /// requests. Only on the store's thread (``perform(_:)``).
    func advance(sequence key: String) throws(SharedStateFailure) -> Int
    /// A resource's copy as the store holds it (its items, a JSON array), nil when it holds none (the copy is the
    /// seed). With a store, each resource request reads its copy here first: a replica killed loses nothing.
    /// Only on the store's threads.
    func loadResource(_ key: String) throws(SharedStateFailure) -> [UInt8]?
    /// Stores a resource's copy under `key` (``ResourceStore/sharedKey(_:session:)``); a session's expires with the
    /// session idle time, and a session's end or a reset removes it. Only on the store's threads.
    func storeResource(_ key: String, _ items: [UInt8], session: String?) throws(SharedStateFailure)
    /// What `GET /__admin/health` says of the store.
    var health: UnderstudyWire.SharedHealth { get }
    /// What `GET /__admin/scenarios` says: this replica's scenario files' hash and the other replicas'.
    func scenarioSets() -> UnderstudyWire.ScenarioSets
}

/// The replicas whose journals make the global one (`--peers`): the journal stays on each replica, and a
/// global read asks every peer for its part. `UnderstudyReplicas` implements it over HTTP.
package protocol JournalFanOut: Sendable {
    /// Every peer's journal for `query` (the peers' own filters), merged by time; throws, naming the peer,
    /// when one does not answer: a global journal missing a replica's part must not look complete.
    func globalJournal(query: [(name: String, value: String)], authorization: String?) throws(SharedStateFailure) -> UnderstudyWire.Journal
}

/// A change of the admin API that every replica must see.
package enum SharedChange: Sendable {
    /// The global selection (`api` nil), a per-API override, or a session's (all APIs or one);
    /// nil removes an override or a session's per-API selection.
    case selection(session: String?, api: UnderstudyAPI?, Selection?)
    case deleteSession(String)
    /// `POST /__admin/reset`: the start scenario, no overrides, no sessions, journals cleared.
    case reset
}

/// Why the store did not take a change or count a request, said so that an operator can act.
package struct SharedStateFailure: Error, Sendable {
    package let cause: String

    package init(_ cause: String) {
        self.cause = cause
    }
}

/// A sequence whose requests are counted by the store for every replica together.
package struct SharedSequence: Sendable {
    package let key: String
    package let store: any SharedStateStore

    package init(key: String, store: any SharedStateStore) {
        self.key = key
        self.store = store
    }
}

/// The global selections as the store holds them, applied by ``ServerControl/applyShared(global:)``.
package struct SharedGlobal: Sendable {
    /// nil: the start scenario.
    package var active: Selection?
    package var overrides: [UnderstudyAPI: Selection] = [:]

    package init(active: Selection? = nil, overrides: [UnderstudyAPI: Selection] = [:]) {
        self.active = active
        self.overrides = overrides
    }
}

/// One session's selections as the store holds them.
package struct SharedSession: Sendable {
    package var all: Selection?
    package var apis: [UnderstudyAPI: Selection] = [:]

    package init(all: Selection? = nil, apis: [UnderstudyAPI: Selection] = [:]) {
        self.all = all
        self.apis = apis
    }

    package var isEmpty: Bool { all == nil && apis.isEmpty }
}
