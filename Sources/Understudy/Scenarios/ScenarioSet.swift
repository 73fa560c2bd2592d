#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// Every scenario of a folder, loaded and validated together.
public struct ScenarioSet: Sendable {
    public let directory: URL
    public let scenarios: [String: Scenario]
    /// Custom routes that scenarios with top-level settings (the bundled faults) apply to without extending them.
    let sharedRoutes: [SharedRoute]

    init(directory: URL, scenarios: [String: Scenario]) {
        self.directory = directory
        self.scenarios = scenarios
        sharedRoutes = SharedRoute.collect(scenarios)
    }

    /// Scenario names in alphabetical order.
    public var names: [String] { scenarios.keys.sorted() }

    public subscript(name: String) -> Scenario? { scenarios[name] }
}
