#if FullPackage
internal import GraphQL
import UnderstudyDocuments

/// The spec's CoerceVariableValues: the request's `variables` checked against the operation's variable definitions,
/// defaults filled in, with graphql-js's messages (which Apollo's clients show) and Apollo Server's `BAD_USER_INPUT`.
struct VariableCoercion {
    /// Enough for any real mistake; a hostile input with thousands of bad values gets this many.
    static let maxErrors = 50

    let index: SchemaIndex
    private var errors: [GraphQLErrorEntry] = []
    private var place: (line: Int, column: Int)?

    init(index: SchemaIndex) { self.index = index }

    mutating func coerce(_ operation: OperationDefinition, _ given: JSONValue?) -> Result<[String: JSONValue], GraphQLErrorList> {
        var coerced: [String: JSONValue] = [:]
        for definition in operation.variableDefinitions {
            let name = definition.variable.name.value
            let type = ASTValues.typeRef(definition.type)
            place = SourcePlace(definition.loc).map { (line: $0.line, column: $0.column) }
            guard let value = given?[name] else {
                if let defaultValue = definition.defaultValue {
                    coerced[name] = ASTValues.json(defaultValue, variables: [:])
                } else if type.isNonNull {
                    fail("Variable \"$\(name)\" of required type \"\(ASTValues.describe(type))\" was not provided.")
                }
                continue
            }
            if value == .null, type.isNonNull {
                fail("Variable \"$\(name)\" of non-null type \"\(ASTValues.describe(type))\" must not be null.")
                continue
            }
            if let problem = check(value, type, path: "") {
                let at = problem.path.isEmpty ? "" : " at \"\(name)\(problem.path)\""
                fail("Variable \"$\(name)\" got invalid value \(preview(value))\(at); \(problem.reason)")
                continue
            }
            coerced[name] = value
        }
        return errors.isEmpty ? .success(coerced) : .failure(GraphQLErrorList(errors))
    }

    private mutating func fail(_ message: String) {
        guard errors.count < Self.maxErrors else { return }
        errors.append(GraphQLErrorEntry(message: message, locations: place.map { [$0] } ?? [], code: "BAD_USER_INPUT"))
    }

    /// The first problem of a value against an input type, with the path (`.items[0].count`) to it.
    private func check(_ value: JSONValue, _ type: SchemaIndex.TypeRef, path: String) -> (path: String, reason: String)? {
        switch type {
        case .nonNull(let inner):
            if value == .null { return (path, "Expected non-nullable type \"\(ASTValues.describe(type))\" not to be null.") }
            return check(value, inner, path: path)
        case .list(let inner):
            guard case .array(let items) = value else { return value == .null ? nil : check(value, inner, path: path) }
            for (position, item) in items.enumerated() {
                if let problem = check(item, inner, path: path + "[\(position)]") { return problem }
            }
            return nil
        case .named(let name):
            if value == .null { return nil }
            return checkNamed(value, name, path: path)
        }
    }

    private func checkNamed(_ value: JSONValue, _ name: String, path: String) -> (path: String, reason: String)? {
        guard let named = index.types[name] else { return nil }
        switch named.kind {
        case .scalar: return Self.scalarProblem(value, name).map { (path, $0) }
        case .enumeration:
            guard case .string(let text) = value, named.enumValues.contains(text) else {
                return (path, "Value \(preview(value)) does not exist in \"\(name)\" enum.")
            }
            return nil
        case .inputObject:
            guard case .object(let members) = value else { return (path, "Expected type \"\(name)\" to be an object.") }
            for member in members where !named.inputFields.contains(where: { $0.name == member.key }) {
                return (path, "Field \"\(member.key)\" is not defined by type \"\(name)\".")
            }
            for field in named.inputFields {
                guard let fieldValue = value[field.name] else {
                    if field.type.isNonNull, !field.hasDefault {
                        return (path, "Field \"\(field.name)\" of required type \"\(ASTValues.describe(field.type))\" was not provided.")
                    }
                    continue
                }
                if let problem = check(fieldValue, field.type, path: path + ".\(field.name)") { return problem }
            }
            return nil
        default: return nil
        }
    }

    /// The built-in scalars' input coercion (the spec's section 3.5); a custom scalar takes any JSON value.
    private static func scalarProblem(_ value: JSONValue, _ name: String) -> String? {
        switch (name, value) {
        case ("Int", .number(let text)):
            return Int32(text) == nil ? "Int cannot represent non 32-bit signed integer value: \(text)" : nil
        case ("Int", _): return "Int cannot represent non-integer value: \(preview(value))"
        case ("Float", .number): return nil
        case ("Float", _): return "Float cannot represent non numeric value: \(preview(value))"
        case ("String", .string): return nil
        case ("String", _): return "String cannot represent a non string value: \(preview(value))"
        case ("Boolean", .bool): return nil
        case ("Boolean", _): return "Boolean cannot represent a non boolean value: \(preview(value))"
        case ("ID", .string): return nil
        case ("ID", .number(let text)) where Int(text) != nil: return nil
        case ("ID", _): return "ID cannot represent value: \(preview(value))"
        default: return nil
        }
    }

    private static func preview(_ value: JSONValue) -> String { JSONText.preview(value) }

    private func preview(_ value: JSONValue) -> String { JSONText.preview(value) }
}
#endif
