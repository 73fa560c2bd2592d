import HTTPTypes
package import UnderstudyHTTP
package import UnderstudyUpstreamWire

/// Forwards one request under a mapping's prefix to its upstream and turns the answer into a reply for the
/// client, without blocking a worker thread (``Reply/Action/deferred``). Shared by `understudy record` and
/// a scenario's `proxy:`.
package struct UpstreamForwarder: Sendable {
    package let client: any UpstreamClient

    package init(client: any UpstreamClient) {
        self.client = client
    }

    /// Request headers that belong to one connection, or that would make the upstream answer in a form
    /// the client did not ask this server for (compressed bodies are not rewritten).
    static let hopByHop: Set<String> = [
        "connection", "keep-alive", "proxy-connection", "te", "trailer", "transfer-encoding", "upgrade", "host",
        "content-length", "accept-encoding", "proxy-authorization",
    ]

    /// The reply, deferred; `observe` sees each complete upstream answer (the recorder keeps it).
    package func forward(
        _ request: ServerRequest, mapping: UpstreamMapping, clientOrigin: String, tag: String,
        observe: (@Sendable (UpstreamResponse) -> Void)? = nil
    ) -> Reply {
        let outgoing = Self.upstreamRequest(request, mapping: mapping)
        let client = client
        return Reply(
            .deferred(
                DeferredReply { finish in
                    client.send(outgoing) { result in
                        switch result {
                        case .success(let response):
                            observe?(response)
                            finish(Reply(.respond(Self.clientResponse(response, mapping: mapping, clientOrigin: clientOrigin, tag: tag)), tag: tag))
                        case .failure(let error):
                            finish(Self.failure(error, tag: tag))
                        }
                    }
                }), tag: tag)
    }

    static func upstreamRequest(_ request: ServerRequest, mapping: UpstreamMapping) -> UpstreamRequest {
        var headers: [(String, String)] = []
        for field in request.headerFields {
            let name = field.name.canonicalName
            guard !hopByHop.contains(name), !name.hasPrefix("x-understudy-") else { continue }
            headers.append((field.name.rawName, field.value))
        }
        return UpstreamRequest(
            method: request.method.rawValue, url: mapping.upstreamURL(path: request.path, query: request.encodedQuery),
            headers: headers, body: request.body)
    }

    /// The upstream's answer as the client gets it: links to the upstream point at this server instead.
    static func clientResponse(_ response: UpstreamResponse, mapping: UpstreamMapping, clientOrigin: String, tag: String) -> Response {
        let rewriter = LinkRewriter(mapping: mapping, replacement: clientOrigin)
        var fields = HTTPFields()
        for (name, value) in response.headers {
            guard let field = HTTPField.Name(name), !hopByHop.contains(field.canonicalName) else { continue }
            fields.append(HTTPField(name: field, value: field == .location ? rewriter.rewriteHeader(value) : value))
        }
        if !tag.isEmpty { fields[.understudyScenario] = tag }
        return Response(status: HTTPResponse.Status(code: response.status), headerFields: fields, body: rewriter.rewrite(response.body))
    }

    /// 502 (504 for a timeout) in Understudy's error shape, naming the upstream.
    package static func failure(_ error: UpstreamError, tag: String) -> Reply {
        let status: HTTPResponse.Status = if case .timedOut = error { .gatewayTimeout } else { .badGateway }
        var reply = ScenarioResponder.error(status, "upstream failed", "\(error)")
        reply.tag = tag
        return reply
    }
}
