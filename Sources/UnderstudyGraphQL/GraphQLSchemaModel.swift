#if FullPackage
internal import GraphQL
package import UnderstudyDocuments
import UnderstudyHTTP

/// A `graphql:` entry's schema: valid operations answered with data synthesised from their selection sets, invalid
/// ones with GraphQL's error body, introspection by GraphQLSwift's executor. Immutable once loaded but for its
/// cache of prepared documents, which is locked: answers are computed on many threads at once.
package final class GraphQLSchemaModel: Sendable {
    let schema: GraphQLSchema
    let index: SchemaIndex
    /// Documents by query text (their validation errors too): 256 entries, and only texts up to 64 KiB, 4 MiB of
    /// text in all, so a flood of distinct documents costs re-parsing, never memory.
    private let documents = Locked(BoundedCache<Result<PreparedDocument, GraphQLErrorList>>(maxEntries: 256, maxKeyBytes: 4 << 20))
    private static let maxCachedText = 64 << 10
    private static let introspectionFields: Set<String> = ["__schema", "__type"]

    init(schema: GraphQLSchema, index: SchemaIndex) {
        self.schema = schema
        self.index = index
    }

    /// The document's operations, named without validating it (as ``GraphQLOperationScanner`` names them).
    package func operationSummaries(query: String) -> Result<[GraphQLOperationSummary], GraphQLErrorList> {
        GraphQLOperationScanner.scan(query)
    }

    package func answer(query: String, operationName: String?, variables: JSONValue?, mode: GraphQLAnswerMode) -> GraphQLAnswer {
        do throws(GraphQLErrorList) {
            let prepared = try prepared(query).get()
            let operation = try prepared.operation(named: operationName).get()
            var coercion = VariableCoercion(index: index)
            let coerced = try coercion.coerce(operation, variables).get()
            guard let rootType = index.rootType(operation.operation) else {
                throw GraphQLErrorList(
                    "Schema is not configured to execute \(operation.operation.rawValue) operation.", code: "OPERATION_RESOLUTION_FAILURE")
            }
            let canonicalVariables = JSONText.canonical(.object(coerced.map { JSONValue.Member($0.key, $0.value) }))
            // The values' seed: the same operation with the same variables answers the same bytes.
            let seed = SyntheticValues.mix(
                SyntheticValues.mix(SyntheticValues.offsetBasis, operation.name?.value ?? ""),
                String(decoding: JSONText.bytes(canonicalVariables), as: UTF8.self)
            )
            let collector = SelectionCollector(index: index, document: prepared.document, variables: coerced)
            var synthesizer = DataSynthesizer(index: index, collector: collector, mode: mode)
            synthesizer.excludedRootFields = Self.introspectionFields
            let data: JSONValue
            do {
                data = try synthesizer.object(type: rootType, selectionSets: [operation.selectionSet], hash: seed, inheritedCount: nil)
            } catch {
                throw GraphQLErrorList(error.message, code: "UNDERSTUDY_ANSWER_TOO_LARGE")
            }
            let rootGroups = collector.collect(objectType: rootType, selectionSets: [operation.selectionSet])
            let introspected = rootGroups.filter { Self.introspectionFields.contains($0.fields.first?.name.value ?? "") }
            if !introspected.isEmpty {
                return introspection(prepared, operation, rootGroups, introspected, canonicalVariables, data, synthesizer)
            }
            guard mode == .partialData else { return .body(.object([JSONValue.Member("data", data)])) }
            let (partialData, errors) = Self.partial(data, synthesizer, rootType: rootType, allowDataNull: true)
            return .body(GraphQLErrorBody.errors(errors, data: partialData))
        } catch {
            return .body(GraphQLErrorBody.errors(error.errors))
        }
    }

    private func prepared(_ query: String) -> Result<PreparedDocument, GraphQLErrorList> {
        if let cached = documents.withLock({ $0.value(for: query) }) { return cached }
        // Prepared outside the lock: one slow document does not hold up other requests' lookups.
        let prepared = PreparedDocument.prepare(query, schema: schema)
        if query.utf8.count <= Self.maxCachedText { documents.withLock { $0.insert(prepared, for: query) } }
        return prepared
    }

    /// The partial-data fault: the nullable leaves null (one error each, 100 listed); with none, the outermost
    /// nullable field; with nothing nullable, `data` itself.
    static func partial(
        _ data: JSONValue,
        _ synthesizer: DataSynthesizer,
        rootType: String,
        allowDataNull: Bool
    ) -> (JSONValue, [GraphQLErrorEntry]) {
        if synthesizer.nulledCount > 0 { return (data, synthesizer.nulled) }
        if let outermost = synthesizer.outermostNullable {
            // Wherever the field occurs (in every item of the lists above it), as GraphQL's own nulls would be.
            let keys = outermost.path.compactMap { if case .key(let key) = $0 { key } else { nil } }
            var errors: [GraphQLErrorEntry] = []
            let nulled = nullingEvery(data, keys: keys[...], path: [], coordinate: outermost.coordinate, errors: &errors)
            return (nulled, Array(errors.prefix(DataSynthesizer.maxListedErrors)))
        }
        guard allowDataNull else { return (data, []) }
        return (.null, [GraphQLErrorEntry(message: "Understudy partial-data fault: \(rootType) left null (nothing in the operation is nullable)")])
    }

    /// `value` with the field at `keys` (response keys; every item of a list on the way) null, one error per null.
    private static func nullingEvery(
        _ value: JSONValue, keys: ArraySlice<String>, path: [GraphQLErrorEntry.PathElement], coordinate: String, errors: inout [GraphQLErrorEntry]
    ) -> JSONValue {
        switch value {
        case .array(let items):
            return .array(
                items.enumerated().map { nullingEvery($1, keys: keys, path: path + [.index($0)], coordinate: coordinate, errors: &errors) })
        case .object(var members):
            guard let key = keys.first, let position = members.firstIndex(where: { $0.key == key }) else { return value }
            let at = path + [.key(key)]
            if keys.count == 1 {
                guard members[position].value != .null else { return value }
                members[position].value = .null
                errors.append(GraphQLErrorEntry(message: "Understudy partial-data fault: \(coordinate) left null", path: at))
            } else {
                members[position].value = nullingEvery(
                    members[position].value, keys: keys.dropFirst(), path: at, coordinate: coordinate, errors: &errors)
            }
            return .object(members)
        default: return value
        }
    }

    private func introspection(
        _ prepared: PreparedDocument,
        _ operation: OperationDefinition,
        _ rootGroups: [SelectionCollector.Group],
        _ introspected: [SelectionCollector.Group],
        _ variables: JSONValue,
        _ data: JSONValue,
        _ synthesizer: DataSynthesizer
    ) -> GraphQLAnswer {
        let onlyIntrospection = rootGroups.allSatisfy { group in
            let name = group.fields.first?.name.value ?? ""
            return Self.introspectionFields.contains(name) || name == "__typename"
        }
        var otherErrors: [GraphQLErrorEntry] = []
        var synthesized = data.members ?? []
        if synthesizer.mode == .partialData, !onlyIntrospection {
            let (partialData, errors) = Self.partial(data, synthesizer, rootType: "", allowDataNull: false)
            synthesized = partialData.members ?? []
            otherErrors = errors
        }
        let answer = IntrospectionAnswer(
            schema: schema,
            text: onlyIntrospection ? prepared.text : Self.introspectionDocument(prepared, operation, introspected),
            operationName: onlyIntrospection ? operation.name?.value : nil,
            variables: variables,
            order: rootGroups.map(\.key),
            introspected: Set(introspected.map(\.key)),
            synthesized: synthesized,
            otherErrors: otherErrors
        )
        return .introspection { await answer.run() }
    }

    /// A document of the operation's variables, its introspection root fields and every fragment, cut from the text.
    private static func introspectionDocument(
        _ prepared: PreparedDocument,
        _ operation: OperationDefinition,
        _ introspected: [SelectionCollector.Group]
    ) -> String {
        let bytes = Array(prepared.text.utf8)
        func text(_ range: Range<Int>) -> String { String(decoding: bytes[range.clamped(to: 0..<bytes.count)], as: UTF8.self) }
        var document = "query"
        if let start = operation.loc?.start, let variables = NodeExtent.variablesRange(bytes, operationStart: start) {
            document += text(variables)
        }
        let fields = introspected.flatMap(\.fields).compactMap(\.loc?.start).map { text($0..<NodeExtent.fieldEnd(bytes, from: $0)) }
        document += " { " + fields.joined(separator: " ") + " }\n"
        for case let fragment as FragmentDefinition in prepared.document.definitions {
            guard let start = fragment.loc?.start else { continue }
            document += text(start..<NodeExtent.blockEnd(bytes, from: start)) + "\n"
        }
        return document
    }
}
#endif
