#if FullPackage
internal import GraphQL

/// A query text parsed, measured and validated against the schema once, then kept: apps send the same few
/// documents again and again.
final class PreparedDocument {
    let text: String
    /// Parsed with locations, for what an answer needs them for: variables' errors, introspection's slices.
    let document: Document
    let operations: [OperationDefinition]

    /// Validation errors listed in one answer, as graphql-js's `maxErrors` default.
    static let maxListedErrors = 100
    /// GraphQLSwift locates each error by running a regular expression over the whole text (about 25–50 ms a MiB
    /// here), so errors × bytes bounds the work of locating them: validation runs first on a document parsed
    /// without locations (no error costs more than its message), and again with locations only within this budget.
    static let maxLocatingWork = 2 << 20

    private init(text: String, document: Document) {
        self.text = text
        self.document = document
        operations = document.definitions.compactMap { $0 as? OperationDefinition }
    }

    static func prepare(_ text: String, schema: GraphQLSchema) -> Result<PreparedDocument, GraphQLErrorList> {
        do throws(GraphQLErrorList) {
            // The lexical check first: GraphQLSwift's parser recurses once per nesting level.
            _ = try GraphQLTextBounds.check(
                text,
                maxBytes: GraphQLTextBounds.maxQueryBytes,
                maxTokens: GraphQLTextBounds.maxQueryTokens,
                what: "document"
            )
            let located = try parse(text, noLocation: false)
            try FragmentBudget.check(located)
            let unlocatedErrors = validate(schema: schema, ast: try parse(text, noLocation: true))
            guard !unlocatedErrors.isEmpty else { return .success(PreparedDocument(text: text, document: located)) }
            let errors =
                unlocatedErrors.count * text.utf8.count <= maxLocatingWork
                ? validate(schema: schema, ast: located) : unlocatedErrors
            let entries = errors.prefix(maxListedErrors).map { GraphQLErrorEntry($0, code: "GRAPHQL_VALIDATION_FAILED") }
            throw GraphQLErrorList(Array(entries))
        } catch {
            return .failure(error)
        }
    }

    private static func parse(_ text: String, noLocation: Bool) throws(GraphQLErrorList) -> Document {
        do {
            return try GraphQL.parse(source: Source(body: text, name: "GraphQL request"), noLocation: noLocation)
        } catch let error as GraphQLError {
            throw GraphQLErrorList([GraphQLErrorEntry(error, code: "GRAPHQL_PARSE_FAILED")])
        } catch {
            throw GraphQLErrorList("Syntax Error: \(error)", code: "GRAPHQL_PARSE_FAILED")
        }
    }

    /// The operation a request runs, as graphql-js's `getOperationAST` and execution pick it.
    func operation(named name: String?) -> Result<OperationDefinition, GraphQLErrorList> {
        if let name {
            guard let operation = operations.first(where: { $0.name?.value == name }) else {
                return .failure(GraphQLErrorList("Unknown operation named \"\(name)\".", code: "OPERATION_RESOLUTION_FAILURE"))
            }
            return .success(operation)
        }
        switch operations.count {
        case 0: return .failure(GraphQLErrorList("Must provide an operation.", code: "OPERATION_RESOLUTION_FAILURE"))
        case 1: return .success(operations[0])
        default:
            return .failure(
                GraphQLErrorList("Must provide operation name if query contains multiple operations.", code: "OPERATION_RESOLUTION_FAILURE")
            )
        }
    }
}
#endif
