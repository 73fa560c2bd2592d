import HTTPTypes
import UnderstudyDocuments
import UnderstudyGraphQL
import UnderstudyHTTP

/// GraphQL's routes: an operation's staged answer, and the endpoint that answers the rest (from its schema), a
/// batch element by element, with GraphQL's own faults in the body and every HTTP fault on the exchange.
extension ScenarioResponder {
    /// Whether a GraphQL route takes `request`: an operation's route the single operation it names (with
    /// matching variables); an endpoint any GraphQL request, a batch or a broken one included.
    func graphQLTakes(_ route: CustomRoute, _ request: ServerRequest, _ lookup: inout GraphQLLookup) -> Bool {
        if let match = route.graphQLOperation {
            guard let operation = lookup.single(request, persisted: control.persistedQueries) else { return false }
            return match.matches(operation)
        }
        return lookup.call(request, persisted: control.persistedQueries) != nil
    }

    /// The answer of a GraphQL route that took `request` (``graphQLTakes(_:_:_:)``). The session's routes, then the
    /// scenario's, answer a batch's elements, and an operation for a route that sets only a fault or a delay (a route
    /// without an answer is never one of them). Nil when the route leaves the request to what follows (an endpoint
    /// with nothing to answer and a proxy behind it).
    func graphQLReply(
        _ request: ServerRequest, route: CustomRoute, parameters: [String], in scenario: Scenario, cacheIndex: Int?,
        lookup: inout GraphQLLookup, delayOverride: Int?
    ) -> Reply? {
        let later = lookup.sessionRoutes + scenario.routes
        let persisted = control.persistedQueries
        let generic = cacheIndex != nil ? scenario.generic : .none
        let delay = delayOverride ?? generic.delay(for: route) ?? 0
        let fault = generic.fault(for: route) ?? .none
        guard let read = lookup.call(request, persisted: persisted) else { return nil }
        let call: GraphQLCall
        switch read {
        case .failure(let problem):
            let body = GraphQLErrorBody.errors([GraphQLErrorEntry(message: problem.message, code: "BAD_REQUEST")])
            return graphQLReply(body, status: .badRequest, delay: delay, fault: fault, scenario: scenario)
        case .success(let found): call = found
        }
        var reply: Reply?
        if !fault.isGraphQL, generic.response(for: route) != nil {
            // A staged answer (or the scenario's own response, `server-error`'s 500) with an HTTP fault or none: a
            // route's answer like any other (request values, the cache).
            reply = routeReply(
                request, route: route, parameters: parameters, matched: nil, in: scenario, cacheIndex: cacheIndex, delayOverride: delayOverride)
        } else if route.graphQLOperation != nil, let operation = call.operations.first {
            do {
                let source = generic.response(for: route) != nil ? route : stagedRoute(for: operation, in: later)
                let body = answer(
                    operation, staged: source, endpoint: endpoint(for: request, in: later), fault: fault, request: request, scenario: scenario)
                reply = graphQLReply(body.json, status: body.status, delay: delay, fault: fault, scenario: scenario)
            }
        } else if let endpoint = route.graphQLEndpoint {
            if call.isBatch {
                // Each element as if sent alone, through the operations' routes; HTTP faults take the whole exchange.
                let bodies = call.operations.map { operation in
                    let staged = stagedRoute(for: operation, in: later)
                    let elementFault = staged.flatMap { cacheIndex != nil ? generic.fault(for: $0) : $0.fault } ?? fault
                    return answer(operation, staged: staged, endpoint: endpoint, fault: elementFault, request: request, scenario: scenario).json
                }
                reply = graphQLReply(.array(bodies), status: .ok, delay: delay, fault: fault, scenario: scenario)
            } else if let operation = call.operations.first {
                if endpoint.schema == nil, operation.refusal == nil, !fault.isGraphQL,
                    UpstreamMapping.covering(request.path, in: scenario.proxies) != nil
                {
                    return nil  // Nothing staged, no schema: the scenario's proxy answers.
                }
                let body = answer(operation, staged: nil, endpoint: endpoint, fault: fault, request: request, scenario: scenario)
                if case .introspection(let run) = body.kind {
                    reply = introspectionReply(run, delay: delay, fault: fault, scenario: scenario)
                } else {
                    reply = graphQLReply(body.json, status: body.status, delay: delay, fault: fault, scenario: scenario)
                }
            }
        }
        reply?.graphQLOperations = call.names
        return reply
    }

    /// The first route among `routes` that stages an answer for `operation` (its name and variables).
    func stagedRoute(for operation: GraphQLCall.Operation, in routes: [CustomRoute]) -> CustomRoute? {
        guard operation.refusal == nil else { return nil }
        return routes.first { route in route.fixed != nil && route.graphQLOperation?.matches(operation) == true }
    }

    /// The endpoint among `routes` at the request's path.
    func endpoint(for request: ServerRequest, in routes: [CustomRoute]) -> GraphQLEndpoint? {
        routes.first { $0.graphQLEndpoint?.path == request.path }?.graphQLEndpoint
    }

    private func graphQLReply(_ json: JSONValue, status: HTTPResponse.Status, delay: Int, fault: Fault, scenario: Scenario) -> Reply {
        var fields: HTTPFields = [.contentType: "application/json; charset=utf-8"]
        Self.stamp(&fields, scenario: scenario)
        var body = JSONWriter().template(json).render(origin: Origin(""))
        if fault == .malformedJSON { body = Array(body.prefix(body.count / 2)) }
        return Self.reply(Response(status: status, headerFields: fields, body: body), delay: delay, fault: fault, scenario: scenario)
    }

    /// An introspection query, which GraphQL's executor answers asynchronously: the connection is parked meanwhile.
    private func introspectionReply(_ run: @escaping @Sendable () async -> JSONValue, delay: Int, fault: Fault, scenario: Scenario) -> Reply {
        Reply(
            .deferred(
                DeferredReply { finish in
                    Task {
                        let json = await run()
                        finish(self.graphQLReply(json, status: .ok, delay: delay, fault: fault, scenario: scenario))
                    }
                }), tag: scenario.name)
    }
}
