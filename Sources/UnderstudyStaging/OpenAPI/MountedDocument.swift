package import HTTPTypes
package import UnderstudyDocuments
import UnderstudyHTTP
package import UnderstudyOpenAPI

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// An OpenAPI document loaded for one mount: its operations become routes of every scenario under
/// `/NAME` (``routes(for:)``), each answering as the scenario asks (the success response, the document's
/// own error for `server-error`'s 500, arrays emptied for `empty`, a decode-breaker…).
package struct MountedDocument: Sendable {
    package let name: String
    /// The file as problems name it.
    package let file: String
    package let service: OpenAPIService
    /// The first server's URL when it is absolute (`https://api.example.com/v1`, no trailing `/`): strings in
    /// bodies that start with it become links to Understudy (`http://HOST:PORT/NAME/…`).
    let serverURL: String?
    /// Operation indexes by `operationId`, for scenario files' `operations:`.
    package let operationIDs: [String: Int]
    /// Each operation's route before a scenario's choices, its path parsed once: every scenario's route
    /// copies it (and shares its pattern) instead of parsing the path again.
    let baseRoutes: [CustomRoute]
    /// The operations' indexes, most specific path first among paths of as many segments (routes are tried
    /// in order: Twilio's `POST …/Local.json` written after `POST …/{Sid}.json` must not answer as it).
    let routeOrder: [Int]
    /// Rewrites links to ``serverURL`` in the document's response headers; nil without an http(s) server URL.
    let headerLinks: LinkRewriter?

    package init(name: String, file: String, service: OpenAPIService) {
        self.name = name
        self.file = file
        self.service = service
        if case .array(let servers)? = service.document["servers"], case .string(let url)? = servers.first?["url"], url.contains("://") {
            serverURL = url.hasSuffix("/") ? String(url.dropLast()) : url
        } else {
            serverURL = nil
        }
        var ids: [String: Int] = [:]
        for (index, operation) in service.operations.enumerated() {
            if let id = operation.operationId, ids[id] == nil { ids[id] = index }
        }
        operationIDs = ids
        headerLinks = serverURL.flatMap { try? UpstreamMapping(prefix: "/\(name)", upstream: $0) }.map {
            LinkRewriter(mapping: $0, replacement: "{{origin}}")
        }
        baseRoutes = service.operations.map { operation in
            var route = CustomRoute(method: operation.method, path: "/\(name)" + Self.routePath(operation.path), fixed: nil, delay: nil, fault: nil)
            route.use(operation.path, under: name)
            // Nearer than any scenario setting: the scenario's top-level response must not replace the document's own.
            route.depth = -1
            return route
        }
        let specificity = service.operations.map(\.path.specificity)
        routeOrder = service.operations.indices.sorted { left, right in
            let (a, b) = (specificity[left], specificity[right])
            if a.count != b.count { return a.count < b.count }
            return a == b ? left < right : b.lexicographicallyPrecedes(a)
        }
    }

    /// Loads `mount`'s document; every problem located in it.
    package static func load(_ mount: OpenAPIMount, displayName: String, gate: OpenAPIGate) throws(FileProblems) -> MountedDocument {
        let service = try OpenAPILoader.load(fileAt: mount.file, displayName: displayName, gate: gate, lenient: mount.lenient)
        return MountedDocument(name: mount.name, file: displayName, service: service)
    }

    /// What one scenario asks of every operation, and of some by `operationId`.
    package struct Choices {
        /// The scenario's top-level status (`server-error`'s 500…), nil for success.
        var status: Int?
        /// The scenario's top-level response: the body when the document has none for `status`.
        var fallback: CannedResponse?
        /// `dataset: empty` at the top level.
        var emptyArrays = false
        var overrides: [String: ScenarioDefinition.OperationOverride] = [:]
    }

    /// Every operation as a route of one scenario, in the document's order: matched after the scenario's own
    /// routes (a route written for the same path wins) and answered from the document.
    ///
    /// `made` keeps the answers already made by operation and choice across the scenarios of one load: most
    /// scenarios ask the same of an operation (its success response), and sharing one answer shares its bytes.
    func routes(for choices: Choices, made: inout [OperationReference: CannedResponse?]) -> [CustomRoute] {
        routeOrder.map { index in
            let operation = service.operations[index]
            let override = operation.operationId.flatMap { choices.overrides[$0] }
            var choice = AnswerChoice(status: override?.status ?? choices.status, emptyArrays: choices.emptyArrays)
            choice.example = override?.example
            choice.dynamic = override?.dynamic ?? false
            choice.breaker = override?.breaker
            // A status the document does not describe answers with the scenario's own body (documented in docs/openapi.md).
            let key = OperationReference(mount: name, index: index, choice: choice)
            let described: CannedResponse?
            if let known = made[key] {
                described = known
            } else {
                described = answer(operation, choice)
                made[key] = .some(described)
            }
            let fixed = described ?? (override?.status == nil ? choices.fallback : nil) ?? Self.undescribed(choice.status ?? 200)
            var route = baseRoutes[index]
            (route.fixed, route.delay, route.fault) = (fixed, override?.delay, override?.fault)
            if fixed.contentType.hasPrefix(EventStream.contentType), case .events(let values)? = operation.answer(choice)?.body {
                route.stream = EventStream(synthesizedFrom: values.map(linked))
            }
            route.operation = OperationReference(mount: name, index: index, choice: choice)
            return route
        }
    }

    /// The response `choice` asks of `operation`, with its links pointing at Understudy; nil when the
    /// document describes none for that status.
    package func answer(_ operation: OpenAPIOperation, _ choice: AnswerChoice) -> CannedResponse? {
        guard let answer = operation.answer(choice) else { return nil }
        var fields = HTTPFields()
        for header in answer.headers {
            // A name the document writes that is not an HTTP token is left out rather than sent broken.
            if let field = HTTPField.Name(header.name) { fields.append(HTTPField(name: field, value: linkedHeader(header.value))) }
        }
        var template = BodyTemplate()
        switch answer.body {
        case .none: break
        case .json(let value): template = JSONWriter().template(linked(value))
        case .text(let text): template = BodyTemplate(text)
        case .events: break  // the route's stream (``EventStream/init(synthesizedFrom:)``) answers
        }
        if let type = answer.contentType { fields[.contentType] = type }
        if let warning = answer.synthesisWarnings.first {
            // Said on the answer itself, as Prism's `sl-violations` does: this body may not validate against its schema.
            fields[Self.synthesisWarning] = warning.printableASCII(limit: 300)
        }
        return CannedResponse(status: answer.status, fields: fields, template: template)
    }

    /// Marks a synthesised body that synthesis could not make valid (a pattern with look-ahead, a required
    /// property that recurses forever), with what it could not do.
    static let synthesisWarning = HTTPField.Name("X-Understudy-Synthesis-Warning")!

    /// A status the document does not describe, asked for by a scenario's `operations:` entry.
    static func undescribed(_ status: Int) -> CannedResponse {
        // Understudy's one error body, as every error it makes itself.
        CannedResponse(
            status: status, fields: [.contentType: "application/json"],
            body: String(
                decoding: ErrorBody.bytes(error: "no such response", detail: "The document describes no response \(status) for this operation."),
                as: UTF8.self))
    }

    /// Strings that start with the document's server URL, as links to the same path under the mount.
    func linked(_ value: JSONValue) -> JSONValue {
        guard let serverURL else { return value }
        func walk(_ value: JSONValue) -> JSONValue {
            switch value {
            case .string(let text) where text.hasPrefix(serverURL):
                let rest = text.dropFirst(serverURL.count)
                guard rest.isEmpty || rest.first == "/" || rest.first == "?" || rest.first == "#" else { return value }
                return .link("/\(name)\(rest)")
            case .array(let items): return .array(items.map(walk))
            case .object(let members): return .object(members.map { JSONValue.Member($0.key, walk($0.value)) })
            default: return value
            }
        }
        return walk(value)
    }

    /// A header's value with each link to the real server (`Location: https://api.example.com/v1/pets/7`, a `Link`'s
    /// `<…>`) pointing at Understudy instead: `{{origin}}/NAME/pets/7`, the origin filled in per host when served.
    /// The rewriting `record` and `proxy:` do, with the mount as the prefix.
    func linkedHeader(_ value: String) -> String {
        headerLinks?.rewrite(value) ?? value
    }

    /// `/pets/{petId}` as a route path, `/pets/:petId` (for the route's listing; a segment that mixes text and
    /// parameters, `{name}.json`, is matched as written, ``CustomRoute/use(_:under:)``).
    static func routePath(_ template: PathTemplate) -> String {
        template.segments.map { segment in
            switch segment {
            case .literal(let text): "/" + text
            case .parameter(let name): "/:" + name
            case .mixed(let pieces):
                "/:"
                    + pieces.compactMap {
                        if case .parameter(let name) = $0 { name } else { nil }
                    }.joined(separator: "_")
            }
        }.joined()
    }
}

/// Which operation of which mount a route answers for, and what its scenario chose (a `Prefer` header
/// picks another of its answers).
package struct OperationReference: Sendable, Hashable {
    package let mount: String
    package let index: Int
    package let choice: AnswerChoice
}
