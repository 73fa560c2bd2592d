package import UnderstudyDocuments

/// One response of an operation.
package struct OpenAPIResponse: Sendable {
    package enum Status: Hashable, Sendable, CustomStringConvertible {
        case code(Int)
        /// `2XX`: any status of that class; the engine serves its first (`200`).
        case range(Int)
        case `default`

        /// A status to send: the code, `N00` for a range, 500 for `default` (it stands for the errors).
        package var servedCode: Int {
            switch self {
            case .code(let code): code
            case .range(let hundreds): hundreds * 100
            case .default: 500
            }
        }

        package var description: String {
            switch self {
            case .code(let code): String(code)
            case .range(let hundreds): "\(hundreds)XX"
            case .default: "default"
            }
        }

        package var isSuccess: Bool { (200..<300).contains(servedCode) }
    }

    package var status: Status
    package var description: String
    package var headers: [OpenAPIHeader]
    /// One per media type, in the order written; empty for a response without a body.
    package var contents: [OpenAPIContent]
    package var pointer: JSONPointer
}

/// A response header the document declares, with a value to send.
package struct OpenAPIHeader: Sendable {
    package var name: String
    package var required: Bool
    /// The header's `example`, else its first `examples` value, else synthesised from its schema;
    /// as a header value (strings unquoted, everything else as JSON text).
    package var value: String
}

/// A body of one media type.
package struct OpenAPIContent: Sendable {
    package struct NamedExample: Sendable {
        package var name: String
        package var summary: String?
        package var value: JSONValue
        package var pointer: JSONPointer
    }

    package var contentType: String
    /// The media type's schema (after `$ref`), nil when it has none.
    package var schemaPointer: JSONPointer?
    /// The `examples:` map, in order (entries with an `externalValue` only are left out: nothing is fetched).
    package var examples: [NamedExample]
    /// The single `example:`.
    package var example: JSONValue?
    /// A value built from the schema that validates against it; nil without a schema (or when none could be made).
    package var synthesized: JSONValue?
    /// What synthesis could not do for this body (also in ``OpenAPIService/warnings``, once per place).
    package var synthesisWarnings: [String] = []
    /// The media type's schema as written (a `$ref` not followed), for the decode-breakers.
    var schema: JSONValue?
    /// Makes the decode-breakers of a 2xx JSON body with a schema; nil for the others.
    var breakerSource: DecodeBreakerSource?

    /// Bodies a generated client cannot decode (2xx JSON bodies only), made when asked for: a scenario's
    /// `breaker:` at load, a `Prefer: breaker=` per request. Kept for every body, they were a quarter of the
    /// memory a large document added.
    package var breakers: [DecodeBreaker] {
        guard let breakerSource, let schema, let synthesized else { return [] }
        return breakerSource.breakers(of: synthesized, schema: schema)
    }

    /// Whether the media type is JSON (`application/json`, `application/problem+json`, `…; charset=utf-8`).
    package var isJSON: Bool { Self.isJSON(contentType) }
    /// Server-sent events: its schema describes one event's data.
    package var isEventStream: Bool {
        String(contentType.prefix { $0 != ";" }.filter { $0 != " " && $0 != "\t" }).lowercased() == "text/event-stream"
    }

    static func isJSON(_ type: String) -> Bool {
        let essence = String(type.prefix { $0 != ";" }.filter { $0 != " " && $0 != "\t" }).lowercased()
        return essence == "application/json" || essence.hasSuffix("+json") || essence == "*/*" || essence == "application/*"
    }

    /// The body to serve by default: the first named example, else the example, else the synthesised one.
    package var preferredBody: JSONValue? { examples.first?.value ?? example ?? synthesized }
}
