package import UnderstudyDocuments

extension YAMLNode {
    /// What a problem calls the node found where something else was expected.
    package var kindName: String {
        switch self {
        case .mapping: "a mapping"
        case .sequence: "a sequence"
        case .scalar(let scalar): scalar.style == .plain ? "'\(scalar.string.prefix(40))'" : "the string '\(scalar.string.prefix(40))'"
        }
    }
}
