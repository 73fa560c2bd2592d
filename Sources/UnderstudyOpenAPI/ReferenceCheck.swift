import UnderstudyDocuments

/// Every `#/...` reference in the bundled document must name a node, and a chain of bare
/// references must end: checked once while loading so that a broken reference is a located
/// problem, not a body silently missing.
enum ReferenceCheck {
    static func problems(in root: YAMLNode, resolver: ReferenceResolver, locator: DocumentLocator) -> [FileProblem] {
        var problems: [FileProblem] = []
        visit(root, at: JSONPointer(), inNameMap: false, resolver: resolver, locator: locator, problems: &problems)
        return problems
    }

    private static func visit(
        _ node: YAMLNode, at pointer: JSONPointer, inNameMap: Bool, resolver: ReferenceResolver, locator: DocumentLocator,
        problems: inout [FileProblem]
    ) {
        guard problems.count < 500 else { return }
        switch node {
        case .scalar:
            return
        case .sequence(let sequence):
            for (index, item) in sequence.enumerated() {
                visit(item, at: pointer.appending(index), inNameMap: false, resolver: resolver, locator: locator, problems: &problems)
            }
        case .mapping(let mapping):
            for (key, value) in mapping.pairs {
                guard let name = key.string else { continue }
                // Examples, defaults and extensions are data: a `$ref` key in them is not a reference.
                if !inNameMap, DocumentKeys.isData(name, value: value) { continue }
                if !inNameMap, name == "$ref", let ref = value.string {
                    // A reference to another file that is still here could not be copied in: reported then.
                    guard ref.hasPrefix("#") else { continue }
                    if let message = check(ref, resolver: resolver) { problems.append(locator.problem(at: pointer.appending(name), message)) }
                    continue
                }
                visit(
                    value, at: pointer.appending(name), inNameMap: DocumentKeys.childIsNameMap(name, inNameMap: inNameMap), resolver: resolver,
                    locator: locator, problems: &problems)
            }
        }
    }

    private static func check(_ ref: String, resolver: ReferenceResolver) -> String? {
        switch resolver.resolve(ref) {
        case .success: nil
        case .failure(.notInternal): "'\(ref.prefix(200))' is not a reference this loader can follow"
        case .failure(.missing(let pointer)): "'\(ref.prefix(200))' names nothing: the document has no \(pointer)"
        case .failure(.cycle(let pointer)): "'\(ref.prefix(200))' is a cycle of references that never reaches a value (back at \(pointer))"
        case .failure(.tooLong): "'\(ref.prefix(200))' is a chain of more than \(resolver.chainLimit) references"
        }
    }
}
