import HTTPTypes
import UnderstudyAPIService
import UnderstudyHTTP

/// A fixed response whose body or headers hold request values (`{{request.…}}`, `{{now}}`, `{{uuid}}`,
/// `{{counter}}`): made anew for each request, never cached.
extension ScenarioResponder {
    func requestValuesResponse(
        _ fixed: CannedResponse, to request: ServerRequest, route: CustomRoute, parameters: [String], scenario: Scenario, malformed: Bool,
        values: [String: String]? = nil
    ) -> Response {
        let named = values ?? Dictionary(zip(route.parameterNames, parameters), uniquingKeysWith: { $1 })
        let counter = fixed.usesCounter ? nextCount(of: route, for: request) : 0
        return prepare(
            fixed.render(parameters: named, request: request, counter: counter),
            headers: fixed.renderedFields(parameters: named, request: request, counter: counter), scenario: scenario,
            origin: origin(of: request), malformed: malformed)
    }

    /// `{{counter}}`: the route's next count for the request's session.
    func nextCount(of route: CustomRoute, for request: ServerRequest) -> Int {
        control.counters.next(route: "\(route.method?.rawValue ?? "*") \(route.pattern)", session: request.header(.understudySession))
    }
}
