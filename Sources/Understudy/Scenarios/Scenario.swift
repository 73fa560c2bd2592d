package import HTTPTypes
package import UnderstudyAdminWire
package import UnderstudyBuiltinAPIs
import UnderstudyDocuments
import UnderstudyHTTP

/// A loaded, validated scenario: how each API behaves and the scenario's own
/// routes, with a cache of the responses it has rendered.
package final class Scenario: Sendable {
    package let name: String
    package let description: String
    /// The file it came from, relative to the scenarios folder.
    package let file: String
    /// The chain of scenarios it extends, nearest first.
    package let extends: [String]
    package let apis: [UnderstudyAPI: APIBehavior]
    package let routes: [CustomRoute]
    /// Top-level settings as they apply to `routes` and to routes borrowed from other scenarios.
    package let generic: GenericBehavior
    /// Prefixes whose requests no route matches go upstream (`proxy:`), the nearest file's first.
    let proxies: [UpstreamMapping]
    /// The OpenAPI documents served, by mount name (their operations are among `routes`).
    package let mounts: [String: MountedDocument]
    package let cache = ResponseCache()
    /// `apis` by `API.index`: read on every request, where hashing the key cost more than the rest of the lookup.
    private let behaviors: [APIBehavior?]

    package init(
        name: String, description: String, file: String, extends: [String], apis: [UnderstudyAPI: APIBehavior], routes: [CustomRoute],
        generic: GenericBehavior = .none,
        proxies: [UpstreamMapping] = [], mounts: [String: MountedDocument] = [:]
    ) {
        self.name = name
        self.description = description
        self.file = file
        self.extends = extends
        self.apis = apis
        self.routes = routes
        self.generic = generic
        self.proxies = proxies
        self.mounts = mounts
        behaviors = UnderstudyAPI.allCases.map { apis[$0] }
    }

    /// How `api` behaves in this scenario (every loaded scenario defines all APIs).
    func behavior(_ api: UnderstudyAPI) -> APIBehavior { behaviors[api.index]! }

}

/// How one API answers in one scenario. A class: the request path passes it
/// around, and copying the struct retained each of its fields.
package final class APIBehavior: Sendable {
    /// Answers from the dataset (which may be empty).
    let service: any APIService
    /// When set, the answer to every route of the API.
    package let fixed: CannedResponse?
    let delay: Int
    let fault: Fault

    package init(service: any APIService, fixed: CannedResponse?, delay: Int, fault: Fault) {
        self.service = service
        self.fixed = fixed
        self.delay = delay
        self.fault = fault
    }
}

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

/// A route of a scenario file: matched before the APIs, on method and path
/// pattern (`:name` segments capture).
package struct CustomRoute: Sendable {
    /// Nil for any method (`*` in the file).
    package var method: HTTPRequest.Method?
    package var segments: [PathPattern]
    var parameterNames: [String]
    package var fixed: CannedResponse?
    var delay: Int?
    var fault: Fault?
    /// The API the path belongs to, if any: its behavior applies where the route sets none.
    package var api: UnderstudyAPI?
    /// The query the request must carry; nil: any.
    package var query: QueryPattern?
    /// What the request's body must hold; nil: anything.
    package var body: BodyPattern?
    /// How many more requests a session's route answers (`times:`); nil: every one.
    package var allowance: RouteAllowance?
    /// The OpenAPI operation the route answers for, when a mounted document made it (see ``MountedDocument``).
    package var operation: OperationReference?
    /// How far up the `extends` chain the route was written (0: the scenario's own file); see ``GenericBehavior``.
    package var depth = 0
    /// The path as written, `:name` segments included.
    package var pattern: String {
        "/"
            + segments.map { segment in
                switch segment {
                case .literal(let text): text
                case .parameter(let name): ":" + name
                }
            }.joined(separator: "/")
    }

    package enum PathPattern: Sendable, Equatable {
        case literal(String)
        case parameter(String)
    }

    package init(method: HTTPRequest.Method?, path: String, fixed: CannedResponse?, delay: Int?, fault: Fault?) {
        self.method = method
        segments = Substring(path).pathSegments.map { segment in
            segment.hasPrefix(":") ? .parameter(String(segment.dropFirst())) : .literal(String(segment))
        }
        parameterNames = segments.compactMap { if case .parameter(let name) = $0 { name } else { nil } }
        self.fixed = fixed
        self.delay = delay
        self.fault = fault
        api = UnderstudyAPI.match(path)
    }

    /// The captured parameter values when `request` matches.
    func match(_ request: ServerRequest) -> [String]? {
        if let method, method != request.method, !(method == .get && request.method == .head) { return nil }
        let parts = Substring(request.path).pathSegments
        guard parts.count == segments.count, query?.matches(request) ?? true else { return nil }
        var values: [String] = []
        for (pattern, part) in zip(segments, parts) {
            switch pattern {
            case .literal(let text): if text != part { return nil }
            case .parameter: values.append(String(part))
            }
        }
        // Last: reading the body (a JSON parse, a search) is the dearest check.
        if let body, !body.matches(request.body) { return nil }
        return values
    }
}
