import UnderstudyDocuments
import UnderstudyGraphQL

/// `partial-data` on a staged answer. With a schema, the fields nulled are the ones the schema's own partial answer
/// to the same operation nulls (its nullable leaves), found by their response keys whatever the list positions; with
/// none, every leaf of `data` but `id` and `__typename` (which schemas make non-null, and by which a client's cache
/// keys objects). One error per nulled field, with its path, in the words the schema's answers use.
enum GraphQLPartialData {
    /// The most errors listed; every field is nulled whatever the count.
    static let maxErrors = 100

    /// - Parameter nullable: the response-key paths (list positions left out) that may be nulled; nil: no schema.
    static func apply(to body: JSONValue, nullable: Set<[String]>?, operation: String) -> JSONValue {
        guard case .object(var members) = body, let index = members.firstIndex(where: { $0.key == "data" }) else { return body }
        var errors: [GraphQLErrorEntry] = []
        members[index].value = nulled(members[index].value, path: [], keys: [], nullable: nullable, errors: &errors)
        if errors.isEmpty {
            members[index].value = .null
            errors.append(GraphQLErrorEntry(message: "Understudy partial-data fault: \(operation) left no field to null"))
        }
        let listed = GraphQLErrorBody.errors(Array(errors.prefix(maxErrors)))
        let others = members.filter { $0.key != "errors" }
        return .object([.init("errors", listed["errors"] ?? .array([]))] + others)
    }

    /// The key paths of the fields a schema's partial answer nulled (its errors' paths, list positions left out).
    static func nullablePaths(in schemaAnswer: JSONValue) -> Set<[String]> {
        Set(
            (schemaAnswer["errors"]?.arrayValue ?? []).compactMap { error in
                error["path"]?.arrayValue?.compactMap(\.stringValue)
            })
    }

    private static func nulled(
        _ value: JSONValue, path: [GraphQLErrorEntry.PathElement], keys: [String], nullable: Set<[String]>?, errors: inout [GraphQLErrorEntry]
    ) -> JSONValue {
        switch value {
        case .object(let members):
            return .object(
                members.map { member in
                    let at = path + [.key(member.key)]
                    let keyPath = keys + [member.key]
                    let isLeaf: Bool
                    switch member.value {
                    case .null: return member
                    case .object, .array: isLeaf = false
                    default: isLeaf = true
                    }
                    let nulls =
                        if let nullable { nullable.contains(keyPath) } else {
                            isLeaf && !keys.isEmpty && member.key != "id" && member.key != "__typename"
                        }
                    if nulls {
                        errors.append(GraphQLErrorEntry(message: "Understudy partial-data fault: \(member.key) left null", path: at))
                        return .init(member.key, .null)
                    }
                    return isLeaf ? member : .init(member.key, nulled(member.value, path: at, keys: keyPath, nullable: nullable, errors: &errors))
                })
        case .array(let items):
            return .array(items.enumerated().map { nulled($1, path: path + [.index($0)], keys: keys, nullable: nullable, errors: &errors) })
        default:
            return value
        }
    }
}
