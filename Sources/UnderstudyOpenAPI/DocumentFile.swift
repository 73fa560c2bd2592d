import UnderstudyDocuments

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One file of an OpenAPI document (the main one or one a `$ref` names), parsed into a tree with
/// marks. JSON goes to the JSON reader, everything else to the YAML one, as scenario files do;
/// `DocumentParser.parseFile` is not used because its 1 MiB bound is for scenario files, and
/// real OpenAPI documents are several megabytes.
enum DocumentFile {
    static func parse(atPath path: String, displayName: String, limit: Int) throws(FileProblem) -> (node: YAMLNode, bytes: Int) {
        let bytes = try ConfinedRead.bytes(atPath: path, displayName: displayName, limit: limit, kind: "OpenAPI documents")
        let isJSON = path.lowercased().hasSuffix(".json")
        let node = isJSON ? try JSONParser.parseNode(bytes, file: displayName) : try YAMLComposer.compose(bytes, file: displayName)
        return (node, bytes.count)
    }
}
