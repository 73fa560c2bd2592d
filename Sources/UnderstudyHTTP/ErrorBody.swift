package import HTTPTypes

/// Understudy's one error body, `{"error": …, "detail": …}`, plus `problems` (file:line: key:
/// message) when a reload was rejected. Every error answer of every module is written here: the
/// transport's refusals before any responder runs (strict HTTP, a body over the limit, a stopping
/// server, bytes that are not HTTP), the engine's (no route, no scenario, a dataset that failed to
/// load) and the admin API's. So the shape the admin client decodes (`UnderstudyWire.ErrorBody`)
/// cannot drift between them.
package enum ErrorBody {
    /// The body's bytes, keys in that order, strings escaped as ``JSONString`` escapes them.
    package static func bytes(error: String, detail: String, problems: [String]? = nil) -> [UInt8] {
        var out = Array(#"{"error":"#.utf8)
        JSONString.appendQuoted(error, to: &out)
        out += Array(#","detail":"#.utf8)
        JSONString.appendQuoted(detail, to: &out)
        if let problems {
            out += Array(#","problems":["#.utf8)
            for (index, problem) in problems.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                JSONString.appendQuoted(problem, to: &out)
            }
            out.append(UInt8(ascii: "]"))
        }
        out.append(UInt8(ascii: "}"))
        return out
    }

    /// A JSON error response: `status`, `Content-Type: application/json`, the body, and `extra` fields.
    package static func response(_ status: HTTPResponse.Status, error: String, detail: String, extra: HTTPFields = [:]) -> Response {
        var fields = extra
        fields[.contentType] = "application/json"
        return Response(status: status, headerFields: fields, body: bytes(error: error, detail: detail))
    }
}

/// How a JSON string is escaped, byte by byte: `"` and `\` with a backslash, newline, return and
/// tab by name, other control bytes as `\u00XX`, everything else (UTF-8 included) as it is. The
/// error body above and the bodies of the three APIs (`JSONWriter`, which adds the escapes some
/// APIs use on top) both escape through ``appendEscaped(_:to:)``.
package enum JSONString {
    @inlinable
    package static func appendEscaped(_ byte: UInt8, to out: inout [UInt8]) {
        switch byte {
        case UInt8(ascii: "\""): out += [UInt8(ascii: "\\"), UInt8(ascii: "\"")]
        case UInt8(ascii: "\\"): out += [UInt8(ascii: "\\"), UInt8(ascii: "\\")]
        case UInt8(ascii: "\n"): out += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
        case UInt8(ascii: "\r"): out += [UInt8(ascii: "\\"), UInt8(ascii: "r")]
        case UInt8(ascii: "\t"): out += [UInt8(ascii: "\\"), UInt8(ascii: "t")]
        case 0..<0x20: appendUnicodeEscape(UInt16(byte), to: &out)
        default: out.append(byte)
        }
    }

    /// `\uXXXX` for one UTF-16 unit, lower-case hex.
    @inlinable
    package static func appendUnicodeEscape(_ unit: UInt16, to out: inout [UInt8]) {
        let digits: [UInt8] = Array("0123456789abcdef".utf8)
        out += [UInt8(ascii: "\\"), UInt8(ascii: "u")]
        for shift in stride(from: 12, through: 0, by: -4) { out.append(digits[Int((unit >> UInt16(shift)) & 0xF)]) }
    }

    package static func appendQuoted(_ text: String, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        for byte in text.utf8 { appendEscaped(byte, to: &out) }
        out.append(UInt8(ascii: "\""))
    }
}
