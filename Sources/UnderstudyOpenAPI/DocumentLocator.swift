package import UnderstudyDocuments

/// Turns a JSON pointer into the bundled document into `file:line:column: pointer: message`:
/// the line and column of the deepest node the pointer reaches, in the file that node was read
/// from (copies of external files name their own file and their own pointer).
package struct DocumentLocator: Sendable {
    let root: YAMLNode
    let displayName: String
    let origins: [String: ExternalReferences.Origin]

    package func problem(at pointer: JSONPointer, _ message: String) -> FileProblem {
        let (node, _) = root.deepest(along: pointer.tokens)
        var file = displayName
        var shown = pointer
        if pointer.tokens.count >= 2, pointer.tokens[0] == ExternalReferences.hoistKey, let origin = origins[pointer.tokens[1]] {
            file = origin.file
            shown = JSONPointer(origin.pointer.tokens + pointer.tokens.dropFirst(2))
        }
        return FileProblem(file: file, line: node.mark.line, column: node.mark.column, keyPath: shown.description, message: message)
    }

    package func problem(at codingPath: [any CodingKey], _ message: String) -> FileProblem {
        problem(at: JSONPointer(codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }), message)
    }
}
