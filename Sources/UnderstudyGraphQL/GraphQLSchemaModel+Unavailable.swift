#if !FullPackage
package import UnderstudyDocuments

/// (Tested as `#if FullPackage`, not `canImport(GraphQL)`: a build without the trait found the GraphQL module an
/// earlier build left in the same folder, and then failed to link it.)
/// Without the `FullPackage` trait (`make run`'s build when no scenario names a schema) there is no GraphQLSwift: a
/// `schema:` is then a located problem that says how to build with it, and everything else of GraphQL still works.
package final class GraphQLSchemaModel: Sendable {
    package static func load(sdl: String, file: String) throws(GraphQLSchemaProblems) -> GraphQLSchemaModel {
        throw GraphQLSchemaProblems([
            (
                1, 1,
                "this understudy was built without GraphQL schemas (the FullPackage trait): build it with scripts/build.sh understudy, or make run, which does when a scenario file names a schema"
            )
        ])
    }

    package func answer(query: String, operationName: String?, variables: JSONValue?, mode: GraphQLAnswerMode) -> GraphQLAnswer {
        .body(GraphQLErrorBody.errors([GraphQLErrorEntry(message: "no schema support in this build", code: "INTERNAL_SERVER_ERROR")]))
    }
}
#endif
