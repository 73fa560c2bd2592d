import HTTPTypes
import UnderstudyAPIService
import UnderstudyDocuments
package import UnderstudyHTTP

extension ScenarioResponder {
    /// Renders a response for one host: links filled in, headers set, and for
    /// `malformed-json` the body cut in half.
    func prepare(_ response: APIResponse, headers: HTTPFields, scenario: Scenario, origin: String, malformed: Bool) -> Response {
        var body = response.body.render(origin: Origin(origin))
        if malformed { body = Array(body.prefix(body.count / 2)) }
        var fields: HTTPFields = [.contentType: response.contentType]
        for field in headers {
            // `{{origin}}` in a header (an OpenAPI document's `Location` or `Link`, a scenario file's own) is the
            // address the client used, as in bodies.
            fields[field.name] = field.value.contains("{{origin}}") ? field.value.replacingAll("{{origin}}", with: origin) : field.value
        }
        Self.stamp(&fields, scenario: scenario)
        return Response(status: response.status, headerFields: fields, body: body)
    }

    /// What every answer of a scenario says: which scenario answered, and that any page may read it.
    static func stamp(_ fields: inout HTTPFields, scenario: Scenario) {
        fields[.understudyScenario] = scenario.name
        if fields[.allowOrigin] == nil { fields[.allowOrigin] = "*" }
    }

    /// The request's `Host` when it is a plain host[:port]; anything else
    /// (missing, or characters that could break a JSON string) falls back to
    /// the server's own address.
    package func host(of request: ServerRequest) -> String {
        if let host = request.target.host, Authority.isPlain(host) { return host }
        return control.fallbackHost.current
    }

    /// `scheme://host` for the links of a response: `https` when the request came over TLS.
    package func origin(of request: ServerRequest) -> String {
        (request.target.isSecure ? "https://" : "http://") + host(of: request)
    }

}
