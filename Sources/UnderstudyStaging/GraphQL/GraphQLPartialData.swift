import UnderstudyDocuments
import UnderstudyGraphQL

/// `partial-data` on a staged answer, where no schema says which fields may be null: every leaf of `data` is
/// null, but `id` and `__typename` (which schemas make non-null, and by which a client's cache keys objects),
/// with one error per nulled field and its path. With a schema the endpoint nulls exactly the nullable fields.
enum GraphQLPartialData {
    /// The most errors listed; every leaf is nulled whatever the count.
    static let maxErrors = 100

    static func apply(to body: JSONValue, operation: String) -> JSONValue {
        guard case .object(var members) = body, let index = members.firstIndex(where: { $0.key == "data" }) else { return body }
        var errors: [GraphQLErrorEntry] = []
        members[index].value = nulled(members[index].value, path: [], errors: &errors, operation: operation)
        if errors.isEmpty {
            members[index].value = .null
            errors.append(GraphQLErrorEntry(message: "Understudy partial-data fault: \(operation) left no field to null", code: "PARTIAL_DATA"))
        }
        let listed = GraphQLErrorBody.errors(Array(errors.prefix(maxErrors)))
        let others = members.filter { $0.key != "errors" }
        return .object([.init("errors", listed["errors"] ?? .array([]))] + others)
    }

    private static func nulled(
        _ value: JSONValue, path: [GraphQLErrorEntry.PathElement], errors: inout [GraphQLErrorEntry], operation: String
    ) -> JSONValue {
        switch value {
        case .object(let members):
            return .object(
                members.map { member in
                    let at = path + [.key(member.key)]
                    switch member.value {
                    case .object, .array: return .init(member.key, nulled(member.value, path: at, errors: &errors, operation: operation))
                    case .null: return member
                    default:
                        guard member.key != "id", member.key != "__typename", !path.isEmpty else { return member }
                        errors.append(
                            GraphQLErrorEntry(message: "Understudy partial-data fault: \(member.key) left null", path: at, code: "PARTIAL_DATA"))
                        return .init(member.key, .null)
                    }
                })
        case .array(let items):
            return .array(items.enumerated().map { nulled($1, path: path + [.index($0)], errors: &errors, operation: operation) })
        default:
            return value
        }
    }
}
