import HTTPTypes
import UnderstudyHTTP

/// A loaded, validated scenario: how each API behaves and the scenario's own
/// routes, with a cache of the responses it has rendered.
public final class Scenario: Sendable {
    public let name: String
    public let description: String
    /// The file it came from, relative to the scenarios folder.
    public let file: String
    /// The chain of scenarios it extends, nearest first.
    public let extends: [String]
    let apis: [API: APIBehaviour]
    let routes: [CustomRoute]
    let cache = ResponseCache()
    let targets = TargetMemo()
    /// `apis` by `API.index`: read on every request, where hashing the key cost more than the rest of the lookup.
    private let behaviours: [APIBehaviour?]

    init(name: String, description: String, file: String, extends: [String], apis: [API: APIBehaviour], routes: [CustomRoute]) {
        self.name = name
        self.description = description
        self.file = file
        self.extends = extends
        self.apis = apis
        self.routes = routes
        behaviours = API.allCases.map { apis[$0] }
    }

    /// How `api` behaves in this scenario (every loaded scenario defines all APIs).
    func behaviour(_ api: API) -> APIBehaviour { behaviours[api.index]! }
}

/// How one API answers in one scenario. A class: the request path passes it
/// around, and copying the struct retained each of its fields.
final class APIBehaviour: Sendable {
    /// Answers from the dataset (which may be empty).
    let service: any APIService
    /// When set, the answer to every route of the API.
    let fixed: FixedResponse?
    let delay: Int
    let fault: Fault

    init(service: any APIService, fixed: FixedResponse?, delay: Int, fault: Fault) {
        self.service = service
        self.fixed = fixed
        self.delay = delay
        self.fault = fault
    }
}

/// A fixed response of a scenario file. Its body may hold `{{origin}}` and
/// `{{param}}` placeholders, filled per host and per request.
struct FixedResponse: Sendable {
    var status: Int
    var headers: [(String, String)]
    var body: String

    func render(parameters: [String: String]) -> APIResponse {
        var text = body
        for (name, value) in parameters { text = text.replacingAll("{{\(name)}}", with: value) }
        var template = BodyTemplate()
        let pieces = text.pieces(separatedBy: "{{origin}}")
        for (index, piece) in pieces.enumerated() {
            if index > 0 { template.appendOrigin(slashEscaped: false) }
            template.append(String(piece))
        }
        let contentType = headers.first { $0.0.lowercased() == "content-type" }?.1 ?? "application/json"
        return APIResponse(status: HTTPResponse.Status(code: status), body: template, contentType: contentType)
    }

    /// Placeholder names used in the body: each `{{name}}` with no brace inside.
    /// (A scan by hand: a regex literal here linked the regex engine and compiled it at start-up.)
    var placeholders: Set<String> {
        let bytes = Array(body.utf8)
        let open = UInt8(ascii: "{"), close = UInt8(ascii: "}")
        var names: Set<String> = []
        var index = 0
        while index + 1 < bytes.count {
            guard bytes[index] == open, bytes[index + 1] == open else {
                index += 1
                continue
            }
            var end = index + 2
            while end < bytes.count, bytes[end] != open, bytes[end] != close { end += 1 }
            if end + 1 < bytes.count, bytes[end] == close, bytes[end + 1] == close {
                names.insert(String(decoding: bytes[(index + 2)..<end], as: UTF8.self))
                index = end + 2
            } else {
                index += 1
            }
        }
        return names
    }
}

/// A route of a scenario file: matched before the APIs, on method and path
/// pattern (`:name` segments capture).
struct CustomRoute: Sendable {
    var method: String
    var segments: [PathPattern]
    var parameterNames: [String]
    var fixed: FixedResponse?
    var delay: Int?
    var fault: Fault?
    /// The API the path belongs to, if any: its behaviour applies where the route sets none.
    var api: API?

    enum PathPattern: Sendable, Equatable {
        case literal(String)
        case parameter(String)
    }

    init(method: String, path: String, fixed: FixedResponse?, delay: Int?, fault: Fault?) {
        self.method = method
        segments = Substring(path).pathSegments.map { segment in
            segment.hasPrefix(":") ? .parameter(String(segment.dropFirst())) : .literal(String(segment))
        }
        parameterNames = segments.compactMap { if case .parameter(let name) = $0 { name } else { nil } }
        self.fixed = fixed
        self.delay = delay
        self.fault = fault
        api = API.match(path)
    }

    /// The captured parameter values when `request` matches.
    func match(_ request: ServerRequest) -> [String]? {
        guard method == "*" || method == request.method.rawValue || (method == "GET" && request.method == .head) else { return nil }
        let parts = Substring(request.path).pathSegments
        guard parts.count == segments.count else { return nil }
        var values: [String] = []
        for (pattern, part) in zip(segments, parts) {
            switch pattern {
            case .literal(let text): if text != part { return nil }
            case .parameter: values.append(String(part))
            }
        }
        return values
    }
}
