import HTTPTypes

/// A scenario's top-level `response`, `delay` and `fault`, as they apply to routes of its own
/// (`routes:`, recorded ones included) — the three APIs get them through ``APIBehavior``.
///
/// Each setting remembers how far up the `extends` chain it was written (0: the scenario's own file), so
/// that the nearest file wins: a fault scenario that extends a recording flips the recorded routes, while a
/// route the scenario itself overrides (same file, or nearer) keeps its own answer.
package struct GenericBehavior: Sendable {
    package var fixed: CannedResponse?
    var fixedDepth = Int.max
    var delay: Int?
    var delayDepth = Int.max
    var fault: Fault?
    var faultDepth = Int.max

    package static let none = GenericBehavior()

    /// Whether the scenario sets anything at its top level: only then does it apply to routes that other
    /// scenarios of the folder define (a bare scenario such as `happy` keeps answering 404 there).
    var appliesEverywhere: Bool { fixed != nil || delay != nil || fault != nil }

    /// The response a route gives: the generic one when it was written nearer than the route.
    package func response(for route: CustomRoute) -> CannedResponse? {
        if let fixed, fixedDepth < route.depth { return fixed }
        return route.fixed
    }

    /// Whether the scenario's own response answers instead of a route's stream (`server-error`'s 500 before
    /// any event): the same rule as ``response(for:)``.
    func overridesStream(of route: CustomRoute) -> Bool { fixed != nil && fixedDepth < route.depth }

    func fault(for route: CustomRoute) -> Fault? {
        if let fault, route.fault == nil || faultDepth < route.depth { return fault }
        return route.fault
    }

    func delay(for route: CustomRoute) -> Int? {
        if let delay, route.delay == nil || delayDepth < route.depth { return delay }
        return route.delay
    }
}

/// A route that one scenario defines, which a scenario with top-level settings borrows when it has no
/// route of its own for the request (`server-error` flipping a recorded API it does not extend).
package struct SharedRoute: Sendable {
    package let scenario: Scenario
    package let index: Int

    package var route: CustomRoute { scenario.routes[index] }

    /// Custom routes outside the API prefixes, by scenario name then order in the file: the first match wins.
    static func collect(_ scenarios: [String: Scenario]) -> [SharedRoute] {
        var shared: [SharedRoute] = []
        var seen: Set<String> = []
        for name in scenarios.keys.sorted() {
            let scenario = scenarios[name]!
            for (index, route) in scenario.routes.enumerated()
            where (route.fixed != nil || route.stream != nil || route.webSocket != nil || route.resource != nil) && route.api == nil {
                // An inherited route appears in every scenario of the chain: keep its first copy only.
                let key =
                    "\(route.method?.rawValue ?? "*") \(route.pattern)?\(route.query.map { "\($0.pairs)" } ?? "*") \(route.body.map { "\($0)" } ?? "*")"
                if seen.insert(key).inserted { shared.append(SharedRoute(scenario: scenario, index: index)) }
            }
        }
        return shared
    }
}
