import HTTPTypes
import UnderstudyAPIService
import UnderstudyAdminWire
import UnderstudyDocuments
import UnderstudyHTTP

/// A request to one of the three APIs (SWAPI, artic, catfact): its methods checked, its answer rendered for the
/// request's host once and kept in the scenario's cache, then remembered by target so the next one is a lookup.
extension ScenarioResponder {
    func apiReply(_ request: ServerRequest, api: UnderstudyAPI, scenario: Scenario, delay: Int, fault: Fault) -> Reply {
        switch request.method {
        case .get, .head: break
        case .post where api.takesPost(api.subpath(of: request.path)): break
        case .options:
            // artic's search also takes a JSON POST: a browser must be told so before it sends one.
            let search = api.takesPost(api.subpath(of: request.path))
            return Reply(.respond(search ? Self.searchPreflight : Self.preflight), tag: scenario.name)
        default:
            return Self.error(
                .methodNotAllowed, "method not allowed",
                "\(api.rawValue) answers GET, HEAD and OPTIONS; got \(request.method.rawValue).", allow: true)
        }
        let malformed = fault == .malformedJSON
        let target = ResponseCache.Target(target: request.target, malformed: malformed)
        // Only plain hosts are remembered, so a hit needs no check of the Host. A POST's answer depends on its body.
        if request.method != .post, let response = scenario.cache[target] {
            return Self.reply(response, delay: delay, fault: fault, scenario: scenario)
        }

        let behavior = scenario.behavior(api)
        let host = host(of: request)
        let route: RouteKey
        let template: () -> APIResponse
        if let fixed = behavior.fixed {
            route = .fixed(api)
            template = { fixed.render(parameters: [:]) }
        } else {
            let builtin = behavior.service.route(request, subpath: api.subpath(of: request.path))
            route = .builtin(builtin)
            template = { behavior.service.render(builtin) }
        }
        let key = ResponseCache.Key(route: route, host: host, isSecure: request.target.isSecure, malformed: malformed)
        let prepareForHost = { (response: APIResponse) in
            // Made only when rendering: a hit in the cache costs no string.
            let origin = self.origin(of: request)
            // A redirect's Location points at the host the client used, like every link.
            let headers = behavior.fixed?.fields ?? response.location.map { [.location: "\(origin)\($0)"] } ?? [:]
            return self.prepare(response, headers: headers, scenario: scenario, origin: origin, malformed: malformed)
        }
        let (rendered, kept) =
            route.isCacheable
            ? scenario.cache.response(for: key, template: template, prepare: prepareForHost)
            : (prepareForHost(template()), false)
        // Only what the cache keeps is remembered: the memo never holds a body of its own.
        // The target is remembered only when the response was rendered for its own Host, never the fallback.
        if kept, route.isRepeatable, request.method != .post, request.target.host == host {
            scenario.cache.remember(rendered, for: target)
        }
        return Self.reply(rendered, delay: delay, fault: fault, scenario: scenario)
    }
}
