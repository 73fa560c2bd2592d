import HTTPTypes
import UnderstudyDocuments

/// Reads what to serve from the bundled document, once OpenAPIKit has accepted it: the
/// operations in the order written, each response with its headers, examples and synthesised
/// bodies.
struct OperationReader {
    static let methods: Set<String> = ["get", "put", "post", "delete", "options", "head", "patch", "trace", "query"]

    let root: JSONValue
    let resolver: ReferenceResolver
    let synthesizer: SchemaSynthesizer
    private(set) var warnings: [(pointer: JSONPointer, message: String)] = []

    init(root: JSONValue, version: OpenAPIVersion, limits: OpenAPILimits) {
        self.root = root
        resolver = ReferenceResolver(root: root, chainLimit: limits.referenceChain)
        synthesizer = SchemaSynthesizer(resolver: resolver, is2020: version.isJSONSchema2020, limits: limits)
    }

    /// The path of the first server's URL, its variables at their defaults.
    func serverBasePath() -> String {
        guard let server = root["servers"]?.arrayValue?.first, var url = server["url"]?.stringValue else { return "" }
        for variable in server["variables"]?.members ?? [] {
            url = url.replacing("{\(variable.key)}", with: variable.value["default"]?.stringValue ?? "")
        }
        var path = Substring(url)
        if let scheme = path.firstRange(of: "://") {
            path = path[scheme.upperBound...]
            path = path.firstIndex(of: "/").map { path[$0...] } ?? ""
        }
        path = path.prefix { $0 != "?" && $0 != "#" }
        while path.hasSuffix("/") { path = path.dropLast() }
        return path.hasPrefix("/") ? String(path) : path.isEmpty ? "" : "/" + path
    }

    mutating func operations() -> [OpenAPIOperation] {
        var operations: [OpenAPIOperation] = []
        let pathsPointer = JSONPointer(["paths"])
        for path in root["paths"]?.members ?? [] where !path.key.hasPrefix("x-") {
            guard let (item, itemPointer) = resolver.resolved(path.value, at: pathsPointer.appending(path.key)) else { continue }
            var written: [(method: String, operation: JSONValue, pointer: JSONPointer)] = []
            for member in item.members ?? [] where Self.methods.contains(member.key) {
                written.append((member.key, member.value, itemPointer.appending(member.key)))
            }
            // 3.2: methods without a field of their own (`LINK`, `PURGE`…).
            for member in item["additionalOperations"]?.members ?? [] {
                written.append((member.key, member.value, itemPointer.appending("additionalOperations").appending(member.key)))
            }
            for (name, operation, pointer) in written {
                guard let method = HTTPRequest.Method(name.uppercased()) else {
                    warnings.append((pointer, "'\(name)' is not an HTTP method token: the operation is left out"))
                    continue
                }
                operations.append(
                    OpenAPIOperation(
                        method: method, path: PathTemplate(path.key), operationId: operation["operationId"]?.stringValue, pointer: pointer,
                        responses: responses(of: operation, at: pointer)))
            }
        }
        return operations
    }

    private mutating func responses(of operation: JSONValue, at pointer: JSONPointer) -> [OpenAPIResponse] {
        var responses: [OpenAPIResponse] = []
        for member in operation["responses"]?.members ?? [] where !member.key.hasPrefix("x-") {
            let at = pointer.appending("responses").appending(member.key)
            guard let status = Self.status(member.key) else {
                warnings.append((at, "'\(member.key)' is not a status code, a range such as 2XX, or default: the response is left out"))
                continue
            }
            guard let (response, responsePointer) = resolver.resolved(member.value, at: at) else { continue }
            var headers: [OpenAPIHeader] = []
            for header in response["headers"]?.members ?? [] {
                guard let (declared, headerPointer) = resolver.resolved(header.value, at: responsePointer.appending("headers").appending(header.key))
                else { continue }
                headers.append(
                    OpenAPIHeader(
                        name: header.key, required: declared["required"] == .bool(true),
                        value: headerValue(declared, at: headerPointer)))
            }
            var contents: [OpenAPIContent] = []
            for media in response["content"]?.members ?? [] {
                contents.append(content(media.key, media.value, at: responsePointer.appending("content").appending(media.key), status: status))
            }
            responses.append(
                OpenAPIResponse(
                    status: status, description: response["description"]?.stringValue ?? "", headers: headers, contents: contents,
                    pointer: responsePointer))
        }
        return responses
    }

