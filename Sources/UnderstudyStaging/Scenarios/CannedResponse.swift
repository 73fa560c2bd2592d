package import HTTPTypes
package import UnderstudyAPIService
package import UnderstudyAdminWire
package import UnderstudyDocuments
import UnderstudyHTTP

/// A fixed response of a scenario file. Its body may hold `{{origin}}` and
/// `{{param}}` placeholders, filled per host and per request.
///
/// A parameter's value comes from the request path, so it is hostile text: it is
/// put in as a value of the body's language, never as its syntax. In a JSON body
/// it is escaped inside a string literal and becomes a string (or a plain number)
/// outside one; in HTML it is entity-escaped. The body is split into pieces once,
/// at load, so a value that itself reads `{{origin}}` is never expanded.
package struct CannedResponse: Sendable {
    package var status: Int
    package var fields: HTTPFields
    /// The body as written, `{{origin}}` where the origin goes.
    package var body: String
    /// The `Content-Type` header's value, `application/json` when the file gives none.
    package let contentType: String
    /// Whether the body has a `{{name}}` of the path: only then does its rendering depend on the request.
    package var usesParameters: Bool {
        pieces.contains {
            if case .parameter = $0 { return true }
            return false
        }
    }
    private let pieces: [Piece]
    private let language: Language

    private enum Piece: Sendable {
        case text(String)
        case origin
        case parameter(String, inJSONString: Bool)
    }

    package enum Language: Sendable { case json, html, text }

    package init(status: Int, fields: HTTPFields, body: String) {
        self.status = status
        self.fields = fields
        self.body = body
        contentType = fields[.contentType] ?? "application/json"
        let media = contentType.lowercased().split(separator: ";").first.map { $0.trimmingSpaces }
        language =
            switch media ?? "" {
            case "application/json": .json
            case let type where type.hasPrefix("application/") && type.hasSuffix("+json"): .json
            case "text/html", "application/xhtml+xml": .html
            default: .text
            }
        pieces = Self.split(body, language: language)
    }

    /// A response made elsewhere (an OpenAPI document's), its body already JSON or text with holes for the
    /// origin: nothing in it is read as a `{{placeholder}}`, whatever the document's strings say.
    package init(status: Int, fields: HTTPFields, template: BodyTemplate) {
        self.status = status
        self.fields = fields
        contentType = fields[.contentType] ?? "application/json"
        language = .text
        pieces = template.segments.map { segment in
            switch segment {
            case .bytes(let bytes): .text(String(decoding: bytes, as: UTF8.self))
            case .origin, .translatedOrigin: .origin
            }
        }
        body = pieces.map { piece in
            switch piece {
            case .text(let text): text
            default: "{{origin}}"
            }
        }.joined()
    }

    package func render(parameters: [String: String]) -> APIResponse {
        var template = BodyTemplate()
        for piece in pieces {
            switch piece {
            case .text(let text): template.append(text)
            case .origin: template.appendOrigin(slashEscaped: false)
            case .parameter(let name, let inString):
                let value = parameters[name] ?? ""
                switch language {
                // The project's one JSON writer escapes the value, as it escapes every string it writes.
                case .json: template.append(inString ? JSONWriter().escaped(value) : Self.jsonValue(value))
                case .html: template.append(Self.htmlEscaped(value))
                case .text: template.append(value)
                }
            }
        }
        return APIResponse(status: HTTPResponse.Status(code: status), body: template, contentType: contentType)
    }

    /// Placeholder names used in the body: each `{{name}}` with no brace inside.
    var placeholders: Set<String> {
        Set(
            pieces.compactMap { piece in
                switch piece {
                case .origin: "origin"
                case .parameter(let name, _): name
                case .text: nil
                }
            })
    }

    /// The body as text, origin holes and parameters, noting for JSON whether each
    /// parameter stands inside a string literal. (A scan by hand: a regex literal here
    /// linked the regex engine and compiled it at start-up.)
    private static func split(_ body: String, language: Language) -> [Piece] {
        let bytes = Array(body.utf8)
        let open = UInt8(ascii: "{")
        let close = UInt8(ascii: "}")
        let quote = UInt8(ascii: "\"")
        let backslash = UInt8(ascii: "\\")
        var pieces: [Piece] = []
        var textStart = 0
        var index = 0
        var inString = false
        var escaped = false
        while index < bytes.count {
            if bytes[index] == open, index + 1 < bytes.count, bytes[index + 1] == open {
                var end = index + 2
                while end < bytes.count, bytes[end] != open, bytes[end] != close { end += 1 }
                if end + 1 < bytes.count, bytes[end] == close, bytes[end + 1] == close {
                    if textStart < index { pieces.append(.text(String(decoding: bytes[textStart..<index], as: UTF8.self))) }
                    let name = String(decoding: bytes[(index + 2)..<end], as: UTF8.self)
                    pieces.append(name == "origin" ? .origin : .parameter(name, inJSONString: language == .json && inString))
                    index = end + 2
                    textStart = index
                    continue
                }
            }
            let byte = bytes[index]
            if escaped {
                escaped = false
            } else if inString && byte == backslash {
                escaped = true
            } else if byte == quote {
                inString.toggle()
            }
            index += 1
        }
        if textStart < bytes.count { pieces.append(.text(String(decoding: bytes[textStart...], as: UTF8.self))) }
        return pieces
    }

    /// `value` as a JSON value standing on its own: a plain integer as a number, anything else as a string.
    static func jsonValue(_ value: String) -> [UInt8] {
        let digits = value.utf8.drop { $0 == UInt8(ascii: "-") }
        let isInteger =
            !digits.isEmpty && digits.count <= 18 && value.utf8.filter({ $0 == UInt8(ascii: "-") }).count <= 1
            && digits.allSatisfy { (0x30...0x39).contains($0) } && (digits.count == 1 || digits.first != UInt8(ascii: "0"))
        return isInteger ? Array(value.utf8) : JSONWriter().quoted(value)
    }

    static func htmlEscaped(_ value: String) -> String {
        var out = ""
        for character in value {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.append(character)
            }
        }
        return out
    }
}
