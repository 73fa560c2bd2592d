package import UnderstudyDocuments

/// Which of an operation's answers a scenario (or a request's `Prefer` header) asks for: a status the
/// document may describe, a named example or the synthesised body, a decode-breaker, arrays emptied.
package struct AnswerChoice: Hashable, Sendable {
    /// The status wanted; nil: the operation's success (its first 2xx response).
    package var status: Int?
    /// A named example of the chosen response (`Prefer: example=NAME`); nil: the first, else the synthesised body.
    package var example: String?
    /// The body synthesised from the schema even when the document has examples (`Prefer: dynamic=true`).
    package var dynamic = false
    /// A body a generated client cannot decode (2xx JSON bodies only).
    package var breaker: DecodeBreaker.Kind?
    /// Every array in the body emptied (the `empty` scenario).
    package var emptyArrays = false

    package init(status: Int? = nil, example: String? = nil, dynamic: Bool = false, breaker: DecodeBreaker.Kind? = nil, emptyArrays: Bool = false) {
        self.status = status
        self.example = example
        self.dynamic = dynamic
        self.breaker = breaker
        self.emptyArrays = emptyArrays
    }
}

/// What to send for one operation and one ``AnswerChoice``, before the origin is known.
package struct OperationAnswer: Sendable {
    package var status: Int
    /// The document's response headers (example values), without `Content-Type`.
    package var headers: [(name: String, value: String)]
    /// The media type served; nil when the response has no body.
    package var contentType: String?
    /// The body: JSON for a JSON media type; a string example is sent as it is for any other.
    package var body: Body
    /// What synthesis could not do for this body, when it is the synthesised one (it may not validate).
    package var synthesisWarnings: [String] = []

    package enum Body: Sendable {
        case none
        case json(JSONValue)
        case text(String)
        /// A `text/event-stream` response: each value one event's data (see ``OpenAPIOperation/answer(_:)``).
        case events([JSONValue])
    }

    /// How many events a stream synthesised from a schema has.
    package static let synthesizedEvents = 3
}

extension OpenAPIOperation {
    /// The response the document gives for `status`: that code, else its class (`5XX`), else `default`
    /// (for an error status); for nil, the lowest success response (a POST that documents only 201 answers
    /// 201, one that documents 200 and 201 answers 200), else the first one written.
    package func response(for status: Int?) -> OpenAPIResponse? {
        guard let status else {
            return responses.filter(\.status.isSuccess).min { $0.status.servedCode < $1.status.servedCode }
                ?? responses.first { $0.status != .default } ?? responses.first
        }
        if let exact = responses.first(where: { $0.status == .code(status) }) { return exact }
        if let range = responses.first(where: { $0.status == .range(status / 100) }) { return range }
        return status >= 400 ? responses.first { $0.status == .default } : nil
    }

    /// The answer `choice` asks for, or nil when the document describes no response for its status (the
    /// scenario's own generic body answers then).
    package func answer(_ choice: AnswerChoice) -> OperationAnswer? {
        guard let response = response(for: choice.status) else { return nil }
        let status = choice.status ?? response.status.servedCode
        let headers = response.headers.filter { $0.name.lowercased() != "content-type" }.map { (name: $0.name, value: $0.value) }
        // JSON first: it is what a generated client asks for when the document offers several.
        guard let content = response.contents.first(where: \.isJSON) ?? response.contents.first else {
            return OperationAnswer(status: status, headers: headers, contentType: nil, body: .none)
        }
        let contentType = content.contentType == "*/*" || content.contentType == "application/*" ? "application/json" : content.contentType
        var value: JSONValue?
        if let breaker = choice.breaker, response.status.isSuccess {
            value = content.breakers.first { $0.kind == breaker }?.body
        }
        if value == nil, let name = choice.example { value = content.examples.first { $0.name == name }?.value }
        if value == nil { value = choice.dynamic ? content.synthesized ?? content.preferredBody : content.preferredBody }
        let warnings = choice.breaker == nil && value == content.synthesized ? content.synthesisWarnings : []
        guard var body = value else { return OperationAnswer(status: status, headers: headers, contentType: contentType, body: .none) }
        if choice.emptyArrays { body = Self.emptyingArrays(body) }
        if content.isEventStream, !(body.isString) {
            // The schema (or OpenAPI 3.2's itemSchema) describes one event's data, as OpenAI's document writes its
            // streams: the media type's examples are the events in order, else the synthesised value, a few times.
            let values =
                choice.example == nil && content.examples.count > 1
                ? content.examples.map { choice.emptyArrays ? Self.emptyingArrays($0.value) : $0.value }
                : Array(repeating: body, count: OperationAnswer.synthesizedEvents)
            return OperationAnswer(status: status, headers: headers, contentType: contentType, body: .events(values), synthesisWarnings: warnings)
        }
        guard content.isJSON else {
            // A text, XML or binary media type: a string example is the body itself; anything else has no faithful bytes.
            if case .string(let text) = body { return OperationAnswer(status: status, headers: headers, contentType: contentType, body: .text(text)) }
            return OperationAnswer(status: status, headers: headers, contentType: contentType, body: .none)
        }
        return OperationAnswer(status: status, headers: headers, contentType: contentType, body: .json(body), synthesisWarnings: warnings)
    }

    /// The names a `Prefer: example=` may take for `status`'s response.
    package func exampleNames(for status: Int?) -> [String] {
        response(for: status).map { response in response.contents.flatMap { $0.examples.map(\.name) } } ?? []
    }

    static func emptyingArrays(_ value: JSONValue) -> JSONValue {
        switch value {
        case .array: .array([])
        case .object(let members): .object(members.map { JSONValue.Member($0.key, emptyingArrays($0.value)) })
        default: value
        }
    }
}

extension JSONValue {
    fileprivate var isString: Bool {
        if case .string = self { return true }
        return false
    }
}
