#if FullPackage
internal import GraphQL
import UnderstudyDocuments

/// The spec's CollectFields: a selection set's fields grouped by response key, in order, through fragments and
/// inline fragments whose type condition the object type meets, after `@skip` and `@include`.
struct SelectionCollector {
    struct Group {
        var key: String
        var fields: [Field]
    }

    let index: SchemaIndex
    let fragments: [String: FragmentDefinition]
    let variables: [String: JSONValue]

    init(index: SchemaIndex, document: Document, variables: [String: JSONValue]) {
        self.index = index
        var fragments: [String: FragmentDefinition] = [:]
        for case let fragment as FragmentDefinition in document.definitions where fragments[fragment.name.value] == nil {
            fragments[fragment.name.value] = fragment
        }
        self.fragments = fragments
        self.variables = variables
    }

    /// The groups of several selection sets merged (a response key selected by several fields answers once, with
    /// their sub-selections together, as the spec's CollectSubfields does).
    func collect(objectType: String, selectionSets: [SelectionSet]) -> [Group] {
        var groups: [Group] = []
        var positions: [String: Int] = [:]
        var visited: Set<String> = []
        for selectionSet in selectionSets {
            collect(objectType, selectionSet, into: &groups, positions: &positions, visited: &visited)
        }
        return groups
    }

    /// Recurses into fragments only once each (`visited`, as the spec says), so the fragment budget bounds it.
    private func collect(
        _ objectType: String,
        _ selectionSet: SelectionSet,
        into groups: inout [Group],
        positions: inout [String: Int],
        visited: inout Set<String>
    ) {
        for selection in selectionSet.selections {
            switch selection {
            case let field as Field:
                guard ASTValues.isIncluded(field.directives, variables: variables) else { continue }
                let key = field.alias?.value ?? field.name.value
                if let position = positions[key] {
                    groups[position].fields.append(field)
                } else {
                    positions[key] = groups.count
                    groups.append(Group(key: key, fields: [field]))
                }
            case let spread as FragmentSpread:
                let name = spread.name.value
                guard ASTValues.isIncluded(spread.directives, variables: variables), !visited.contains(name) else { continue }
                visited.insert(name)
                guard let fragment = fragments[name], index.matches(objectType, condition: fragment.typeCondition.name.value) else { continue }
                collect(objectType, fragment.selectionSet, into: &groups, positions: &positions, visited: &visited)
            case let inline as InlineFragment:
                guard ASTValues.isIncluded(inline.directives, variables: variables) else { continue }
                if let condition = inline.typeCondition, !index.matches(objectType, condition: condition.name.value) { continue }
                collect(objectType, inline.selectionSet, into: &groups, positions: &positions, visited: &visited)
            default: continue
            }
        }
    }
}
#endif
