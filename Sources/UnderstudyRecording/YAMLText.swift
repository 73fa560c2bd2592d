import UnderstudyDocuments
import UnderstudyStaging

/// Writes values as YAML that Understudy's loader reads back to exactly the same value: every string
/// double-quoted (so no text is ever taken for a number, a boolean or a comment), JSON as flow
/// collections (JSON with YAML-safe string escapes).
enum YAMLText {
    /// `text` as a double-quoted YAML scalar.
    package static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            // C0 and C1 controls, DEL, YAML's own line breaks (NEL, LS, PS) and the byte-order mark are escaped:
            // libyaml rejects some, folds others.
            case let c where c.value < 0x20 || (0x7F...0x9F).contains(c.value) || c.value == 0x2028 || c.value == 0x2029 || c.value == 0xFEFF:
                let hex = String(c.value, radix: 16, uppercase: true)
                out += "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    /// A JSON value as a YAML flow node on one line.
    static func flow(_ value: JSONValue) -> String {
        switch value {
        case .null: "null"
        case .bool(let flag): flag ? "true" : "false"
        case .number(let text): text
        case .string(let text): quoted(text)
        case .link(let path): quoted("{{origin}}" + path)
        case .array(let items): "[" + items.map(flow).joined(separator: ", ") + "]"
        case .object(let members): "{" + members.map { quoted($0.key) + ": " + flow($0.value) }.joined(separator: ", ") + "}"
        }
    }
}
