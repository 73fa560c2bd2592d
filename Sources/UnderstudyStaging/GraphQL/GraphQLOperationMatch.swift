package import UnderstudyDocuments
package import UnderstudyGraphQL

/// A route's `operation:` and `variables:`: the GraphQL operation it answers, by name, and what the operation's
/// variables must hold. The name is the request's `operationName`, else its document's single named operation,
/// else its persisted-query hash (see ``GraphQLCall``).
package struct GraphQLOperationMatch: Sendable {
    package var name: String
    /// The `request_body` matcher, applied to the variables object (an absent one is `{}`).
    package var variables: BodyPattern?

    package init(name: String, variables: BodyPattern? = nil) {
        self.name = name
        self.variables = variables
    }

    func matches(_ operation: GraphQLCall.Operation) -> Bool {
        guard operation.name == name else { return false }
        guard let variables else { return true }
        let given = operation.variables ?? .object([])
        if case .json(let expected) = variables { return BodyPattern.contains(given, expected) }
        return variables.matches(JSONWriter().template(given).render(origin: Origin("")))
    }

    /// Bytes kept, for a session's bound.
    var cost: Int { name.utf8.count + (variables?.cost ?? 0) }
}

/// A scenario file's `graphql:` entry as written.
struct GraphQLEntryDefinition {
    var path: String
    /// The SDL file, in the scenarios folder.
    var schema: String?
    var delay: Int?
    var fault: Fault?
    /// One route per answer under `operations:`, each with its ``GraphQLOperationMatch``.
    var operations: [ScenarioDefinition.RouteDefinition] = []
    var keyPath: String
    var line: Int?
}
