import UnderstudyAPIService
import UnderstudyAdminWire
package import UnderstudyDocuments

/// `resources:` — collections whose writes change later reads (see ``ResourceDefinition``), read with every
/// problem located.
extension ScenarioReader {
    static let resourceKeys = ["path", "id", "ids", "seed", "page", "openapi"]
    static let pagingKeys = ["style", "size", "max_size", "param", "size_param", "envelope"]

    /// The entries of `resources:`: collections of the file's own, and mounted documents whose collections become
    /// resources (`- openapi: NAME`).
    package mutating func resources(_ node: YAMLNode, at keyPath: String) -> (own: [ResourceDefinition], documents: [(name: String, line: Int)]) {
        guard case .sequence(let sequence) = node else {
            problem(node, keyPath, "expected a list of resources, each {path: /myapi/todos, …} or {openapi: NAME}")
            return ([], [])
        }
        var own: [ResourceDefinition] = []
        var documents: [(String, Int)] = []
        for (index, item) in sequence.enumerated() {
            let at = "\(keyPath)[\(index)]"
            guard let block = mapping(item, at) else { continue }
            checkKeys(block, allowed: Self.resourceKeys, at: at)
            if let node = block["openapi"] {
                if let other = block.keys.first(where: { $0.string != "openapi" }) {
                    problem(other, at + "." + (other.string ?? ""), "an openapi entry takes its collections from the document: give openapi alone")
                }
                if let name = string(node, at + ".openapi") { documents.append((name, node.mark.line)) }
                continue
            }
            if let definition = resource(block, item, at: at) { own.append(definition) }
        }
        return (own, documents)
    }

    private mutating func resource(_ block: YAMLNode.Mapping, _ node: YAMLNode, at keyPath: String) -> ResourceDefinition? {
        guard let pathNode = block["path"], let path = string(pathNode, keyPath + ".path") else {
            if block["path"] == nil { problem(node, keyPath + ".path", "missing: a resource needs its collection's path, such as /myapi/todos") }
            return nil
        }
        let segments = Substring(path).pathSegments
        guard path.hasPrefix("/"), !segments.isEmpty, !path.hasSuffix("/") else {
            problem(pathNode, keyPath + ".path", "expected a collection's path such as /myapi/todos (starting with /, no trailing /)")
            return nil
        }
        if segments.contains(where: { $0.hasPrefix(":") || $0.contains("{") }) {
            problem(pathNode, keyPath + ".path", "a collection's path is literal: its items are at \(path)/:id")
            return nil
        }
        if let api = UnderstudyAPI.match(path) {
            problem(pathNode, keyPath + ".path", "\(api.prefix) is the built-in \(api.rawValue) API's; put a resource under a prefix of its own")
            return nil
        }
        var definition = ResourceDefinition(path: path, file: file, line: node.mark.line)
        if let node = block["id"], let key = string(node, keyPath + ".id") {
            if key.isEmpty { problem(node, keyPath + ".id", "expected the key that holds an item's id, such as id") } else { definition.idKey = key }
        }
        if let node = block["ids"], let text = string(node, keyPath + ".ids") {
            if let kind = ResourceDefinition.IDKind(rawValue: text) {
                definition.ids = kind
            } else {
                problem(node, keyPath + ".ids", "expected \(ResourceDefinition.IDKind.allCases.map(\.rawValue).joined(separator: " or "))")
            }
        }
        if let node = block["seed"] {
            switch node {
            case .scalar(let scalar): definition.seedFile = scalar.string
            case .sequence:
                if case .array(let items) = JSONValue(node: node) { definition.seed = items }
            case .mapping: problem(node, keyPath + ".seed", "expected a JSON file of the folder holding an array, or a list of items ([] for none)")
            }
        }
        if let node = block["page"], let paging = mapping(node, keyPath + ".page") { definition.paging = self.paging(paging, at: keyPath + ".page") }
        return definition
    }

    private mutating func paging(_ block: YAMLNode.Mapping, at keyPath: String) -> ResourceDefinition.Paging {
        checkKeys(block, allowed: Self.pagingKeys, at: keyPath)
        var paging = ResourceDefinition.Paging()
        if let node = block["style"], let text = string(node, keyPath + ".style") {
            if let style = ResourceDefinition.Paging.Style(rawValue: text) {
                paging.style = style
            } else {
                problem(node, keyPath + ".style", "expected \(ResourceDefinition.Paging.Style.allCases.map(\.rawValue).joined(separator: ", "))")
            }
        }
        for (key, limit) in [("size", ResourceLimits.default.maxItems), ("max_size", ResourceLimits.default.maxItems)] {
            guard let node = block[key], let value = integer(node, keyPath + "." + key) else { continue }
            guard (1...limit).contains(value) else {
                problem(node, keyPath + "." + key, "expected a number of items from 1 to \(limit)")
                continue
            }
            if key == "size" { paging.size = value } else { paging.maxSize = value }
        }
        if block["max_size"] == nil { paging.maxSize = max(paging.maxSize, paging.size) }
        if paging.size > paging.maxSize, let node = block["size"] {
            problem(node, keyPath + ".size", "the page size \(paging.size) is more than max_size \(paging.maxSize)")
        }
        if let node = block["param"] { paging.parameter = string(node, keyPath + ".param") }
        if let node = block["size_param"] { paging.sizeParameter = string(node, keyPath + ".size_param") }
        if let node = block["envelope"] {
            let envelope = JSONValue(node: node)
            if case .object = envelope {
                let named = ResourceEnvelope.placeholders(in: envelope)
                let unknown = named.subtracting(ResourceDefinition.Paging.envelopePlaceholders)
                if !unknown.isEmpty {
                    problem(
                        node, keyPath + ".envelope",
                        "unknown placeholder \(unknown.sorted().map { "{{\($0)}}" }.joined(separator: ", ")) (known: \(ResourceDefinition.Paging.envelopePlaceholders.map { "{{\($0)}}" }.joined(separator: ", ")))"
                    )
                } else if !named.contains("items") {
                    problem(node, keyPath + ".envelope", "an envelope needs \"{{items}}\" where the page's items go")
                }
                paging.envelope = envelope
            } else {
                problem(node, keyPath + ".envelope", "expected the list's body as a mapping, with \"{{items}}\" where the items go")
            }
        }
        return paging
    }
}
