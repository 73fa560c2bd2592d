import UnderstudyDocuments
import UnderstudyHTTP

extension RequestCheck {
    /// A `application/x-www-form-urlencoded` body as the object its schema describes: each field a string, or
    /// a number or a boolean where the property's schema says so and the text is one, repeated fields an array
    /// where the property is one. Checked against the schema like a JSON body, so `age=x` is "body /age: does
    /// not match its schema (integer)". At most 1,000 fields are read.
    func form(_ body: [UInt8], schema: JSONValue) -> JSONValue {
        var members: [JSONValue.Member] = []
        for pair in body.split(separator: UInt8(ascii: "&")).prefix(1000) {
            let parts = pair.split(separator: UInt8(ascii: "="), maxSplits: 1, omittingEmptySubsequences: false)
            let name = Self.formDecoded(parts[0])
            let text = parts.count > 1 ? Self.formDecoded(parts[1]) : ""
            let property = resolved(schema["properties"]?[name]) ?? .object([])
            let isArray = property["type"]?.stringValue == "array"
            let item = Self.typed(text, as: (isArray ? resolved(property["items"]) : property)?["type"]?.stringValue)
            if let index = members.firstIndex(where: { $0.key == name }), isArray, case .array(let items) = members[index].value {
                members[index].value = .array(items + [item])
            } else if !members.contains(where: { $0.key == name }) {
                members.append(JSONValue.Member(name, isArray ? .array([item]) : item))
            }
        }
        return .object(members)
    }

    /// `+` as a space and `%XX` escapes decoded, as HTML forms encode.
    static func formDecoded(_ bytes: ArraySlice<UInt8>) -> String {
        PercentDecoding.decode(String(decoding: bytes, as: UTF8.self), plusIsSpace: true, malformed: .keep) ?? ""
    }

    /// A field's text as the JSON value its schema's type asks for, when it is one; else the text.
    static func typed(_ text: String, as type: String?) -> JSONValue {
        if type == "integer" || type == "number", isNumber(text, integer: type == "integer") { return .number(text) }
        if type == "boolean", text == "true" || text == "false" { return .bool(text == "true") }
        return .string(text)
    }

    /// The `name=value` pairs of a `Cookie` header (RFC 6265: `; `-separated, values optionally quoted).
    static func cookies(_ header: String?) -> [(name: String, value: String)] {
        guard let header else { return [] }
        return header.split(separator: ";").prefix(100).compactMap { pair in
            let parts = pair.split(separator: "=", maxSplits: 1)
            guard parts.count == 2 else { return nil }
            var value = parts[1].trimmingSpaces
            if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") { value = String(value.dropFirst().dropLast()) }
            return (parts[0].trimmingSpaces, value)
        }
    }
}
