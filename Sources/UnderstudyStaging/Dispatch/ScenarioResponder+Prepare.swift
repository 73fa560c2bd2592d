package import HTTPTypes
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
        fields[.understudyScenario] = scenario.name
        if fields[.allowOrigin] == nil { fields[.allowOrigin] = "*" }
        return Response(status: response.status, headerFields: fields, body: body)
    }
}
