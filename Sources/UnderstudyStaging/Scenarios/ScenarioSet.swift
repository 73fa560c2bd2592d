package import UnderstudyAPIService

#if canImport(FoundationEssentials)
package import FoundationEssentials
#else
package import Foundation
#endif

/// Every scenario of a folder, loaded and validated together.
package struct ScenarioSet: Sendable {
    package let directory: URL
    /// What made the APIs' services from its datasets: a reload, and a session's own routes, use it again.
    package let apis: APIServices
    package let scenarios: [String: Scenario]
    /// Custom routes that scenarios with top-level settings (the bundled faults) apply to without extending them.
    let sharedRoutes: [SharedRoute]
    /// The OpenAPI documents served, by mount name (every scenario serves them all).
    package var mounts: [String: MountedDocument] { scenarios.values.first?.mounts ?? [:] }

    /// The folder's resources and every copy of their items; a reload starts them from their seeds again.
    package let resources: ResourceStore

    package init(directory: URL, apis: APIServices, scenarios: [String: Scenario], resources: ResourceStore = .empty) {
        self.directory = directory
        self.resources = resources
        self.apis = apis
        self.scenarios = scenarios
        sharedRoutes = SharedRoute.collect(scenarios)
    }

    /// Scenario names in alphabetical order.
    package var names: [String] { scenarios.keys.sorted() }

    package subscript(name: String) -> Scenario? { scenarios[name] }
}
