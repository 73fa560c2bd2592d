package import HTTPTypes
import UnderstudyAPIService
package import UnderstudyAdminWire
package import UnderstudyDocuments
package import UnderstudyOpenAPI

/// The reader's typed access to nodes: each wrong kind of value a problem located by line and key path.
extension ScenarioReader {
    mutating func problem(_ node: YAMLNode, _ keyPath: String, _ message: String) {
        problems.append(
            FileProblem(
                file: file, line: node.mark.line, column: node.mark.column,
                keyPath: keyPath.isEmpty ? nil : keyPath, message: message))
    }

    mutating func checkKeys(_ block: YAMLNode.Mapping, allowed: [String], at prefix: String) {
        for key in block.keys {
            let name = key.string ?? ""
            if !allowed.contains(name) {
                problem(key, prefix.isEmpty ? name : "\(prefix).\(name)", "unknown key (allowed here: \(allowed.joined(separator: ", ")))")
            }
        }
    }

    mutating func mapping(_ node: YAMLNode, _ keyPath: String) -> YAMLNode.Mapping? {
        if case .mapping(let mapping) = node { return mapping }
        problem(node, keyPath, "expected a mapping of keys to values")
        return nil
    }

    mutating func string(_ node: YAMLNode, _ keyPath: String) -> String? {
        if case .scalar(let scalar) = node { return scalar.string }
        problem(node, keyPath, "expected a text value")
        return nil
    }

    mutating func integer(_ node: YAMLNode, _ keyPath: String) -> Int? {
        if case .scalar(let scalar) = node, let value = Int(scalar.string) { return value }
        problem(node, keyPath, "expected a whole number")
        return nil
    }

    mutating func bool(_ node: YAMLNode, _ keyPath: String) -> Bool? {
        if case .scalar(let scalar) = node, ["true", "false"].contains(scalar.string) { return scalar.string == "true" }
        problem(node, keyPath, "expected true or false")
        return nil
    }

    mutating func milliseconds(_ node: YAMLNode, _ keyPath: String) -> Int? {
        guard let value = integer(node, keyPath) else { return nil }
        guard value >= 0, value <= Self.maxDelayMilliseconds else {
            problem(node, keyPath, "expected milliseconds from 0 to \(Self.maxDelayMilliseconds) (24 hours)")
            return nil
        }
        return value
    }

    mutating func fault(_ node: YAMLNode, _ keyPath: String) -> Fault? {
        guard let text = string(node, keyPath) else { return nil }
        guard let fault = Fault(rawValue: text) else {
            problem(node, keyPath, "unknown fault '\(text)' (known: \(Fault.allCases.map(\.rawValue).joined(separator: ", ")))")
            return nil
        }
        return fault
    }
}
