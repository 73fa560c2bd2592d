import UnderstudyDocuments

/// An HTTP request read as GraphQL, by the "GraphQL over HTTP" conventions apps' clients follow (Apollo iOS and
/// Kotlin, Relay, urql): a JSON object or a batch of them in a POST, the text alone in an `application/graphql`
/// POST, or query parameters in a GET.
package struct GraphQLHTTPRequest: Sendable, Equatable {
    package var operations: [GraphQLOperationRequest]
    /// The body was a JSON array: the answer is an array too, one element per operation.
    package var isBatch: Bool

    /// Apollo's batching sends a few operations at once; a hundred is far past any app's and bounds the work one
    /// request can ask for.
    package static let maxBatch = 100

    package init(operations: [GraphQLOperationRequest], isBatch: Bool) {
        self.operations = operations
        self.isBatch = isBatch
    }

    package static func read(
        method: String,
        queryItems: [(name: String, value: String)],
        contentType: String?,
        body: [UInt8]
    ) -> Result<GraphQLHTTPRequest, GraphQLRequestProblem> {
        do throws(GraphQLRequestProblem) {
            switch method.uppercased() {
            case "GET": return .success(try readGET(queryItems))
            case "POST": return .success(try readPOST(contentType: contentType, body: body))
            default: throw GraphQLRequestProblem("GraphQL requests are GET or POST, not \(method)")
            }
        } catch {
            return .failure(error)
        }
    }

    private static func readGET(_ items: [(name: String, value: String)]) throws(GraphQLRequestProblem) -> GraphQLHTTPRequest {
        // The first of a repeated parameter counts, as in URLSearchParams.get, which JavaScript servers read with.
        func item(_ name: String) -> String? { items.first { $0.name == name }?.value }
        var operation = GraphQLOperationRequest(query: item("query"), operationName: item("operationName"))
        if operation.operationName?.isEmpty == true { operation.operationName = nil }
        if let text = item("variables") {
            operation.variables = try objectOrNull(parseJSON(text, parameter: "variables"), key: "variables")
        }
        if let text = item("extensions") {
            operation.extensions = try objectOrNull(parseJSON(text, parameter: "extensions"), key: "extensions")
            operation.persistedQueryHash = try persistedQueryHash(in: operation.extensions)
        }
        try requireQueryOrHash(operation, key: "query")
        return GraphQLHTTPRequest(operations: [operation], isBatch: false)
    }

    private static func readPOST(contentType: String?, body: [UInt8]) throws(GraphQLRequestProblem) -> GraphQLHTTPRequest {
        let mediaType = contentType.map(mediaTypeOf) ?? ""
        if mediaType == "application/graphql" {
            guard let text = String(validating: body, as: UTF8.self) else {
                throw GraphQLRequestProblem("the application/graphql body is not UTF-8 text")
            }
            return GraphQLHTTPRequest(operations: [GraphQLOperationRequest(query: text)], isBatch: false)
        }
        // Only JSON, as Apollo Server: a form or text/plain POST is what a cross-site page can send without a preflight.
        guard mediaType == "application/json" || mediaType.hasSuffix("+json") else {
            let sent = contentType.map { "Content-Type \($0)" } ?? "no Content-Type"
            throw GraphQLRequestProblem("a GraphQL POST is application/json or application/graphql, not \(sent)")
        }
        let root: JSONValue
        do {
            root = try JSONParser.parse(body, file: "body").value
        } catch {
            throw GraphQLRequestProblem("the body is not JSON: \(locatedMessage(error))")
        }
        switch root {
        case .object:
            return GraphQLHTTPRequest(operations: [try operation(root, at: nil)], isBatch: false)
        case .array(let items):
            guard !items.isEmpty else { throw GraphQLRequestProblem("the batch is empty: send at least one operation") }
            guard items.count <= maxBatch else {
                throw GraphQLRequestProblem("the batch has \(items.count) operations; at most \(maxBatch) are read")
            }
            var operations: [GraphQLOperationRequest] = []
            for (index, item) in items.enumerated() { operations.append(try operation(item, at: index)) }
            return GraphQLHTTPRequest(operations: operations, isBatch: true)
        default:
            throw GraphQLRequestProblem("the body is \(described(root)); a GraphQL request is an object or an array of them")
        }
    }

    /// One request object; `index` is its place in a batch, named in problems so the client finds the bad element.
    private static func operation(_ value: JSONValue, at index: Int?) throws(GraphQLRequestProblem) -> GraphQLOperationRequest {
        let prefix = index.map { "[\($0)]." } ?? ""
        guard case .object = value else {
            throw GraphQLRequestProblem("batch element \(prefix.dropLast()) is \(described(value)), not an object")
        }
        var operation = GraphQLOperationRequest()
        operation.query = try string(value["query"], key: prefix + "query")
        operation.operationName = try string(value["operationName"], key: prefix + "operationName")
        if operation.operationName?.isEmpty == true { operation.operationName = nil }
        operation.variables = try objectOrNull(value["variables"], key: prefix + "variables")
        operation.extensions = try objectOrNull(value["extensions"], key: prefix + "extensions")
        operation.persistedQueryHash = try persistedQueryHash(in: operation.extensions, prefix: prefix)
        try requireQueryOrHash(operation, key: prefix + "query")
        return operation
    }

    private static func requireQueryOrHash(_ operation: GraphQLOperationRequest, key: String) throws(GraphQLRequestProblem) {
        guard operation.query == nil, operation.persistedQueryHash == nil else { return }
        throw GraphQLRequestProblem("\(key) is missing: send the query text or a persisted-query hash")
    }

    private static func persistedQueryHash(in extensions: JSONValue?, prefix: String = "") throws(GraphQLRequestProblem) -> String? {
        guard let persisted = extensions?["persistedQuery"], persisted != .null else { return nil }
        let key = prefix + "extensions.persistedQuery"
        guard case .object = persisted else { throw GraphQLRequestProblem("\(key) is \(described(persisted)), not an object") }
        guard let hash = try string(persisted["sha256Hash"], key: key + ".sha256Hash") else {
            throw GraphQLRequestProblem("\(key).sha256Hash is missing")
        }
        let lowered = hash.lowercased()
        guard PersistedQueryHash.isHash(lowered) else {
            throw GraphQLRequestProblem("\(key).sha256Hash is not a SHA-256 hash (64 hexadecimal digits)")
        }
        return lowered
    }

    private static func string(_ value: JSONValue?, key: String) throws(GraphQLRequestProblem) -> String? {
        switch value {
        case nil, .null?: return nil
        case .string(let text)?: return text
        case let other?: throw GraphQLRequestProblem("\(key) is \(described(other)), not a string")
        }
    }

    private static func objectOrNull(_ value: JSONValue?, key: String) throws(GraphQLRequestProblem) -> JSONValue? {
        switch value {
        case nil, .null?: return nil
        case .object?: return value
        case let other?: throw GraphQLRequestProblem("\(key) is \(described(other)), not an object")
        }
    }

    private static func parseJSON(_ text: String, parameter: String) throws(GraphQLRequestProblem) -> JSONValue {
        do {
            return try JSONParser.parse(Array(text.utf8), file: parameter).value
        } catch {
            throw GraphQLRequestProblem("the \(parameter) parameter is not JSON: \(locatedMessage(error))")
        }
    }

    /// "an array", "a string": the kind of JSON value a client sent where another was expected.
    private static func described(_ value: JSONValue) -> String {
        let kind = value.kindName
        return (kind.first.map { "aeiou".contains($0) } ?? false ? "an " : "a ") + kind
    }

    /// `type/subtype` lowercased, without parameters (`; charset=utf-8`).
    private static func mediaTypeOf(_ contentType: String) -> String {
        let type = contentType.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        return type.trimmingSpaces().lowercased()
    }

    private static func locatedMessage(_ problem: FileProblem) -> String {
        guard let line = problem.line else { return problem.message }
        return "line \(line)" + (problem.column.map { ", column \($0)" } ?? "") + ": " + problem.message
    }
}

extension Substring {
    fileprivate func trimmingSpaces() -> String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}
