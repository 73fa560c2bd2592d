import Atomics
import HTTPTypes
import UnderstudyAdminWire
import UnderstudyDocuments
import UnderstudyHTTP
import UnderstudyOpenAPI

/// `Prefer` on a request to a mounted OpenAPI document: one of the operation's other answers, as Prism
/// reads the header (`code=404`, `example=NAME`, `dynamic=true`), plus Understudy's `breaker=KIND`. Rendered
/// for this request only (a test-time choice, not the served path), with the scenario's delay and fault.
extension ScenarioResponder {
    func preferredReply(
        _ request: ServerRequest, operation reference: OperationReference, prefer: String, scenario: Scenario, delay: Int, fault: Fault
    ) -> Reply {
        guard let document = scenario.mounts[reference.mount], reference.index < document.service.operations.count else {
            return Self.error(.internalServerError, "no such operation", "The document mounted as /\(reference.mount) changed; reload.")
        }
        let operation = document.service.operations[reference.index]
        var choice = reference.choice
        for preference in Self.preferences(prefer) {
            switch preference.name {
            case "code":
                guard let code = Int(preference.value), (100...599).contains(code) else {
                    return Self.error(.badRequest, "invalid Prefer", "code= takes an HTTP status from 100 to 599; got '\(preference.value)'.")
                }
                choice.status = code
            case "example": choice.example = preference.value
            case "dynamic": choice.dynamic = preference.value == "true"
            case "breaker":
                guard let kind = DecodeBreaker.Kind(rawValue: preference.value) else {
                    return Self.error(
                        .badRequest, "invalid Prefer",
                        "breaker= takes one of \(DecodeBreaker.Kind.allCases.map(\.rawValue).joined(separator: ", ")); got '\(preference.value)'.")
                }
                choice.breaker = kind
            default: continue  // Other preferences (return=minimal, respond-async…) are not about the staged answer.
            }
        }
        if let name = choice.example, !operation.exampleNames(for: choice.status).contains(name) {
            let known = operation.exampleNames(for: choice.status)
            return Self.error(
                .badRequest, "no such example",
                "\(operation.method.rawValue) \(operation.path.text) has no example '\(name)' for that response"
                    + (known.isEmpty ? " (it has none)." : "; it has \(known.joined(separator: ", ")))."))
        }
        guard let fixed = document.answer(operation, choice) else {
            let described = operation.responses.map(\.status.description).joined(separator: ", ")
            return Self.error(
                .badRequest, "no such response",
                "\(operation.method.rawValue) \(operation.path.text) describes no response \(choice.status.map(String.init) ?? "") in \(document.file); it describes \(described)."
            )
        }
        let response = prepare(
            fixed.render(parameters: [:]), headers: fixed.fields, scenario: scenario, origin: origin(of: request), malformed: fault == .malformedJSON)
        return Self.reply(response, delay: delay, fault: fault, scenario: scenario)
    }

    /// `name=value` pairs of a `Prefer` header (RFC 7240), names lowercased, quotes removed; parameters after `;` ignored.
    static func preferences(_ header: String) -> [(name: String, value: String)] {
        header.split(separator: ",").prefix(16).compactMap { item in
            let preference = item.split(separator: ";", maxSplits: 1).first ?? item
            let parts = preference.split(separator: "=", maxSplits: 1)
            guard let name = parts.first?.trimmingSpaces, !name.isEmpty else { return nil }
            var value = parts.count > 1 ? String(parts[1].trimmingSpaces) : ""
            if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") { value = String(value.dropFirst().dropLast()) }
            return (String(name).lowercased(), value)
        }
    }

    /// The request validation that applies: the session's own, else the server's; nil when off everywhere.
    func requestValidation(for request: ServerRequest) -> RequestValidation? {
        if control.sessionsValidate.load(ordering: .relaxed), let session = request.header(.understudySession),
            let own = control.state.withLock({ $0.sessions[session]?.validation })
        {
            return own
        }
        return control.requestValidation
    }

    /// What `request` breaks of its operation's contract, worst first.
    func requestProblems(
        _ request: ServerRequest, operation reference: OperationReference, route: CustomRoute, parameters: [String], scenario: Scenario
    ) -> [RequestCheck.Problem] {
        guard let document = scenario.mounts[reference.mount], reference.index < document.service.operations.count else { return [] }
        let names = route.parameterNames
        let values = Dictionary(zip(names, parameters), uniquingKeysWith: { first, _ in first })
        let check = RequestCheck(service: document.service)
        return check.problems(
            document.service.operations[reference.index],
            RequestCheck.Request(
                pathParameters: values, query: request.query.map { (name: $0.name, value: $0.value) },
                header: { name in HTTPField.Name(name).flatMap { request.header($0) } }, body: request.body))
    }

    /// `enforce`: 422 for a body that breaks its schema, else 400; the document's own response for that status
    /// when it describes one, else Understudy's error body with every problem.
    func enforcedReply(_ problems: [RequestCheck.Problem], operation reference: OperationReference, scenario: Scenario) -> Reply {
        let messages = problems.map(\.message)
        let status = problems.contains(where: { !$0.inBody }) ? 400 : 422
        if let document = scenario.mounts[reference.mount], reference.index < document.service.operations.count,
            let own = document.answer(document.service.operations[reference.index], AnswerChoice(status: status))
        {
            let response = prepare(own.render(parameters: [:]), headers: own.fields, scenario: scenario, origin: "http://", malformed: false)
            return Self.reporting(problems, on: Reply(.respond(response), tag: scenario.name))
        }
        var reply = Self.error(
            HTTPResponse.Status(code: status), "request does not match the OpenAPI document", messages.joined(separator: "; "))
        reply.tag = scenario.name
        return Self.reporting(problems, on: reply)
    }

    /// The reply with the problems in `X-Understudy-Request-Problems` and in the journal.
    static func reporting(_ problems: [RequestCheck.Problem], on reply: Reply) -> Reply {
        var reply = reply
        reply.problems = problems.map(\.message)
        guard case .respond(let response) = reply.action else { return reply }
        var fields = response.headerFields
        let text = problems.map(\.message).joined(separator: "; ")
        fields[requestProblems] = text.printableASCII(limit: 1000)
        reply.action = .respond(Response(status: response.status, headerFields: fields, body: response.body))
        return reply
    }

    static let requestProblems = HTTPField.Name("X-Understudy-Request-Problems")!
}
