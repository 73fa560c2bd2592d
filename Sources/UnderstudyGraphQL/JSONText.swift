import UnderstudyDocuments

/// JSON values written as bytes through the one writer (no `{{origin}}` holes appear in GraphQL bodies).
enum JSONText {
    static func bytes(_ value: JSONValue) -> [UInt8] { JSONWriter().template(value).render(origin: Origin("")) }

    /// The value with every object's keys sorted: two requests whose variables differ only in key order are the
    /// same request, and get the same synthesised answer.
    static func canonical(_ value: JSONValue) -> JSONValue {
        switch value {
        case .array(let items): .array(items.map(canonical))
        case .object(let members):
            .object(members.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }.map { JSONValue.Member($0.key, canonical($0.value)) })
        default: value
        }
    }

    /// The value as JSON, cut short: a message quotes what was sent, never all of a hostile megabyte.
    static func preview(_ value: JSONValue, limit: Int = 80) -> String {
        let written = bytes(value)
        let text = String(decoding: written.prefix(limit), as: UTF8.self)
        return written.count > limit ? text + "…" : text
    }
}
