import HTTPTypes
import UnderstudyAdminWire
import UnderstudyHTTP

/// `PUT /__admin/sessions/ID/scenario` with `{"name": S, "operation": OP}`: the session's GraphQL operation OP (at any
/// path) answers as scenario S would, with S's top-level fault and delay and S's own answer for OP if it stages one,
/// while the session's other requests keep their scenario. Kept as a session route, so DELETE …/routes undoes it.
extension AdminAPI {
    func useScenario(_ body: AdminRequestBody, forOperation operation: String, session: String?) throws(AdminError) {
        guard let session else {
            throw AdminError(
                .badRequest, "operation needs a session",
                "A scenario for one GraphQL operation is a session's: PUT /__admin/sessions/ID/scenario with {\"name\": …, \"operation\": …}.")
        }
        guard ScenarioReader.isGraphQLName(operation) || ScenarioReader.isPersistedQueryHash(operation) else {
            throw AdminError(.badRequest, "invalid operation", "Expected a GraphQL operation name (letters, digits, _), not '\(operation)'.")
        }
        guard !body.has("sequence"), !body.has("api") else {
            throw AdminError(.badRequest, "conflicting fields", "A scenario for one operation takes only 'name' and 'operation'.")
        }
        guard let name = try body.string("name") else {
            throw AdminError(.badRequest, "missing field", "Send {\"name\": \"graphql-errors\", \"operation\": \"\(operation)\"}.")
        }
        guard let scenario = control.state.withLock({ $0.scenarios[name] }) else {
            throw unknownScenario(name, status: .badRequest, known: control.state.withLock { $0.scenarios.names })
        }
        let match = GraphQLOperationMatch(name: operation)
        let staged = scenario.routes.first { $0.fixed != nil && $0.graphQLOperation?.name == operation && $0.graphQLOperation?.variables == nil }
        var route = CustomRoute(
            method: nil, path: "", fixed: staged?.fixed, delay: scenario.generic.delay ?? staged?.delay,
            fault: scenario.generic.fault ?? staged?.fault ?? Fault.none)
        route.graphQLOperation = match
        expireSessions()
        try defineRoutes([route], session: session, replacing: false)
    }
}