    static func status(_ key: String) -> OpenAPIResponse.Status? {
        if key == "default" { return .default }
        if key.count == 3, key.uppercased().hasSuffix("XX"), let hundreds = Int(key.prefix(1)), (1...5).contains(hundreds) { return .range(hundreds) }
        if key.count == 3, let code = Int(key), (100...599).contains(code) { return .code(code) }
        return nil
    }

    private mutating func content(_ type: String, _ media: JSONValue, at pointer: JSONPointer, status: OpenAPIResponse.Status) -> OpenAPIContent {
        var examples: [OpenAPIContent.NamedExample] = []
        for entry in media["examples"]?.members ?? [] {
            guard let (example, examplePointer) = resolver.resolved(entry.value, at: pointer.appending("examples").appending(entry.key)) else {
                continue
            }
            // 3.2's `dataValue` is the value as data; `value` otherwise. `externalValue` is never fetched.
            guard let value = example["dataValue"] ?? example["value"] else { continue }
            examples.append(.init(name: entry.key, summary: example["summary"]?.stringValue, value: value, pointer: examplePointer))
        }
        var content = OpenAPIContent(
            contentType: type, schemaPointer: nil, examples: examples, example: media["example"], synthesized: nil)
        if let (schema, schemaPointer) = media["schema"].map({ ($0, pointer.appending("schema")) }) ?? itemDataSchema(media, at: pointer) {
            // The document's own examples are served as written (they are what the real API sends, as Twilio's
            // relative `uri`s under `format: uri` are), and each that breaks its schema is said.
            var written = examples.map { ($0.value, $0.pointer) }
            if let example = media["example"] { written.append((example, pointer.appending("example"))) }
            for (value, at) in written where !synthesizer.validator.validates(value, schema) {
                warnings.append((at, "this example does not validate against its schema: it is served as written"))
            }
            content.schemaPointer = resolver.resolved(schema, at: schemaPointer)?.pointer ?? schemaPointer
            content.synthesized = synthesizer.body(for: schema, at: schemaPointer)
            content.synthesisWarnings = synthesizer.bodyWarnings
            // The loader gives it the breakers' source once the document is kept (``OpenAPILoader``).
            if status.isSuccess, content.isJSON, content.synthesized != nil { content.schema = schema }
        }
        return content
    }

    /// OpenAPI 3.2's `itemSchema` of a sequential media type (`text/event-stream`, `application/jsonl`…), read as what
    /// one event's data holds: its `data` property's `contentSchema` when the data is JSON text (3.2's own example of
    /// server-sent events writes it so), else its `data` property, else the item itself.
    private mutating func itemDataSchema(_ media: JSONValue, at pointer: JSONPointer) -> (JSONValue, JSONPointer)? {
        guard let item = media["itemSchema"] else { return nil }
        let (resolved, itemPointer) = resolver.resolved(item, at: pointer.appending("itemSchema")) ?? (item, pointer.appending("itemSchema"))
        guard let data = resolved["properties"]?["data"] else { return (resolved, itemPointer) }
        let dataPointer = itemPointer.appending("properties").appending("data")
        if let content = data["contentSchema"] { return (content, dataPointer.appending("contentSchema")) }
        return (data, dataPointer)
    }

    /// A header's `example`, its first `examples` value, or a value synthesised from its schema.
    private func headerValue(_ header: JSONValue, at pointer: JSONPointer) -> String {
        var value = header["example"]
        if value == nil, let first = header["examples"]?.members?.first, let (example, _) = resolver.resolved(first.value, at: pointer) {
            value = example["dataValue"] ?? example["value"]
        }
        if value == nil {
            let schema = header["schema"] ?? header["content"]?.members?.first?.value["schema"]
            value = schema.flatMap { synthesizer.body(for: $0, at: pointer.appending("schema")) }
        }
        guard let value else { return "" }
        switch value {
        case .string(let text): return text
        case .array(let items) where items.allSatisfy({ $0.stringValue != nil || $0.doubleValue != nil }):
            // The `simple` style, a header's only one: comma-separated.
            return items.map { $0.stringValue ?? $0.jsonText }.joined(separator: ",")
        default: return value.jsonText
        }
    }
}
