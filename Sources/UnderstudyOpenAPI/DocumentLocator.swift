package import UnderstudyDocuments

/// Turns a JSON pointer into the bundled document into `file:line:column: pointer: message`:
/// the line and column of the deepest node the pointer reaches, in the file that node was read
/// from (copies of external files name their own file and their own pointer).
package struct DocumentLocator: Sendable {
    let root: YAMLNode
    let displayName: String
    let origins: [String: ExternalReferences.Origin]
    /// Nodes inlined by ``ReferenceInlining``: where each sits, and where it was copied from.
    var inlined: [String: JSONPointer] = [:]

    package func problem(at pointer: JSONPointer, _ message: String) -> FileProblem {
        let (node, _) = root.deepest(along: pointer.tokens)
        var file = displayName
        var shown = pointer
        // Within an inlined node (the longest such prefix), the place it was copied from.
        if !inlined.isEmpty {
            for length in stride(from: pointer.tokens.count, through: 1, by: -1) {
                guard let source = inlined[JSONPointer(Array(pointer.tokens.prefix(length))).description] else { continue }
                shown = JSONPointer(source.tokens + pointer.tokens.dropFirst(length))
                break
            }
        }
        let pointer = shown
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
