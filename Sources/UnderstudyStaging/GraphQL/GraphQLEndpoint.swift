package import UnderstudyGraphQL

/// A `graphql:` entry as served: its path and, when it names one, the schema that answers every valid operation
/// nobody staged. Shared by every scenario that extends the file (the schema is read once per load).
package struct GraphQLEndpoint: Sendable {
    package var path: String
    package var schema: GraphQLSchemaModel?
    /// The schema file as written, for messages.
    package var schemaFile: String?
}
