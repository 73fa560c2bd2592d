import UnderstudyDocuments
import UnderstudyGraphQL

/// `graphql:` entries and a route's `operation:`, `variables:` and `errors:`.
extension ScenarioReader {
    static let graphQLEntryKeys = ["path", "schema", "operations", "delay", "fault"]
    static let graphQLAnswerKeys = ["status", "headers", "body", "body_file", "json", "errors", "variables", "delay", "fault"]

    /// `graphql: [{path, schema, operations: {NAME: ANSWER or [ANSWER, …]}, delay, fault}]`.
    mutating func graphQLEntries(_ node: YAMLNode, at keyPath: String) -> [GraphQLEntryDefinition] {
        guard case .sequence(let items) = node else {
            problem(node, keyPath, "expected a list of GraphQL endpoints, each with a path (and a schema, operations)")
            return []
        }
        var entries: [GraphQLEntryDefinition] = []
        for (index, item) in items.enumerated() {
            let at = "\(keyPath)[\(index)]"
            guard let block = mapping(item, at) else { continue }
            checkKeys(block, allowed: Self.graphQLEntryKeys, at: at)
            guard let pathNode = block["path"], let path = string(pathNode, at + ".path") else {
                if block["path"] == nil { problem(item, at + ".path", "missing: the endpoint's path, such as /myapi/graphql") }
                continue
            }
            guard path.hasPrefix("/"), !path.contains(":") else {
                problem(pathNode, at + ".path", "expected a fixed path starting with / (no :name segments)")
                continue
            }
            if entries.contains(where: { $0.path == path }) {
                problem(pathNode, at + ".path", "another graphql entry of this file has the path \(path)")
            }
            var entry = GraphQLEntryDefinition(path: path, keyPath: at, line: item.mark.line)
            if let node = block["schema"] { entry.schema = string(node, at + ".schema") }
            if let node = block["delay"] { entry.delay = milliseconds(node, at + ".delay") }
            if let node = block["fault"] { entry.fault = fault(node, at + ".fault") }
            if let node = block["operations"], let operations = mapping(node, at + ".operations") {
                for (key, value) in operations {
                    let name = key.string ?? ""
                    let answerAt = "\(at).operations.\(name)"
                    guard Self.isGraphQLName(name) || Self.isPersistedQueryHash(name) else {
                        problem(key, answerAt, "expected an operation name (letters, digits, _) or a persisted query's sha256 hash")
                        continue
                    }
                    // A list: answers tried in order, each by its `variables:` (the last usually without).
                    let answers: [(YAMLNode, String)] =
                        if case .sequence(let list) = value { list.enumerated().map { ($1, "\(answerAt)[\($0)]") } } else { [(value, answerAt)] }
                    for (answer, answerPath) in answers {
                        guard let answerBlock = mapping(answer, answerPath) else { continue }
                        checkKeys(answerBlock, allowed: Self.graphQLAnswerKeys, at: answerPath)
                        var route = ScenarioDefinition.RouteDefinition(method: nil, path: path, keyPath: answerPath, line: answer.mark.line)
                        if let node = answerBlock["delay"] { route.delay = milliseconds(node, answerPath + ".delay") }
                        if let node = answerBlock["fault"] { route.fault = fault(node, answerPath + ".fault") }
                        if ["status", "headers", "body", "body_file", "json"].contains(where: { answerBlock[$0] != nil }) {
                            route.response = response(answerBlock, at: answerPath + ".")
                        }
                        graphQLAnswer(answerBlock, name: name, into: &route, at: answerPath)
                        entry.operations.append(route)
                    }
                }
            }
            entries.append(entry)
        }
        return entries
    }

    /// A route's `operation:` with its `variables:` and `errors:` (both refused without `operation:`).
    mutating func graphQLOperation(_ block: YAMLNode.Mapping, into route: inout ScenarioDefinition.RouteDefinition, at keyPath: String) {
        guard let node = block["operation"] else {
            if let node = block["variables"] {
                problem(node, keyPath + ".variables", "variables belong to a GraphQL operation: give operation beside it")
            }
            if let node = block["errors"] { problem(node, keyPath + ".errors", "errors answer a GraphQL operation: give operation beside it") }
            return
        }
        guard let name = string(node, keyPath + ".operation") else { return }
        guard Self.isGraphQLName(name) || Self.isPersistedQueryHash(name) else {
            problem(node, keyPath + ".operation", "expected an operation name (letters, digits, _) or a persisted query's sha256 hash")
            return
        }
        if route.stream != nil || route.webSocket != nil {
            problem(node, keyPath + ".operation", "a GraphQL operation is answered with a body, not a stream or a WebSocket")
        }
        graphQLAnswer(block, name: name, into: &route, at: keyPath)
    }

    /// `variables:` and `errors:` of one operation's answer; `errors:` is the body `{"errors": …, "data": null}`.
    private mutating func graphQLAnswer(
        _ block: YAMLNode.Mapping, name: String, into route: inout ScenarioDefinition.RouteDefinition, at keyPath: String
    ) {
        var match = GraphQLOperationMatch(name: name)
        if let node = block["variables"] { match.variables = bodyPattern(node, keyPath + ".variables") }
        if let node = block["errors"] {
            if let source = ["body", "body_file", "json"].first(where: { block[$0] != nil }) {
                problem(node, keyPath + ".errors", "errors is the answer's body: give errors or \(source), not both")
            } else if case .sequence = node {
                var response = route.response ?? ScenarioDefinition.ResponseDefinition()
                response.line = node.mark.line
                response.body = .json(.object([.init("errors", JSONValue(node: node)), .init("data", .null)]))
                route.response = response
            } else {
                problem(node, keyPath + ".errors", "expected a list of GraphQL errors, such as [{message: Out of stock, path: [createOrder]}]")
            }
        }
        route.graphQLOperation = match
    }

    /// An operation's name, or a persisted query's hash (one definition of each, in UnderstudyGraphQL).
    static func isGraphQLName(_ text: String) -> Bool { GraphQLLexer.isName(text) }

    static func isPersistedQueryHash(_ text: String) -> Bool { PersistedQueryHash.isHash(text) }
}
