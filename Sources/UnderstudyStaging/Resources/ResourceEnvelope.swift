package import UnderstudyDocuments

/// A list's body as the scenario writes it (`{data: "{{items}}", total: "{{total}}"}`): each whole-string
/// placeholder filled as a value — the items as an array, numbers as numbers, a missing link as `null` — and
/// every other value written as it is. Nothing from a request is ever read as syntax.
package enum ResourceEnvelope {
    /// The values one list answer fills in.
    package struct Values {
        var items: ArraySlice<ResourceItems.Item>
        var total: Int
        var next: String?
        var previous: String?
        var nextCursor: String?
        var page: Int?
        var offset: Int?
        var limit: Int?
    }

    /// The placeholders an envelope names (each a whole string value).
    package static func placeholders(in value: JSONValue) -> Set<String> {
        switch value {
        case .string(let text): name(of: text).map { [$0] } ?? []
        case .array(let items): items.reduce(into: []) { $0.formUnion(placeholders(in: $1)) }
        case .object(let members): members.reduce(into: []) { $0.formUnion(placeholders(in: $1.value)) }
        default: []
        }
    }

    /// `envelope` with its placeholders filled; the bare array of items without one.
    static func render(_ envelope: JSONValue?, _ values: Values) -> [UInt8] {
        var out: [UInt8] = []
        guard let envelope else {
            ResourceItems.append(values.items, to: &out)
            return out
        }
        write(envelope, values, to: &out)
        return out
    }

    private static func write(_ value: JSONValue, _ values: Values, to out: inout [UInt8]) {
        switch value {
        case .string(let text):
            if let name = name(of: text) {
                fill(name, values, to: &out)
            } else {
                out += JSONWriter().quoted(text)
            }
        case .array(let items):
            out.append(UInt8(ascii: "["))
            for (index, item) in items.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                write(item, values, to: &out)
            }
            out.append(UInt8(ascii: "]"))
        case .object(let members):
            out.append(UInt8(ascii: "{"))
            for (index, member) in members.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                out += JSONWriter().quoted(member.key)
                out.append(UInt8(ascii: ":"))
                write(member.value, values, to: &out)
            }
            out.append(UInt8(ascii: "}"))
        default:
            out += ResourceItems.write(value)
        }
    }

    private static func fill(_ name: String, _ values: Values, to out: inout [UInt8]) {
        func number(_ value: Int?) { out += Array((value.map(String.init) ?? "null").utf8) }
        func text(_ value: String?) { out += value.map { JSONWriter().quoted($0) } ?? Array("null".utf8) }
        switch name {
        case "items": ResourceItems.append(values.items, to: &out)
        case "total": number(values.total)
        case "next": text(values.next)
        case "previous": text(values.previous)
        case "next_cursor": text(values.nextCursor)
        case "page": number(values.page)
        case "offset": number(values.offset)
        case "limit": number(values.limit)
        default: out += Array("null".utf8)
        }
    }

    /// `items` for the text `{{items}}`; nil for any other text.
    private static func name(of text: String) -> String? {
        guard text.hasPrefix("{{"), text.hasSuffix("}}"), text.utf8.count > 4 else { return nil }
        let inner = text.dropFirst(2).dropLast(2)
        return inner.allSatisfy { $0.isLetter || $0 == "_" } ? String(inner) : nil
    }
}
