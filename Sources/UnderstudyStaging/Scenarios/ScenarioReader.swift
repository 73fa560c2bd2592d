package import HTTPTypes
import UnderstudyAPIService
package import UnderstudyAdminWire
package import UnderstudyDocuments
package import UnderstudyOpenAPI

/// Reads a scenario file's node tree into a ``ScenarioDefinition``,
/// collecting every problem with its line and key path.
package struct ScenarioReader {
    package let file: String
    package var problems: [FileProblem] = []
    /// Whether routes may say `times:` (a session's routes, which count per session; a scenario file's
    /// routes are shared by every session, so a count there would leak from one test into another).
    package var allowsTimes = false

    /// The longest delay a file may ask for; the server caps it further (`--max-delay`).
    static let maxDelayMilliseconds = 86_400_000
    static let topKeys = [
        "name", "description", "extends", "dataset", "delay", "fault", "response", "apis", "routes", "proxy", "openapi", "operations",
        "resources", "graphql",
    ]
    static let operationKeys = ["status", "example", "dynamic", "breaker", "delay", "fault"]
    static let apiKeys = ["dataset", "delay", "fault", "response"]
    static let responseKeys = ["status", "headers", "body", "body_file", "json"]
    static let routeKeys = [
        "method", "path", "query", "request_headers", "request_body", "status", "headers", "body", "body_file", "json", "stream", "websocket",
        "delay", "fault",
        "fault_after", "times", "operation", "variables", "errors",
    ]
    /// The most `times:` may say.
    static let maxTimes = 1_000_000

    package mutating func read(_ root: YAMLNode, defaultName: String) -> ScenarioDefinition? {
        if case .sequence = root {
            // A seed or a dataset among the scenario files: say where it belongs rather than "expected a mapping".
            problem(root, "", "this file is a list, not a scenario: a resource's seed or a dataset goes in a subfolder (e.g. data/)")
            return nil
        }
        guard let top = mapping(root, "") else { return nil }
        if let version = top["openapi"], case .scalar = version {
            // An OpenAPI document among the scenario files: one clear problem rather than one per key.
            problem(
                version, "openapi",
                "this is an OpenAPI document, not a scenario: move it into a subfolder (e.g. openapi/) and mount it from a scenario file (openapi: {NAME: openapi/\(file)}) or with --openapi NAME=FILE"
            )
            return nil
        }
        var definition = ScenarioDefinition(name: defaultName, description: "", file: file)
        checkKeys(top, allowed: Self.topKeys, at: "")
        if let node = top["name"], let name = string(node, "name") {
            if name != defaultName {
                problem(node, "name", "the name '\(name)' differs from the file name; name the file \(name).yaml or drop the key")
            }
        }
        if let node = top["description"] { definition.description = string(node, "description") ?? "" }
        if let node = top["extends"], let parent = string(node, "extends") { definition.extends = (parent, node.mark.line) }
        definition.common = behavior(top, at: "", allowDataset: false)
        if let node = top["dataset"], let text = string(node, "dataset") {
            // At the top level only `empty`: it empties the three APIs and the arrays of mounted documents' bodies.
            if text == "empty" {
                definition.common.dataset = .empty
            } else {
                problem(node, "dataset", "at the top level, dataset takes only 'empty' (a folder or file is per API: apis.NAME.dataset)")
            }
        }
        if let node = top["openapi"], let mounts = mapping(node, "openapi") {
            for (key, value) in mounts {
                let name = key.string ?? ""
                if let reason = OpenAPIMount.problem(withName: name) {
                    problem(key, "openapi.\(name)", reason)
                    continue
                }
                // `NAME: FILE`, or `NAME: {file: FILE, lenient: true}` (served though OpenAPIKit refuses it, as --openapi-lenient).
                var lenient = false
                let file: String?
                if case .mapping(let entry) = value {
                    checkKeys(entry, allowed: ["file", "lenient"], at: "openapi.\(name)")
                    file = entry.first { $0.key.string == "file" }.flatMap { string($0.value, "openapi.\(name).file") }
                    if let node = entry.first(where: { $0.key.string == "lenient" })?.value {
                        lenient = bool(node, "openapi.\(name).lenient") ?? false
                    }
                    if file == nil, !entry.contains(where: { $0.key.string == "file" }) {
                        problem(value, "openapi.\(name)", "a document's mapping needs file (the document, in the scenarios folder)")
                    }
                } else {
                    file = string(value, "openapi.\(name)")
                }
                guard let file else { continue }
                definition.openAPI.append((name, file, value.mark.line, lenient))
            }
        }
        if let node = top["operations"], let operations = mapping(node, "operations") {
            for (key, value) in operations {
                let id = key.string ?? ""
                guard let block = mapping(value, "operations.\(id)") else { continue }
                definition.operations[id] = operationOverride(block, at: "operations.\(id).")
            }
        }
        if let node = top["apis"], let apis = mapping(node, "apis") {
            for (keyNode, value) in apis {
                let key = keyNode.string ?? ""
                guard let api = UnderstudyAPI(rawValue: key) else {
                    problem(keyNode, "apis.\(key)", "unknown API (known: \(UnderstudyAPI.allCases.map(\.rawValue).joined(separator: ", ")))")
                    continue
                }
                guard let block = mapping(value, "apis.\(key)") else { continue }
                checkKeys(block, allowed: Self.apiKeys, at: "apis.\(key)")
                definition.apis[api] = behavior(block, at: "apis.\(key).", allowDataset: true)
            }
        }
        if let node = top["proxy"], let proxies = mapping(node, "proxy") {
            for (key, value) in proxies {
                let prefix = key.string ?? ""
                guard let upstream = string(value, "proxy.\(prefix)") else { continue }
                do throws(UpstreamMappingError) {
                    definition.proxies.append(try UpstreamMapping(prefix: prefix, upstream: upstream))
                } catch {
                    problem(key, "proxy.\(prefix)", error.description)
                }
            }
        }
        if let node = top["routes"] { definition.routes = routes(node, at: "routes") }
        if let node = top["graphql"] { definition.graphQL = graphQLEntries(node, at: "graphql") }
        if let node = top["resources"] { (definition.resources, definition.resourceDocuments) = resources(node, at: "resources") }
        return definition
    }

    private mutating func operationOverride(_ block: YAMLNode.Mapping, at prefix: String) -> ScenarioDefinition.OperationOverride {
        checkKeys(block, allowed: Self.operationKeys, at: String(prefix.dropLast()))
        var override = ScenarioDefinition.OperationOverride(line: block.mark.line)
        if let node = block["status"] {
            if let status = integer(node, prefix + "status"), (100...599).contains(status) {
                override.status = status
            } else {
                problem(node, prefix + "status", "expected an HTTP status code from 100 to 599")
            }
        }
        if let node = block["example"] { override.example = string(node, prefix + "example") }
        if let node = block["dynamic"] { override.dynamic = bool(node, prefix + "dynamic") }
        if let node = block["breaker"], let text = string(node, prefix + "breaker") {
            override.breaker = DecodeBreaker.Kind(rawValue: text)
            if override.breaker == nil {
                problem(
                    node, prefix + "breaker", "unknown decode-breaker (known: \(DecodeBreaker.Kind.allCases.map(\.rawValue).joined(separator: ", ")))"
                )
            }
        }
        if let node = block["delay"] { override.delay = milliseconds(node, prefix + "delay") }
        if let node = block["fault"] { override.fault = fault(node, prefix + "fault") }
        return override
    }

    /// A list of routes as a scenario file's `routes:` writes them (a session's overlay too).
    package mutating func routes(_ node: YAMLNode, at keyPath: String) -> [ScenarioDefinition.RouteDefinition] {
        guard case .sequence(let sequence) = node else {
            problem(node, keyPath, "expected a list of routes")
            return []
        }
        return sequence.enumerated().compactMap { index, item in route(item, at: "\(keyPath)[\(index)]") }
    }

    private mutating func behavior(_ block: YAMLNode.Mapping, at prefix: String, allowDataset: Bool) -> ScenarioDefinition.Behavior {
        var behavior = ScenarioDefinition.Behavior()
        behavior.line = block.mark.line
        if allowDataset, let node = block["dataset"], let text = string(node, prefix + "dataset") {
            behavior.dataset = text == "empty" ? .empty : .path(text)
        }
        if let node = block["delay"] { behavior.delay = milliseconds(node, prefix + "delay") }
        if let node = block["fault"] { behavior.fault = fault(node, prefix + "fault") }
        if let node = block["response"], let response = mapping(node, prefix + "response") {
            checkKeys(response, allowed: Self.responseKeys, at: prefix + "response")
            behavior.response = self.response(response, at: prefix + "response.")
        }
        return behavior
    }

    mutating func response(_ block: YAMLNode.Mapping, at prefix: String) -> ScenarioDefinition.ResponseDefinition {
        var response = ScenarioDefinition.ResponseDefinition()
        response.line = block.mark.line
        if let node = block["status"] {
            if let status = integer(node, prefix + "status"), (100...599).contains(status) {
                response.status = status
            } else {
                problem(node, prefix + "status", "expected an HTTP status code from 100 to 599")
            }
        }
        if let node = block["headers"], let headers = mapping(node, prefix + "headers") {
            for (key, value) in headers {
                // swift-http-types checks the name is an RFC 9110 token.
                guard let name = key.string, let field = HTTPField.Name(name) else {
                    problem(key, prefix + "headers", "'\(key.string ?? "")' is not a valid header name")
                    continue
                }
                guard case .scalar(let scalar) = value else {
                    problem(value, prefix + "headers.\(name)", "expected a text value")
                    continue
                }
                response.headers.append(HTTPField(name: field, value: scalar.string))
            }
        }
        let sources = ["body", "body_file", "json"].filter { block[$0] != nil }
        if sources.count > 1 {
            problem(block[sources[1]]!, prefix + sources[1], "give only one of body, body_file and json")
        }
        if let node = block["body"], let text = string(node, prefix + "body") { response.body = .inline(text) }
        if let node = block["body_file"], let path = string(node, prefix + "body_file") { response.body = .file(path) }
        if let node = block["json"] { response.body = .json(JSONValue(node: node)) }
        return response
    }

    private mutating func route(_ node: YAMLNode, at keyPath: String) -> ScenarioDefinition.RouteDefinition? {
        guard let block = mapping(node, keyPath) else { return nil }
        checkKeys(block, allowed: Self.routeKeys, at: keyPath)
        let path: String
        if block["operation"] != nil, block["path"] == nil || block["path"]?.string == "" {
            path = ""  // A GraphQL operation's route without a path answers the operation at any path.
        } else {
            guard let pathNode = block["path"], let text = string(pathNode, keyPath + ".path") else {
                if block["path"] == nil { problem(node, keyPath + ".path", "missing: every route needs a path such as /users/:id") }
                return nil
            }
            guard text.hasPrefix("/") else {
                problem(pathNode, keyPath + ".path", "must start with /")
                return nil
            }
            path = text
        }
        // GraphQL comes by POST and by GET: an operation's route takes either unless it says.
        var method: HTTPRequest.Method? = block["operation"] != nil ? nil : .get
        if let node = block["method"], let text = string(node, keyPath + ".method") {
            // swift-http-types checks the method is an RFC 9110 token; `*` is any method.
            if text == "*" {
                method = nil
            } else if let named = HTTPRequest.Method(text.uppercased()) {
                method = named
            } else {
                problem(node, keyPath + ".method", "expected an HTTP method such as GET or POST, or * for any")
            }
        }
        var route = ScenarioDefinition.RouteDefinition(method: method, path: path, keyPath: keyPath, line: node.mark.line)
        if let node = block["delay"] { route.delay = milliseconds(node, keyPath + ".delay") }
        if let node = block["fault"] { route.fault = fault(node, keyPath + ".fault") }
        if let node = block["query"], let text = string(node, keyPath + ".query") {
            route.query = QueryPattern(text)
            if route.query == nil { problem(node, keyPath + ".query", "expected a query string such as page=2&sort=name (a % escape is broken)") }
        }
        if let node = block["request_headers"] { route.headers = headerPatterns(node, keyPath + ".request_headers") }
        if let node = block["request_body"] { route.body = bodyPattern(node, keyPath + ".request_body") }
        if let node = block["times"] {
            if !allowsTimes {
                problem(
                    node, keyPath + ".times",
                    "only a session's routes count their answers (every session shares a scenario file's routes); answer in turn with a sequence of scenarios"
                )
            } else if let count = integer(node, keyPath + ".times"), (1...Self.maxTimes).contains(count) {
                route.times = count
            } else {
                problem(node, keyPath + ".times", "expected a count from 1 to \(Self.maxTimes)")
            }
        }
        if let node = block["stream"] {
            // The path's `:name` segments: an event's data may name them (`{{request.path.name}}`).
            let parameters = Set(path.split(separator: "/").filter { $0.hasPrefix(":") }.map { String($0.dropFirst()) })
            route.stream = eventStream(node, at: keyPath + ".stream", parameters: parameters)
            if let body = ["body", "body_file", "json"].first(where: { block[$0] != nil }) {
                problem(block[body]!, keyPath + "." + body, "a stream answers with its events: give stream or \(body), not both")
            }
        }
        if let node = block["websocket"] {
            route.webSocket = webSocket(node, at: keyPath + ".websocket")
            if let body = ["body", "body_file", "json", "stream"].first(where: { block[$0] != nil }) {
                problem(block[body]!, keyPath + "." + body, "a WebSocket answers with its frames: give websocket or \(body), not both")
            }
        }
        if let node = block["fault_after"] {
            if block["stream"] == nil, block["websocket"] == nil {
                problem(
                    node, keyPath + ".fault_after",
                    "fault_after counts a stream's events or a WebSocket's messages: it needs stream or websocket beside it")
            } else if let count = integer(node, keyPath + ".fault_after"), (0...EventStream.maxEvents).contains(count) {
                route.faultAfter = count
            } else {
                problem(node, keyPath + ".fault_after", "expected a count of events from 0 to \(EventStream.maxEvents)")
            }
        }
        if ["status", "headers", "body", "body_file", "json"].contains(where: { block[$0] != nil }) {
            route.response = response(block, at: keyPath + ".")
        }
        graphQLOperation(block, into: &route, at: keyPath)
        return route
    }
}
