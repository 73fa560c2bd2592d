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

    /// The value as JSON, cut short: a message quotes what was sent, never all of a hostile megabyte (and writes no
    /// more of it than it shows).
    static func preview(_ value: JSONValue, limit: Int = 80) -> String {
        var out: [UInt8] = []
        let complete = write(value, into: &out, limit: limit)
        let text = String(decoding: out.prefix(limit), as: UTF8.self)
        return complete && out.count <= limit ? text : text + "…"
    }

    /// Writes until `limit` bytes are out; false when it stopped short.
    private static func write(_ value: JSONValue, into out: inout [UInt8], limit: Int) -> Bool {
        guard out.count <= limit else { return false }
        switch value {
        case .array(let items):
            out.append(UInt8(ascii: "["))
            for (position, item) in items.enumerated() {
                if position > 0 { out.append(UInt8(ascii: ",")) }
                guard write(item, into: &out, limit: limit) else { return false }
            }
            out.append(UInt8(ascii: "]"))
        case .object(let members):
            out.append(UInt8(ascii: "{"))
            for (position, member) in members.enumerated() {
                if position > 0 { out.append(UInt8(ascii: ",")) }
                out += JSONWriter().quoted(String(member.key.prefix(limit))) + [UInt8(ascii: ":")]
                guard write(member.value, into: &out, limit: limit) else { return false }
            }
            out.append(UInt8(ascii: "}"))
        case .string(let text): out += JSONWriter().quoted(String(text.prefix(limit)))
        default: out += bytes(value)
        }
        return out.count <= limit
    }
}
