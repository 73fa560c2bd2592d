#if FullPackage
internal import GraphQL

/// The schema's types as the synthesiser reads them, taken once from GraphQLSwift's schema at load: plain values
/// that any thread reads without locks, and lookups that do not rebuild a type's field map per call.
struct SchemaIndex: Sendable {
    indirect enum TypeRef: Sendable, Equatable {
        case named(String)
        case list(TypeRef)
        case nonNull(TypeRef)

        var namedType: String {
            switch self {
            case .named(let name): name
            case .list(let inner), .nonNull(let inner): inner.namedType
            }
        }

        /// The type without its outer `!`.
        var nullable: TypeRef {
            if case .nonNull(let inner) = self { return inner }
            return self
        }

        var isNonNull: Bool {
            if case .nonNull = self { return true }
            return false
        }
    }

    enum Kind: Sendable {
        case scalar
        case object
        case interface
        case union
        case enumeration
        case inputObject
    }

    struct Field: Sendable {
        var type: TypeRef
        var arguments: [String: TypeRef]
        /// The arguments' Int defaults (`first: Int = 5`), which size a list when the request gives none.
        var intDefaults: [String: Int] = [:]
    }

    struct InputField: Sendable {
        var name: String
        var type: TypeRef
        var hasDefault: Bool
    }

    struct NamedType: Sendable {
        var kind: Kind
        var fields: [String: Field] = [:]
        /// For an interface or a union: the object types it may be, in the schema's order.
        var possibleTypes: [String] = []
        var enumValues: [String] = []
        var inputFields: [InputField] = []
    }

    private(set) var types: [String: NamedType] = [:]
    let queryType: String?
    let mutationType: String?
    let subscriptionType: String?

    init(_ schema: GraphQLSchema) throws {
        queryType = schema.queryType?.name
        mutationType = schema.mutationType?.name
        subscriptionType = schema.subscriptionType?.name
        for (name, type) in Array(schema.typeMap) {
            var entry: NamedType
            switch type {
            case let object as GraphQLObjectType:
                entry = NamedType(kind: .object, fields: try Self.fields(object.fields()))
            case let interface as GraphQLInterfaceType:
                entry = NamedType(kind: .interface, fields: try Self.fields(interface.fields()))
                entry.possibleTypes = schema.getPossibleTypes(abstractType: interface).map(\.name)
            case let union as GraphQLUnionType:
                entry = NamedType(kind: .union, possibleTypes: schema.getPossibleTypes(abstractType: union).map(\.name))
            case let enumeration as GraphQLEnumType:
                entry = NamedType(kind: .enumeration, enumValues: enumeration.values.map(\.name))
            case let input as GraphQLInputObjectType:
                entry = NamedType(kind: .inputObject)
                for (fieldName, field) in Array(try input.fields()) {
                    entry.inputFields.append(InputField(name: fieldName, type: Self.ref(field.type), hasDefault: field.defaultValue != nil))
                }
            default:
                entry = NamedType(kind: .scalar)
            }
            types[name] = entry
        }
    }

    func rootType(_ operation: OperationType) -> String? {
        switch operation {
        case .query: queryType
        case .mutation: mutationType
        case .subscription: subscriptionType
        }
    }

    /// Whether the object type `objectType` is, or is one of, the type `condition` names.
    func matches(_ objectType: String, condition: String) -> Bool {
        condition == objectType || types[condition]?.possibleTypes.contains(objectType) == true
    }

    static func ref(_ type: any GraphQLType) -> TypeRef {
        if let nonNull = type as? GraphQLNonNull { return .nonNull(ref(nonNull.ofType)) }
        if let list = type as? GraphQLList { return .list(ref(list.ofType)) }
        return .named((type as? any GraphQLNamedType)?.name ?? "String")
    }

    private static func fields(_ map: GraphQLFieldMap) -> [String: Field] {
        var fields: [String: Field] = [:]
        for (name, field) in Array(map) {
            var arguments: [String: TypeRef] = [:]
            var defaults: [String: Int] = [:]
            for (argument, definition) in Array(field.args) {
                arguments[argument] = ref(definition.type)
                if let value = definition.defaultValue?.int { defaults[argument] = value }
            }
            fields[name] = Field(type: ref(field.type), arguments: arguments, intDefaults: defaults)
        }
        return fields
    }
}
#endif
