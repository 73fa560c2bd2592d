#if FullPackage
internal import GraphQL
import UnderstudyDocuments

/// Literal values and type references of the document, read as ``JSONValue``s and ``SchemaIndex/TypeRef``s.
/// Both recurse along the text's nesting, which the lexical depth budget bounds.
enum ASTValues {
    /// A literal, with `$variables` replaced by their coerced values (a variable not given is nil, as "not provided").
    static func json(_ value: any Value, variables: [String: JSONValue]) -> JSONValue? {
        switch value {
        case let variable as Variable: return variables[variable.name.value]
        case let int as IntValue: return .number(int.value)
        case let float as FloatValue: return .number(float.value)
        case let string as StringValue: return .string(string.value)
        case let bool as BooleanValue: return .bool(bool.value)
        case let enumeration as EnumValue: return .string(enumeration.value)
        case let list as ListValue: return .array(list.values.map { json($0, variables: variables) ?? .null })
        case let object as ObjectValue:
            return .object(
                object.fields.compactMap { field in json(field.value, variables: variables).map { JSONValue.Member(field.name.value, $0) } })
        default: return .null
        }
    }

    static func typeRef(_ type: any GraphQL.`Type`) -> SchemaIndex.TypeRef {
        switch type {
        case let nonNull as NonNullType: .nonNull(typeRef(nonNull.type))
        case let list as ListType: .list(typeRef(list.type))
        case let named as NamedType: .named(named.name.value)
        default: .named("String")
        }
    }

    /// `[Int!]!` as the document writes it, for messages.
    static func describe(_ type: SchemaIndex.TypeRef) -> String {
        switch type {
        case .named(let name): name
        case .list(let inner): "[" + describe(inner) + "]"
        case .nonNull(let inner): describe(inner) + "!"
        }
    }

    /// Whether `@skip` and `@include` let a selection through (the spec's CollectFields, step 3.a–b).
    static func isIncluded(_ directives: [Directive], variables: [String: JSONValue]) -> Bool {
        for directive in directives {
            guard let argument = directive.arguments.first(where: { $0.name.value == "if" }) else { continue }
            let condition = json(argument.value, variables: variables) == .bool(true)
            if directive.name.value == "skip", condition { return false }
            if directive.name.value == "include", !condition { return false }
        }
        return true
    }
}
#endif
