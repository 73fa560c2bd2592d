import UnderstudyDocuments
import UnderstudyGraphQL

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A file's `graphql:` entries as routes: one per operation's answer (tried first, in the order written), then the
/// endpoint, which answers the rest from the schema.
extension ScenarioLoading {
    mutating func graphQLRoutes(of definition: ScenarioDefinition, depth: Int) -> [CustomRoute] {
        definition.graphQL.flatMap { entry -> [CustomRoute] in
            var routes = entry.operations.map { written -> CustomRoute in
                var operation = written
                // The entry's delay and fault, unless the operation's answer sets its own.
                if operation.delay == nil { operation.delay = entry.delay }
                if operation.fault == nil { operation.fault = entry.fault }
                return customRoute(operation, file: definition.file, depth: depth)
            }
            var endpoint = CustomRoute(method: nil, path: entry.path, fixed: nil, delay: entry.delay, fault: entry.fault)
            endpoint.depth = depth
            endpoint.graphQLEndpoint = GraphQLEndpoint(
                path: entry.path, schema: entry.schema.flatMap { graphQLSchema($0, file: definition.file, keyPath: entry.keyPath + ".schema") },
                schemaFile: entry.schema)
            routes.append(endpoint)
            return routes
        }
    }

    /// The schema in `path` (SDL, in the scenarios folder), read once per load.
    private mutating func graphQLSchema(_ path: String, file: String, keyPath: String) -> GraphQLSchemaModel? {
        guard let url = contained(path, file: file, keyPath: keyPath) else { return nil }
        if let known = graphQLSchemas[url.path] { return known }
        let text: String
        do throws(FileProblem) {
            guard let read = try DocumentParser.readText(at: url, displayName: path) else {
                problems.append(FileProblem(file: file, keyPath: keyPath, message: "'\(path)' is not UTF-8 text"))
                return nil
            }
            text = read
        } catch {
            problems.append(FileProblem(file: file, keyPath: keyPath, message: "cannot read '\(path)': \(error)"))
            return nil
        }
        do throws(GraphQLSchemaProblems) {
            let schema = try GraphQLSchemaModel.load(sdl: text, file: path)
            graphQLSchemas[url.path] = schema
            return schema
        } catch {
            // Located in the schema file itself, where the fix is.
            for found in error.problems {
                problems.append(FileProblem(file: path, line: found.line, column: found.column, message: found.message))
            }
            return nil
        }
    }
}
