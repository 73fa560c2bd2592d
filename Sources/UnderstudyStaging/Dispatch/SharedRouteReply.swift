import UnderstudyHTTP

/// Requests outside the three APIs that the selected scenario has no route for: a scenario with top-level
/// settings (every bundled fault scenario) applies them to the route another scenario of the folder
/// defines, so flipping to `server-error` or `timeout` flips a team's own (or recorded) API too.
extension ScenarioResponder {
    func outsideReply(to request: ServerRequest, in scenario: Scenario, delayOverride: Int?) -> Reply? {
        if let proxied = proxyReply(to: request, in: scenario) { return proxied }
        let generic = scenario.generic
        guard generic.appliesEverywhere else { return nil }
        let shared = control.state.withLock { $0.scenarios.sharedRoutes }
        for candidate in shared {
            let route = candidate.route
            guard let values = route.match(request) else { continue }
            if let stream = route.stream, generic.fixed == nil {
                return streamReply(
                    stream, to: request, route: route, parameters: values, delay: delayOverride ?? generic.delay ?? 0,
                    fault: generic.fault ?? .none, scenario: scenario)
            }
            if let resource = route.resource, generic.fixed == nil {
                return resourceReply(
                    resource, to: request, parameters: values, delay: delayOverride ?? generic.delay ?? 0, fault: generic.fault ?? .none,
                    scenario: scenario)
            }
            if let webSocket = route.webSocket, generic.fixed == nil {
                return webSocketReply(
                    webSocket, to: request, route: route, delay: delayOverride ?? generic.delay ?? 0, fault: generic.fault ?? .none,
                    scenario: scenario)
            }
            guard let own = route.fixed ?? generic.fixed else { continue }
            let fixed = generic.fixed ?? own
            let parameters = generic.fixed == nil ? Dictionary(zip(route.parameterNames, values), uniquingKeysWith: { $1 }) : [:]
            let fault = generic.fault ?? .none
            let delay = delayOverride ?? generic.delay ?? 0
            // Not cached: the scenario's cache is keyed by its own routes, and a fault path need not be fast.
            let response = requestValuesResponse(
                fixed, to: request, route: route, parameters: values, scenario: scenario, malformed: fault == .malformedJSON,
                values: parameters)
            return Self.reply(response, delay: delay, fault: fault, scenario: scenario)
        }
        return nil
    }
}
