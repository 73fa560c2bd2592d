#if FullPackage
internal import GraphQL
import UnderstudyDocuments

/// An operation's `data`, made from its selection set and the schema: every field answered by type (see
/// ``SyntheticValues`` for the values), or, in ``GraphQLAnswerMode/partialData``, the nullable leaves null and
/// each recorded as an error.
struct DataSynthesizer {
    /// The answer's bounds: a few nested lists of 50 multiply fast, and each value is memory on a shared server.
    static let maxValues = 100_000
    static let maxBytes = 8 << 20
    /// Lists answer this many items unless a count argument says otherwise.
    static let defaultListCount = 2
    static let maxListCount = 50
    /// Arguments that say how many items a list (or a connection's `edges`/`nodes` just below) holds.
    static let countArguments: Set<String> = ["first", "last", "limit", "count", "pageSize", "take"]
    /// Partial-data errors listed; every nullable leaf is null whatever their number.
    static let maxListedErrors = 100

    struct Overflow: Error {
        var message: String
    }

    let index: SchemaIndex
    let collector: SelectionCollector
    let mode: GraphQLAnswerMode
    private(set) var values = 0
    private(set) var bytes = 0
    /// The partial-data errors, in the answer's order.
    private(set) var nulled: [GraphQLErrorEntry] = []
    private(set) var nulledCount = 0
    /// The first nullable field of least depth that is not a leaf, nulled when no leaf was.
    private(set) var outermostNullable: (path: [GraphQLErrorEntry.PathElement], coordinate: String)?
    /// Root fields another step answers (introspection's `__schema` and `__type`).
    var excludedRootFields: Set<String> = []
    private var path: [GraphQLErrorEntry.PathElement] = []
    private var positions: [Int] = []

    init(index: SchemaIndex, collector: SelectionCollector, mode: GraphQLAnswerMode) {
        self.index = index
        self.collector = collector
        self.mode = mode
    }

    /// An object of type `type` answering the merged selection sets; `inheritedCount` is a count argument of the
    /// field above it, for the lists just below (a connection's `first: 5` sizes its `edges`).
    mutating func object(type: String, selectionSets: [SelectionSet], hash: UInt64, inheritedCount: Int?) throws(Overflow) -> JSONValue {
        var members: [JSONValue.Member] = []
        for group in collector.collect(objectType: type, selectionSets: selectionSets) {
            guard let first = group.fields.first else { continue }
            let name = first.name.value
            path.append(.key(group.key))
            defer { path.removeLast() }
            try count(bytes: group.key.utf8.count + 4)
            if name == "__typename" {
                try count(bytes: type.utf8.count + 2)
                members.append(JSONValue.Member(group.key, .string(type)))
                continue
            }
            if path.count == 1, excludedRootFields.contains(name) { continue }
            guard let field = index.types[type]?.fields[name] else { continue }
            let fieldHash = SyntheticValues.mix(hash, group.key)
            if mode == .partialData, !field.type.isNonNull {
                if isLeaf(field.type.namedType) {
                    nullLeaf(coordinate: type + "." + name)
                    members.append(JSONValue.Member(group.key, .null))
                    continue
                }
                if outermostNullable.map({ path.count < $0.path.count }) ?? true { outermostNullable = (path, type + "." + name) }
            }
            let own = listCount(first, field)
            // A count on a list sizes that list; on an object (a connection), the lists just inside it.
            let isList = if case .list = field.type.nullable { true } else { false }
            let value = try complete(
                field.type,
                fields: group.fields,
                fieldName: name,
                hash: fieldHash,
                listCount: own ?? inheritedCount,
                childCount: isList ? nil : own
            )
            members.append(JSONValue.Member(group.key, value))
        }
        try count(bytes: 2)
        return .object(members)
    }

    private mutating func complete(
        _ type: SchemaIndex.TypeRef,
        fields: [Field],
        fieldName: String,
        hash: UInt64,
        listCount: Int?,
        childCount: Int?
    ) throws(Overflow) -> JSONValue {
        switch type {
        case .nonNull(let inner):
            return try complete(inner, fields: fields, fieldName: fieldName, hash: hash, listCount: listCount, childCount: childCount)
        case .list(let inner):
            try count(bytes: 2)
            var items: [JSONValue] = []
            for position in 0..<(listCount ?? Self.defaultListCount) {
                path.append(.index(position))
                positions.append(position + 1)
                defer {
                    path.removeLast()
                    positions.removeLast()
                }
                items.append(try complete(inner, fields: fields, fieldName: fieldName, hash: hash, listCount: nil, childCount: childCount))
            }
            return .array(items)
        case .named(let name):
            guard let named = index.types[name] else { return .null }
            switch named.kind {
            case .object:
                return try object(type: name, selectionSets: fields.compactMap(\.selectionSet), hash: hash, inheritedCount: childCount)
            case .interface, .union:
                // Items of a list take the possible types in turn, so an app meets more than one.
                guard !named.possibleTypes.isEmpty else { return .null }
                let concrete = named.possibleTypes[((positions.last ?? 1) - 1) % named.possibleTypes.count]
                return try object(type: concrete, selectionSets: fields.compactMap(\.selectionSet), hash: hash, inheritedCount: childCount)
            case .enumeration:
                return try leaf(SyntheticValues.enumeration(named.enumValues, hash: hash, position: positions.last ?? 1))
            case .scalar, .inputObject:
                return try leaf(SyntheticValues.scalar(type: name, field: fieldName, hash: hash, positions: positions))
            }
        }
    }

    private mutating func leaf(_ value: JSONValue) throws(Overflow) -> JSONValue {
        switch value {
        case .string(let text): try count(bytes: text.utf8.count + 2)
        case .number(let text): try count(bytes: text.utf8.count)
        default: try count(bytes: 5)
        }
        return value
    }

    private mutating func count(bytes added: Int) throws(Overflow) {
        values += 1
        bytes += added
        guard values <= Self.maxValues else {
            throw Overflow(message: "The answer would hold more than \(Self.maxValues) values (the answer's value budget).")
        }
        guard bytes <= Self.maxBytes else {
            throw Overflow(message: "The answer would be larger than \(Self.maxBytes) bytes (the answer's size budget).")
        }
    }

    private func isLeaf(_ name: String) -> Bool {
        switch index.types[name]?.kind {
        case .scalar?, .enumeration?, nil: true
        default: false
        }
    }

    private mutating func nullLeaf(coordinate: String) {
        nulledCount += 1
        guard nulled.count < Self.maxListedErrors else { return }
        nulled.append(GraphQLErrorEntry(message: "Understudy partial-data fault: \(coordinate) left null", path: path))
    }

    /// A count argument of Int type given on the field, as a literal or a variable, within 0…50.
    private func listCount(_ field: Field, _ definition: SchemaIndex.Field) -> Int? {
        for argument in field.arguments where Self.countArguments.contains(argument.name.value) {
            guard definition.arguments[argument.name.value]?.namedType == "Int",
                let value = ASTValues.json(argument.value, variables: collector.variables)?.intValue
            else { continue }
            return min(max(value, 0), Self.maxListCount)
        }
        // A count argument the request left out: its default in the schema (`first: Int = 5`).
        for name in Self.countArguments.sorted() where definition.arguments[name]?.namedType == "Int" {
            if let value = definition.intDefaults[name], !field.arguments.contains(where: { $0.name.value == name }) {
                return min(max(value, 0), Self.maxListCount)
            }
        }
        return nil
    }
}
#endif
