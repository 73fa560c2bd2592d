import HTTPTypes
import UnderstudyDocuments

/// What a route's request must carry beyond method, path and query: `request_headers:` and `request_body:`.
extension ScenarioReader {
    /// `request_headers:`, a header name to each: its exact value (a text), or one of `equals:` (the exact
    /// value), `matches:` (a regular expression found in it) and `present:` (true: any value; false: no such header).
    mutating func headerPatterns(_ node: YAMLNode, _ keyPath: String) -> [HeaderPattern] {
        guard let block = mapping(node, keyPath) else { return [] }
        var patterns: [HeaderPattern] = []
        for (key, value) in block {
            // swift-http-types checks the name is an RFC 9110 token.
            guard let text = key.string, let name = HTTPField.Name(text) else {
                problem(key, keyPath, "'\(key.string ?? "")' is not a valid header name")
                continue
            }
            let path = keyPath + "." + text
            if case .scalar = value {
                if let exact = string(value, path) { patterns.append(HeaderPattern(name: name, test: .equals(exact))) }
                continue
            }
            guard let test = mapping(value, path) else { continue }
            checkKeys(test, allowed: ["equals", "matches", "present"], at: path)
            let given = ["equals", "matches", "present"].filter { test[$0] != nil }
            guard given.count == 1, let which = given.first, let argument = test[which] else {
                problem(value, path, "give a value, or one of equals (the exact value), matches (a regular expression) and present (true or false)")
                continue
            }
            switch which {
            case "equals":
                if let exact = string(argument, path + ".equals") { patterns.append(HeaderPattern(name: name, test: .equals(exact))) }
            case "present":
                if let present = bool(argument, path + ".present") { patterns.append(HeaderPattern(name: name, test: present ? .present : .absent)) }
            default:
                if let regex = regex(argument, path + ".matches") { patterns.append(HeaderPattern(name: name, test: .matches(regex))) }
            }
        }
        return patterns
    }

    /// `request_body:` with one of `json:` (a fragment the body contains), `equals:` (its exact text) or
    /// `matches:` (a regular expression found in it, run in linear time: see ``LinearRegex``).
    mutating func bodyPattern(_ node: YAMLNode, _ keyPath: String) -> BodyPattern? {
        guard let block = mapping(node, keyPath) else { return nil }
        checkKeys(block, allowed: ["json", "equals", "matches"], at: keyPath)
        let given = ["json", "equals", "matches"].filter { block[$0] != nil }
        guard given.count == 1, let key = given.first, let value = block[key] else {
            problem(
                node, keyPath,
                given.isEmpty
                    ? "give json (a fragment the body contains), equals (its exact text) or matches (a regular expression)"
                    : "give only one of json, equals and matches")
            return nil
        }
        switch key {
        case "json": return .json(JSONValue(node: value))
        case "equals": return string(value, keyPath + ".equals").map(BodyPattern.equals)
        default: return regex(value, keyPath + ".matches").map(BodyPattern.matches)
        }
    }

    /// A `matches:` pattern, compiled to run in linear time; a located problem when it is not one Understudy runs.
    private mutating func regex(_ node: YAMLNode, _ keyPath: String) -> LinearRegex? {
        guard let text = string(node, keyPath) else { return nil }
        do {
            return try LinearRegex(text)
        } catch {
            problem(node, keyPath, "not a pattern Understudy runs: \(error.description)")
            return nil
        }
    }
}
