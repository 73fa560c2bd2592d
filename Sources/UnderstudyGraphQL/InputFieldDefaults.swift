#if FullPackage
import GraphQL
import UnderstudyDocuments

/// GraphQLSwift's introspection answers `defaultValue` for arguments only: an input object's fields come back with
/// `null` where the SDL gave a default (`currency: String = "EUR"`), and code generators would lose it. The
/// executed answer is mended here: each `inputFields` item of a type whose `name` was selected, with its own `name`
/// and a null `defaultValue`, gets the SDL's default literal, printed as graphql-js prints it.
struct InputFieldDefaults {
    let schema: GraphQLSchema

    func filled(_ value: JSONValue) -> JSONValue {
        switch value {
        case .array(let items): return .array(items.map(filled))
        case .object(let members):
            let typeName = members.first { $0.key == "name" }?.value.stringValue
            return .object(
                members.map { member in
                    if member.key == "inputFields", case .array(let fields) = member.value {
                        let type = typeName.flatMap { schema.getType(name: $0) as? GraphQLInputObjectType }
                        return JSONValue.Member(member.key, .array(fields.map { withDefault($0, in: type) }))
                    }
                    return JSONValue.Member(member.key, filled(member.value))
                })
        default: return value
        }
    }

    /// `type` nil (the query did not select the type's `name`): the default of the input fields of that name, when
    /// every input type that has one agrees on it.
    private func withDefault(_ field: JSONValue, in type: GraphQLInputObjectType?) -> JSONValue {
        guard case .object(var members) = field, let name = field["name"]?.stringValue,
            let index = members.firstIndex(where: { $0.key == "defaultValue" }), members[index].value == .null
        else { return filled(field) }
        let types = type.map { [$0] } ?? Array(schema.typeMap).compactMap { $0.value as? GraphQLInputObjectType }
        let literals = Set(
            types.compactMap { candidate in
                candidate.astNode?.fields.first(where: { $0.name.value == name })?.defaultValue.map { GraphQL.print(ast: $0) }
            })
        guard literals.count == 1, let literal = literals.first else { return filled(field) }
        members[index].value = .string(literal)
        return .object(members)
    }
}
#endif
