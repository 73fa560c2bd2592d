package import HTTPTypes
package import UnderstudyAPIService
package import UnderstudyAdminWire
package import UnderstudyDocuments
package import UnderstudyHTTP

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
    /// Whether the body or a header holds a value of the request or of the moment (`{{request.…}}`, `{{now}}`,
    /// `{{uuid}}`, `{{counter}}`): then every answer is made anew, never cached. Read per request: kept, not computed.
    package let usesRequest: Bool
    /// Whether it holds `{{counter}}`, which counts the route's answers.
    package let usesCounter: Bool
    private let pieces: [Piece]
    private let language: Language
    /// The headers whose value holds a placeholder, split as the body is (as text).
    private let fieldPieces: [(name: HTTPField.Name, pieces: [Piece])]

    private enum Piece: Sendable {
        case text(String)
        case origin
        case parameter(String, inJSONString: Bool)
        case request(RequestValue, inJSONString: Bool)
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
        fieldPieces = fields.filter { $0.value.containsBytes("{{") }.map { ($0.name, Self.split($0.value, language: .text)) }
        (usesRequest, usesCounter) = Self.requestUse(pieces + fieldPieces.flatMap(\.pieces))
    }

    private static func requestUse(_ pieces: [Piece]) -> (request: Bool, counter: Bool) {
        let values = pieces.compactMap { piece -> RequestValue? in
            if case .request(let value, _) = piece { return value }
            return nil
        }
        return (!values.isEmpty, values.contains(.counter))
    }

    /// A response made elsewhere (an OpenAPI document's), its body already JSON or text with holes for the
    /// origin. Its request values (`{{request.…}}`, `{{now}}`, `{{uuid}}`, `{{counter}}`, as a scenario file writes
    /// them) are filled per request, and then `{{origin}}` too; a bare `{{name}}` a document's string holds stays text.
    package init(status: Int, fields: HTTPFields, template: BodyTemplate) {
        self.status = status
        self.fields = fields
        contentType = fields[.contentType] ?? "application/json"
        fieldPieces = []
        let segments: [Piece] = template.segments.map { segment in
            switch segment {
            case .bytes(let bytes): .text(String(decoding: bytes, as: UTF8.self))
            case .origin, .translatedOrigin: .origin
            }
        }
        body = segments.map { piece in
            switch piece {
            case .text(let text): text
            default: "{{origin}}"
            }
        }.joined()
        let json = contentType.lowercased().contains("json")
        language = json ? .json : .text
        guard body.containsBytes("{{"),
            body.containsBytes("{{request.") || body.containsBytes("{{now") || body.containsBytes("{{uuid}}")
                || body.containsBytes("{{counter}}")
        else {
            pieces = segments
            (usesRequest, usesCounter) = (false, false)
            return
        }
        // Split as a scenario file's body is (the origin's holes are `{{origin}}` in `body`); a bare `{{name}}`
        // means nothing in a document, so it stays text (`{{request.path.name}}` names a path parameter).
        pieces = Self.split(body, language: language, bareNames: false)
        (usesRequest, usesCounter) = Self.requestUse(pieces)
    }

    package func render(parameters: [String: String], request: ServerRequest? = nil, counter: Int = 0) -> APIResponse {
        var template = BodyTemplate()
        for piece in pieces {
            switch piece {
            case .text(let text): template.append(text)
            case .origin: template.appendOrigin(slashEscaped: false)
            case .parameter(let name, let inString):
                append(parameters[name].map(RequestValue.Filled.text), inString: inString, to: &template)
            case .request(let value, let inString):
                append(value.value(in: request, parameters: parameters, counter: counter), inString: inString, to: &template)
            }
        }
        return APIResponse(status: HTTPResponse.Status(code: status), body: template, contentType: contentType)
    }

    /// The headers, their placeholders filled as text; a header whose value would hold a line break (or NUL) is
    /// left out, so a request value can never add a header or split the response.
    package func renderedFields(parameters: [String: String], request: ServerRequest?, counter: Int) -> HTTPFields {
        guard !fieldPieces.isEmpty else { return fields }
        var rendered = fields
        for (name, pieces) in fieldPieces {
            var value = ""
            for piece in pieces {
                switch piece {
                case .text(let text): value += text
                case .origin: value += "{{origin}}"
                case .parameter(let name, _): value += parameters[name] ?? ""
                case .request(let placeholder, _): value += placeholder.value(in: request, parameters: parameters, counter: counter)?.text ?? ""
                }
            }
            rendered[name] = nil
            if !value.utf8.contains(where: { $0 == 0x0A || $0 == 0x0D || $0 == 0 }) { rendered[name] = value }
        }
        return rendered
    }

    /// A filled value in the body's language: escaped inside a JSON string, a JSON value outside one (`null` when
    /// the request has none), entity-escaped in HTML.
    private func append(_ filled: RequestValue.Filled?, inString: Bool, to template: inout BodyTemplate) {
        switch language {
        // The project's one JSON writer escapes the value, as it escapes every string it writes.
        case .json:
            if inString {
                template.append(JSONWriter().escaped(filled?.text ?? ""))
            } else if case .json(let value)? = filled {
                JSONWriter().write(value, into: &template)
            } else {
                template.append(filled.map { Self.jsonValue($0.text) } ?? Array("null".utf8))
            }
        case .html: template.append(Self.htmlEscaped(filled?.text ?? ""))
        case .text: template.append(filled?.text ?? "")
        }
    }

    /// Placeholder names used in the body and headers that are not request values: each `{{name}}` with no brace
    /// inside (`{{request.path.NAME}}` counts as `NAME`, which the path must have).
    var placeholders: Set<String> {
        Set(
            (pieces + fieldPieces.flatMap(\.pieces)).compactMap { piece in
                switch piece {
                case .origin: "origin"
                case .parameter(let name, _): name
                case .text, .request: nil
                }
            })
    }

    /// The body as text, origin holes and parameters, noting for JSON whether each
    /// parameter stands inside a string literal. (A scan by hand: a regex literal here
    /// linked the regex engine and compiled it at start-up.)
    /// `bareNames`: whether `{{name}}` is the path's `:name` (a scenario file's), or text (a document's).
    private static func split(_ body: String, language: Language, bareNames: Bool = true) -> [Piece] {
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
            // In JSON, a string that is one request value alone ("{{request.body.tags}}") becomes that value as it is:
            // a number, an object, `null` when the request has none. (A path's "{{id}}" stays a string, as it was.)
            if language == .json, !inString, bytes[index] == quote, let (value, end) = wholeStringValue(bytes, at: index) {
                if textStart < index { pieces.append(.text(String(decoding: bytes[textStart..<index], as: UTF8.self))) }
                pieces.append(.request(value, inJSONString: false))
                index = end
                textStart = index
                continue
            }
            if bytes[index] == open, index + 1 < bytes.count, bytes[index + 1] == open {
                var end = index + 2
                while end < bytes.count, bytes[end] != open, bytes[end] != close { end += 1 }
                if end + 1 < bytes.count, bytes[end] == close, bytes[end + 1] == close {
                    if textStart < index { pieces.append(.text(String(decoding: bytes[textStart..<index], as: UTF8.self))) }
                    let name = String(decoding: bytes[(index + 2)..<end], as: UTF8.self)
                    let inJSONString = language == .json && inString
                    switch RequestValue(placeholder: name) {
                    case _ where name == "origin": pieces.append(.origin)
                    case .path(let parameter)?: pieces.append(.parameter(parameter, inJSONString: inJSONString))
                    case let value?: pieces.append(.request(value, inJSONString: inJSONString))
                    case nil where !bareNames: pieces.append(.text("{{\(name)}}"))
                    case nil: pieces.append(.parameter(name, inJSONString: inJSONString))
                    }
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

    /// The request value a JSON string starting at `start` (its opening quote) holds alone, and the index after its
    /// closing quote; nil when the string is anything else.
    private static func wholeStringValue(_ bytes: [UInt8], at start: Int) -> (RequestValue, Int)? {
        let open = UInt8(ascii: "{")
        let close = UInt8(ascii: "}")
        guard start + 5 < bytes.count, bytes[start + 1] == open, bytes[start + 2] == open else { return nil }
        var end = start + 3
        while end < bytes.count, bytes[end] != open, bytes[end] != close, bytes[end] != UInt8(ascii: "\""), bytes[end] != UInt8(ascii: "\\") {
            end += 1
        }
        guard end + 2 < bytes.count, bytes[end] == close, bytes[end + 1] == close, bytes[end + 2] == UInt8(ascii: "\"") else { return nil }
        guard let value = RequestValue(placeholder: String(decoding: bytes[(start + 3)..<end], as: UTF8.self)) else { return nil }
        if case .path = value { return nil }
        return (value, end + 3)
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
