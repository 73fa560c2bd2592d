package import UnderstudyDocuments

/// What a request breaks of its operation's contract: its path, query and header parameters and its JSON body,
/// checked against the document (request validation's `report` and `enforce`). Bounded: at most
/// ``maxProblems`` are said, and patterns run without backtracking (a request's values are any client's).
package struct RequestCheck {
    package static let maxProblems = 10

    /// The request, as the engine sees it.
    package struct Request {
        package var pathParameters: [String: String]
        package var query: [(name: String, value: String)]
        package var header: (String) -> String?
        package var body: [UInt8]

        package init(
            pathParameters: [String: String], query: [(name: String, value: String)], header: @escaping (String) -> String?, body: [UInt8]
        ) {
            self.pathParameters = pathParameters
            self.query = query
            self.header = header
            self.body = body
        }
    }

    /// What is wrong, worst first: a problem of the body (`body`) is a 422 where the others are a 400.
    package struct Problem: Sendable, Equatable {
        package var message: String
        package var inBody: Bool
    }

    let service: OpenAPIService
    let validator: SchemaValidator
    let resolver: ReferenceResolver

    package init(service: OpenAPIService) {
        self.service = service
        resolver = ReferenceResolver(root: service.document, chainLimit: 32)
        validator = SchemaValidator(resolver: resolver, is2020: service.version.isJSONSchema2020)
        validator.linearPatterns = true
    }

    /// Every problem of `request` for `operation`, at most ``maxProblems``.
    package func problems(_ operation: OpenAPIOperation, _ request: Request) -> [Problem] {
        var problems: [Problem] = []
        guard let operationNode = node(at: operation.pointer) else { return [] }
        let pathItem = node(at: JSONPointer(Array(operation.pointer.tokens.dropLast())))
        for parameter in parameters(operation: operationNode, pathItem: pathItem) where problems.count < Self.maxProblems {
            if let problem = check(parameter, request) { problems.append(Problem(message: problem, inBody: false)) }
        }
        if problems.count < Self.maxProblems, let body = resolved(operationNode["requestBody"]) {
            problems += check(body: body, request).prefix(Self.maxProblems - problems.count)
        }
        return problems
    }

    /// The operation's parameters, then its path item's that it does not redefine (same name and `in`).
    private func parameters(operation: JSONValue, pathItem: JSONValue?) -> [JSONValue] {
        let own = (operation["parameters"]?.arrayValue ?? []).compactMap(resolved)
        let shared = (pathItem?["parameters"]?.arrayValue ?? []).compactMap(resolved).filter { parameter in
            !own.contains { $0["name"] == parameter["name"] && $0["in"] == parameter["in"] }
        }
        return own + shared
    }

    private func check(_ parameter: JSONValue, _ request: Request) -> String? {
        guard let name = parameter["name"]?.stringValue, let place = parameter["in"]?.stringValue else { return nil }
        let values: [String]
        switch place {
        case "path": values = request.pathParameters[name].map { [$0] } ?? []
        case "query": values = request.query.filter { $0.name == name }.map(\.value)
        case "header": values = request.header(name).map { [$0] } ?? []
        case "cookie": values = Self.cookies(request.header("Cookie")).filter { $0.name == name }.map(\.value)
        default: return nil
        }
        let label = "\(place) parameter '\(name)'"
        guard let first = values.first else {
            return place == "path" || parameter["required"] == .bool(true) ? "\(label) is required" : nil
        }
        guard let schema = parameter["schema"] else { return nil }
        let type = resolved(schema)?["type"]?.stringValue
        let value: JSONValue
        switch type {
        case "integer", "number":
            guard Self.isNumber(first, integer: type == "integer") else {
                return "\(label): '\(Self.shown(first))' is not \(type == "integer" ? "an integer" : "a number")"
            }
            value = .number(first)
        case "boolean":
            guard first == "true" || first == "false" else { return "\(label): '\(Self.shown(first))' is not true or false" }
            value = .bool(first == "true")
        case "array":
            // form style: repeated (explode, the default for query) or comma-separated.
            let items = values.count > 1 ? values : first.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            let itemType = resolved(resolved(schema)?["items"] ?? .null)?["type"]?.stringValue
            value = .array(
                items.map {
                    itemType == "integer" || itemType == "number" ? (Self.isNumber($0, integer: false) ? .number($0) : .string($0)) : .string($0)
                })
        default:
            value = .string(first)
        }
        return validator.validates(value, schema) ? nil : "\(label): '\(Self.shown(first))' does not match its schema"
    }

    private func check(body requestBody: JSONValue, _ request: Request) -> [Problem] {
        guard !request.body.isEmpty else {
            return requestBody["required"] == .bool(true) ? [Problem(message: "a request body is required", inBody: true)] : []
        }
        let contents = requestBody["content"]?.members ?? []
        let declared = contents.map(\.key)
        let sent = request.header("Content-Type").map { String($0.prefix { $0 != ";" }).trimmingSpaces.lowercased() }
        guard let sent, let content = contents.first(where: { Self.mediaMatches($0.key, sent) }) else {
            guard !declared.isEmpty else { return [] }
            return [
                Problem(
                    message:
                        "Content-Type \(sent.map { "'\(Self.shown($0))'" } ?? "(none)") is not one the operation takes (\(declared.joined(separator: ", ")))",
                    inBody: true)
            ]
        }
        guard let schema = content.value["schema"] else { return [] }
        let value: JSONValue
        if OpenAPIContent.isJSON(content.key) {
            do {
                value = try JSONParser.parse(request.body, file: "body").value
            } catch {
                return [Problem(message: "the body is not JSON: \(error.message)", inBody: true)]
            }
        } else if Self.mediaMatches(content.key, "application/x-www-form-urlencoded") {
            value = form(request.body, schema: resolved(schema) ?? schema)
        } else {
            return []  // multipart, XML, binary: the bytes are not read
        }
        return details(value, schema, at: "").prefix(Self.maxProblems).map { Problem(message: $0, inBody: true) }
    }

    /// Where `value` breaks `schema`: a missing required key, a property or item that does not match, named by
    /// its JSON pointer (two levels deep; below that the nearest failing node is named).
    private func details(_ value: JSONValue, _ schema: JSONValue, at pointer: String, depth: Int = 0) -> [String] {
        guard !validator.validates(value, schema) else { return [] }
        let target = resolved(schema) ?? schema
        if depth < 2, case .object(let members) = value, target["allOf"] == nil, target["oneOf"] == nil, target["anyOf"] == nil {
            var found: [String] = []
            for key in target["required"]?.arrayValue?.compactMap(\.stringValue) ?? [] where !members.contains(where: { $0.key == key }) {
                found.append("body \(pointer)/\(key): a required property is missing")
            }
            for member in members {
                if let propertySchema = target["properties"]?[member.key] {
                    found += details(member.value, propertySchema, at: "\(pointer)/\(member.key)", depth: depth + 1)
                }
            }
            if !found.isEmpty { return found }
        }
        if depth < 2, case .array(let items) = value, let itemSchema = target["items"] {
            let found = items.enumerated().prefix(100).flatMap { details($1, itemSchema, at: "\(pointer)/\($0)", depth: depth + 1) }
            if !found.isEmpty { return found }
        }
        let expected = target["type"]?.stringValue.map { " (\($0))" } ?? ""
        return ["body \(pointer.isEmpty ? "/" : pointer): does not match its schema\(expected)"]
    }

    private func node(at pointer: JSONPointer) -> JSONValue? {
        var node = service.document
        for token in pointer.tokens {
            if let items = node.arrayValue, let index = Int(token), items.indices.contains(index) {
                node = items[index]
            } else if let next = node[token] {
                node = next
            } else {
                return nil
            }
        }
        return node
    }

    /// A parameter or request body behind its `$ref`s.
    func resolved(_ value: JSONValue?) -> JSONValue? {
        var current = value
        for _ in 0..<32 {
            guard let ref = current?["$ref"]?.stringValue else { return current }
            current = resolver.lookUp(ref)?.value
        }
        return nil
    }

    static func mediaMatches(_ declared: String, _ sent: String) -> Bool {
        let essence = declared.prefix { $0 != ";" }.trimmingSpaces.lowercased()
        if essence == "*/*" || essence == sent { return true }
        if essence.hasSuffix("/*") { return sent.hasPrefix(essence.dropLast()) }
        return false
    }

    static func isNumber(_ text: String, integer: Bool) -> Bool {
        guard text.utf8.count <= 40, let number = Double(text), number.isFinite else { return false }
        return !integer || (number.rounded() == number && !text.contains("."))
    }

    /// A request's value in a message: printable ASCII, at most 60 characters.
    static func shown(_ text: String) -> String {
        text.printableASCII(limit: 60, replacement: "?")
    }
}
