extension UnderstudyWire {
    /// The state replicas share (`serve --redis`), as `GET /__admin/health` reports it.
    public struct SharedHealth: Codable, Sendable, Equatable {
        /// `connected`, `connecting` (never reached yet) or `unavailable`.
        public var status: String
        /// The store, password hidden: `redis://HOST:PORT/DB`.
        public var store: String
        /// This replica's name (`--replica-name`), when it has one.
        public var replica: String?
        /// Why the store is not connected; nil while it is.
        public var detail: String?
        /// The last version of the shared state this replica applied.
        public var version: Int?
        /// While the store is unavailable: requests are served from what this replica last read, admin
        /// writes answer 503 and unfinished shared sequences answer 503.
        public var servingFromCache: Bool

        public init(status: String, store: String, replica: String?, detail: String?, version: Int?, servingFromCache: Bool) {
            self.status = status
            self.store = store
            self.replica = replica
            self.detail = detail
            self.version = version
            self.servingFromCache = servingFromCache
        }

        enum CodingKeys: String, CodingKey {
            case status, store, replica, detail, version
            case servingFromCache = "serving_from_cache"
        }
    }

    /// The scenario files each replica serves, as hashes, so replicas that disagree are visible.
    public struct ScenarioSets: Codable, Sendable, Equatable {
        /// This replica's: a hash of every file under its scenarios folder (paths and bytes).
        public var hash: String
        /// Each replica's hash as it last reported it to the store, by replica name.
        public var replicas: [String: String]
        /// Whether every replica reports this replica's hash.
        public var agree: Bool

        public init(hash: String, replicas: [String: String], agree: Bool) {
            self.hash = hash
            self.replicas = replicas
            self.agree = agree
        }
    }
}
