import UnderstudyHTTP

/// Writes ``JSONValue``s compactly into a ``BodyTemplate``, in the escaping
/// style of the API being imitated.
///
/// Kept rather than `JSONEncoder`: the bodies must match the real APIs byte for byte (key order,
/// numbers as written, PHP's and artic's escaping, holes for the origin), which no encoder offers.
package struct JSONWriter: Sendable {
    /// `/` as `\/` (PHP's default, seen in catfact bodies).
    package var escapeSlashes = false
    /// Non-ASCII characters as `\uXXXX` (PHP's default).
    package var escapeNonASCII = false
    /// `<` and `>` as `\u003C` and `\u003E` (seen in artic bodies).
    package var escapeTags = false

    package init(escapeSlashes: Bool = false, escapeNonASCII: Bool = false, escapeTags: Bool = false) {
        self.escapeSlashes = escapeSlashes
        self.escapeNonASCII = escapeNonASCII
        self.escapeTags = escapeTags
    }

    package func template(_ value: JSONValue) -> BodyTemplate {
        var template = BodyTemplate()
        write(value, into: &template)
        return template
    }

    package func write(_ value: JSONValue, into template: inout BodyTemplate) {
        switch value {
        case .null: template.append("null")
        case .bool(let flag): template.append(flag ? "true" : "false")
        case .number(let text): template.append(text)
        case .string(let text): template.append(quoted(text))
        case .link(let path):
            template.append("\"")
            template.appendOrigin(slashEscaped: escapeSlashes)
            template.append(escaped(path))
            template.append("\"")
        case .array(let items):
            template.append("[")
            for (index, item) in items.enumerated() {
                if index > 0 { template.append(",") }
                write(item, into: &template)
            }
            template.append("]")
        case .object(let members):
            template.append("{")
            for (index, member) in members.enumerated() {
                if index > 0 { template.append(",") }
                template.append(quoted(member.key))
                template.append(":")
                write(member.value, into: &template)
            }
            template.append("}")
        }
    }

    package func quoted(_ text: String) -> [UInt8] {
        [UInt8(ascii: "\"")] + escaped(text) + [UInt8(ascii: "\"")]
    }

    package func escaped(_ text: String) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count + 2)
        // Byte by byte: UTF-8 sequences pass through unless this API escapes non-ASCII.
        // The API's own escapes first, then JSON's (the one definition the error body shares).
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "/") where escapeSlashes: out += [UInt8(ascii: "\\"), UInt8(ascii: "/")]
            case UInt8(ascii: "<") where escapeTags: out += Array("\\u003C".utf8)
            case UInt8(ascii: ">") where escapeTags: out += Array("\\u003E".utf8)
            case 0x7F... where escapeNonASCII: return escapedByScalar(text)
            default: JSONString.appendEscaped(byte, to: &out)
            }
        }
        return out
    }

    /// The slow path for an API that escapes non-ASCII text as UTF-16 `\uXXXX` units.
    private func escapedByScalar(_ text: String) -> [UInt8] {
        var out: [UInt8] = []
        for scalar in text.unicodeScalars {
            if scalar.value > 0x7E {
                for unit in String(scalar).utf16 { JSONString.appendUnicodeEscape(unit, to: &out) }
            } else {
                out += escaped(String(scalar))
            }
        }
        return out
    }
}
