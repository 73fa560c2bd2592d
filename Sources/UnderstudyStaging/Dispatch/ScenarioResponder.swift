package import HTTPTypes
import Logging
import UnderstudyAPIService
import UnderstudyAdminWire
import UnderstudyDocuments
package import UnderstudyHTTP

/// Turns each request into a reply from the scenario it selects: the
/// pre-rendered response for its route and host, with the scenario's delay
/// and fault applied.
package final class ScenarioResponder: HTTPResponder {
    package let control: ServerControl
    private var logger: Logger { control.logger }
    /// Where access lines go (the configuration says; see ``AccessLogSink``).
    private let accessLog: AccessLogSink
    /// The logger is fixed for the server's life, so its level is read once, not per request.
    private let logsAccess: Bool

    package init(control: ServerControl, accessLog: AccessLogSink = .logger) {
        self.control = control
        self.accessLog = accessLog
        logsAccess = control.logger.logLevel <= .info
    }

    package func reply(to request: ServerRequest) -> Reply {
        if AdminAPI.owns(request.path) { return AdminAPI.reply(to: request, control: control) }
        let reply = apiOrRouteReply(to: request)
        if reply.answersAtOnce { control.journal.answeredAtOnce() }
        return reply
    }

    /// `onStoreThread`: run again by the shared store's thread (``SharedStateStore/perform(_:)``) for a
    /// request that needed the store, which may then be waited on; on a worker thread it never is.
    func apiOrRouteReply(to request: ServerRequest, onStoreThread: Bool = false) -> Reply {
        let path = request.path
        let matched = UnderstudyAPI.match(path)
        let scenario: Scenario
        let session = request.header(.understudySession)
        // The session's own routes, when its test defined some: read under the same lock as its scenario.
        var overlay: [CustomRoute] = []
        // Only the chosen scenario leaves the lock: copying the whole state per request costs more.
        if let name = request.header(.understudyScenario) {
            guard let chosen = control.state.withLock({ $0.scenarios[name] }) else {
                return Self.unknownScenario(name, known: control.state.withLock { $0.scenarios.names })
            }
            scenario = chosen
            if let session { overlay = control.state.withLock { $0.sessions[session]?.overlay.routes ?? [] } }
        } else {
            // With shared state (`--redis`), a session this replica has not seen is read from the store first,
            // on the store's thread: the worker parks the request (``waitForStore(_:_:)``).
            let shared = control.shared
            if onStoreThread, let session, let shared, let refusal = Self.read(session, shared) { return refusal }
            // A shared sequence still counting is counted by the store, outside the lock.
            var counting: Selection?
            var unread = false
            let picked = control.state.withLock { state -> Scenario? in
                if session == nil, let fixed = state.singleScenario(for: matched) { return fixed }
                if !onStoreThread, let session, let shared, state.sessions[session] == nil, shared.mustRead(session: session) {
                    unread = true
                    return nil
                }
                if let session, let routes = state.sessions[session]?.overlay.routes, !routes.isEmpty { overlay = routes }
                let selection = state.selection(api: matched, session: session)
                guard !selection.countsShared else {
                    counting = selection
                    return nil
                }
                return state.scenarios[selection.next()]!
            }
            if !onStoreThread, let store = unread ? shared : counting?.shared?.store { return waitForStore(request, store) }
            switch picked.map(SharedStep.scenario) ?? sharedStep(counting!) {
            case .scenario(let chosen): scenario = chosen
            case .refused(let reply): return reply
            }
        }
        var delayOverride: Int?
        if let text = request.header(.understudyDelay) {
            guard let value = RequestNumber.milliseconds(text), value <= ScenarioReader.maxDelayMilliseconds else {
                return Self.error(
                    .badRequest, "invalid X-Understudy-Delay",
                    "Expected milliseconds as digits, 0 to \(ScenarioReader.maxDelayMilliseconds) (the server caps delays at its --max-delay).")
            }
            delayOverride = value
        }
        let parts = overlay.isEmpty ? [] : Substring(request.path).pathSegments
        // Read as GraphQL only when a GraphQL route's path matched, and then once.
        var lookup = GraphQLLookup(sessionRoutes: overlay)
        for route in overlay {
            guard let parameters = route.match(request, parts: parts) else { continue }
            if route.isGraphQL, !graphQLTakes(route, request, &lookup) { continue }
            // The test's own route: its answer wins over every setting of the scenario, and nothing is cached.
            let answered =
                route.isGraphQL
                ? graphQLReply(
                    request, route: route, parameters: parameters, in: scenario, cacheIndex: nil, lookup: &lookup,
                    delayOverride: delayOverride)
                : routeReply(
                    request, route: route, parameters: parameters, matched: matched, in: scenario, cacheIndex: nil, delayOverride: delayOverride)
            guard var reply = answered else { continue }
            // Counted once the route answers: a route that answers nothing spends nothing of its `times:`.
            if let allowance = route.allowance, !allowance.take() { continue }
            reply.tag = Self.overlayTag
            return reply
        }
        return reply(to: request, matched: matched, in: scenario, delayOverride: delayOverride, lookup: &lookup)
    }

    /// What the journal and the access log say answered a request from a session's own routes.
    static let overlayTag = "session-route"

    private func reply(
        to request: ServerRequest, matched: UnderstudyAPI?, in scenario: Scenario, delayOverride: Int?, lookup: inout GraphQLLookup
    ) -> Reply {
        // Split once for every route tried, not once per route.
        let parts = scenario.routes.isEmpty ? [] : Substring(request.path).pathSegments
        let lengths = scenario.routeLengths
        for index in lengths.indices where CustomRoute.admits(length: lengths[index], parts: parts.count) {
            let route = scenario.routes[index]
            guard let parameters = route.match(request, parts: parts) else { continue }
            if route.isGraphQL {
                guard graphQLTakes(route, request, &lookup) else { continue }
                if let reply = graphQLReply(
                    request, route: route, parameters: parameters, in: scenario, cacheIndex: index, lookup: &lookup,
                    delayOverride: delayOverride)
                {
                    return reply
                }
                continue
            }
            if let reply = routeReply(
                request, route: route, parameters: parameters, matched: matched, in: scenario, cacheIndex: index, delayOverride: delayOverride)
            {
                return reply
            }
        }
        guard let api = matched else {
            if let reply = outsideReply(to: request, in: scenario, delayOverride: delayOverride) { return reply }
            return Self.error(
                .notFound, "not found",
                "No route for \(request.method.rawValue) \(request.path). Understudy serves \(UnderstudyAPI.allCases.map(\.prefix).joined(separator: ", ")) and /__admin/."
            )
        }
        let behavior = scenario.behavior(api)
        return apiReply(request, api: api, scenario: scenario, delay: delayOverride ?? behavior.delay, fault: behavior.fault)
    }

    /// A matched route's answer: its own response (rendered for the request's host; kept in the
    /// scenario's cache under `cacheIndex` when it is one of the scenario's routes), or its API's
    /// response with the route's delay and fault; nil when it names neither.
    func routeReply(
        _ request: ServerRequest, route: CustomRoute, parameters: [String], matched: UnderstudyAPI?, in scenario: Scenario, cacheIndex: Int?,
        delayOverride: Int?
    ) -> Reply? {
        // An OpenAPI operation's route, when requests are validated: checked against the document first.
        if let operation = route.operation, let mode = requestValidation(for: request), mode != .off {
            let problems = requestProblems(request, operation: operation, route: route, parameters: parameters, scenario: scenario)
            if !problems.isEmpty {
                if mode == .enforce { return enforcedReply(problems, operation: operation, scenario: scenario) }
                let reply = unvalidatedRouteReply(
                    request, route: route, parameters: parameters, matched: matched, in: scenario, cacheIndex: cacheIndex,
                    delayOverride: delayOverride)
                return reply.map { Self.reporting(problems, on: $0) }
            }
        }
        return unvalidatedRouteReply(
            request, route: route, parameters: parameters, matched: matched, in: scenario, cacheIndex: cacheIndex, delayOverride: delayOverride)
    }

    private func unvalidatedRouteReply(
        _ request: ServerRequest, route: CustomRoute, parameters: [String], matched: UnderstudyAPI?, in scenario: Scenario, cacheIndex: Int?,
        delayOverride: Int?
    ) -> Reply? {
        let behavior = route.api.map(scenario.behavior)
        // A scenario's route outside the APIs takes its top-level settings (GenericBehavior); an API's own route
        // its API's; a session's route (no cache index) its own alone.
        let generic = route.api == nil && cacheIndex != nil ? scenario.generic : .none
        let delay = delayOverride ?? generic.delay(for: route) ?? behavior?.delay ?? 0
        let fault = generic.fault(for: route) ?? behavior?.fault ?? .none
        if let operation = route.operation, let prefer = request.header(.prefer) {
            return preferredReply(request, operation: operation, prefer: prefer, scenario: scenario, delay: delay, fault: fault)
        }
        if let stream = route.stream, !generic.overridesStream(of: route) {
            return streamReply(stream, to: request, route: route, parameters: parameters, delay: delay, fault: fault, scenario: scenario)
        }
        if let webSocket = route.webSocket, !generic.overridesStream(of: route) {
            return webSocketReply(webSocket, to: request, route: route, delay: delay, fault: fault, scenario: scenario)
        }
        if let resource = route.resource, !generic.overridesStream(of: route) {
            return resourceReply(resource, to: request, parameters: parameters, delay: delay, fault: fault, scenario: scenario)
        }
        if let fixed = generic.response(for: route) {
            let malformed = fault == .malformedJSON
            if fixed.usesRequest {
                let response = requestValuesResponse(
                    fixed, to: request, route: route, parameters: parameters, scenario: scenario, malformed: malformed)
                return Self.reply(response, delay: delay, fault: fault, scenario: scenario)
            }
            let host = host(of: request)
            let render = { fixed.render(parameters: Dictionary(zip(route.parameterNames, parameters), uniquingKeysWith: { $1 })) }
            let prepare = { (template: APIResponse) in
                self.prepare(template, headers: fixed.fields, scenario: scenario, origin: self.origin(of: request), malformed: malformed)
            }
            let response =
                if let cacheIndex {
                    scenario.cache.response(
                        // A body that names no parameter is one entry whatever the path's values (`/pets/1`, `/pets/2`…).
                        for: ResponseCache.Key(
                            route: .custom(cacheIndex, fixed.usesParameters ? parameters : []), host: host, isSecure: request.target.isSecure,
                            malformed: malformed),
                        template: render,
                        prepare: prepare
                    ).response
                } else {
                    prepare(render())
                }
            return Self.reply(response, delay: delay, fault: fault, scenario: scenario)
        }
        if let api = route.api, matched != nil {
            return apiReply(request, api: api, scenario: scenario, delay: delay, fault: fault)
        }
        return nil
    }

    package static func reply(_ response: Response, delay: Int, fault: Fault, scenario: Scenario) -> Reply {
        switch fault {
        case .none, .malformedJSON, .graphQLErrors, .partialData: Reply(.respond(response), delayMilliseconds: delay, tag: scenario.name)
        case .timeout: Reply(.hold, tag: scenario.name)
        case .connectionReset: Reply(.reset, delayMilliseconds: delay, tag: scenario.name)
        case .truncatedBody: Reply(.truncate(response), delayMilliseconds: delay, tag: scenario.name)
        case .slowBody: Reply(.dribble(response, milliseconds: delay, chunks: 10), tag: scenario.name)
        }
    }

    static let preflight = preflight(allowing: "GET, HEAD, OPTIONS")
    static let searchPreflight = preflight(allowing: "GET, HEAD, POST, OPTIONS")

    /// A CORS preflight's answer: any origin, the methods the route takes, and the headers a test sends.
    static func preflight(allowing methods: String) -> Response {
        Response(
            status: .noContent,
            headerFields: [
                .allowOrigin: "*", .allowMethods: methods,
                .allowHeaders: "Content-Type, Authorization, Prefer, X-Understudy-Scenario, X-Understudy-Session, X-Understudy-Delay",
                .allow: methods,
            ])
    }

    static func unknownScenario(_ name: String, known: [String]) -> Reply {
        error(.badRequest, "unknown scenario", "No scenario named '\(name)'. Known scenarios: \(known.joined(separator: ", ")).")
    }

    /// Understudy's own error body: `{"error": …, "detail": …}`.
    package static func error(_ status: HTTPResponse.Status, _ error: String, _ detail: String, allow: Bool = false) -> Reply {
        var fields: HTTPFields = [.allowOrigin: "*", .contentTypeOptions: "nosniff"]
        if allow { fields[.allow] = "GET, HEAD, OPTIONS" }
        return Reply(.respond(ErrorBody.response(status, error: error, detail: detail, extra: fields)))
    }

    package func completed(_ exchange: CompletedExchange) {
        let request = exchange.request
        if !AdminAPI.owns(request.path) {
            control.journal.record(
                request: request, scenario: exchange.tag, status: exchange.status,
                durationNanoseconds: exchange.durationNanoseconds, completed: exchange.completed, problems: exchange.problems,
                graphQLOperations: exchange.graphQLOperations)
            if exchange.answeredAtOnce { control.journal.answerCompleted() }
        }
        guard logsAccess else { return }
        switch accessLog {
        case .buffered(let handler): handler.logInfo { Self.writeAccessLine(exchange, into: &$0) }
        case .logger: logger.info(Logger.Message(stringLiteral: Self.accessLine(exchange)), source: "understudy")
        }
    }
}
