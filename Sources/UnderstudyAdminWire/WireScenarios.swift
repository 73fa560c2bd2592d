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

        public init(active: Selection, scenarios: [ScenarioInfo], lastReloadError: ReloadError?) {
            self.active = active
            self.scenarios = scenarios
            self.lastReloadError = lastReloadError
        }

        enum CodingKeys: String, CodingKey {
            case active, scenarios
            case lastReloadError = "last_reload_error"
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
