extension UnderstudyWire {
    /// One scenario of `GET /__admin/scenarios`.
    public struct ScenarioInfo: Codable, Sendable, Equatable {
        public var name: String
        public var description: String
        public var file: String
        public var extends: [String]
        /// Whether the global selection uses it.
        public var active: Bool

        public init(name: String, description: String, file: String, extends: [String], active: Bool) {
            self.name = name
            self.description = description
            self.file = file
            self.extends = extends
            self.active = active
        }
    }

    /// Why the last reload was rejected: each problem as `file:line:column: key: message`.
    public struct ReloadError: Codable, Sendable, Equatable {
        public var problems: [String]

        public init(problems: [String]) {
            self.problems = problems
        }
    }

    /// `GET /__admin/scenarios`.
    public struct Scenarios: Codable, Sendable, Equatable {
        public var active: Selection
        public var scenarios: [ScenarioInfo]
        public var lastReloadError: ReloadError?
        /// With `serve --redis`: the scenario files' hash of this replica and of the others.
        public var sets: ScenarioSets?

        public init(active: Selection, scenarios: [ScenarioInfo], lastReloadError: ReloadError?, sets: ScenarioSets? = nil) {
            self.active = active
            self.scenarios = scenarios
            self.lastReloadError = lastReloadError
            self.sets = sets
        }

        enum CodingKeys: String, CodingKey {
            case active, scenarios, sets
            case lastReloadError = "last_reload_error"
        }

        /// `sets` only with replicas (`serve --redis`): a server on its own answers as it always did.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(active, forKey: .active)
            try container.encode(scenarios, forKey: .scenarios)
            try container.encode(lastReloadError, forKey: .lastReloadError)
            if let sets { try container.encode(sets, forKey: .sets) }
        }
    }

    /// `POST /__admin/reload` when the new set was accepted.
    public struct Reloaded: Codable, Sendable, Equatable {
        public var reloaded: Bool
        public var scenarios: [String]

        public init(reloaded: Bool = true, scenarios: [String]) {
            self.reloaded = reloaded
            self.scenarios = scenarios
        }
    }
}
