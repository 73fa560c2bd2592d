import HTTPTypes
import UnderstudyHTTP

/// A scenario's `proxy:`: requests under one of its prefixes that no route of the scenario matched go to
/// the real service, so a test stages only the endpoints it is about. The answer is deferred (no worker
/// thread waits on the upstream) and journaled like any other, under the scenario's name.
extension ScenarioResponder {
    func proxyReply(to request: ServerRequest, in scenario: Scenario) -> Reply? {
        guard !scenario.proxies.isEmpty, let mapping = UpstreamMapping.covering(request.path, in: scenario.proxies) else { return nil }
        guard let client = control.upstreamClient.current else {
            var reply = Self.error(
                .badGateway, "no upstream client",
                "\(scenario.name) proxies \(mapping.prefix) to \(mapping.origin), but this server was started without an HTTP client for upstreams.")
            reply.tag = scenario.name
            return reply
        }
        return UpstreamForwarder(client: client).forward(request, mapping: mapping, clientOrigin: origin(of: request), tag: scenario.name)
    }
}
