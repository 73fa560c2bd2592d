#if FullPackage
internal import GraphQL

/// What a document asks for once its fragments are expanded, computed before GraphQLSwift validates it or the
/// synthesiser expands it: fragments spread into fragments many times ("billion laughs") multiply, and a fragment
/// chain as deep as the document is long would recurse as deep in validation.
///
/// The fragment graph is ordered without recursion (Kahn's algorithm), so a cycle is found and named rather than
/// followed, and each fragment is measured once, from the ones it spreads (memoised): linear in the document.
enum FragmentBudget {
    /// Fields once fragments are expanded, over the document's operations: far past any app's query (the full
    /// introspection query is about 150), and an answer that stays within the value budget.
    static let maxFields = 20_000
    /// Selection sets and fragment spreads along one path once expanded: the synthesiser and GraphQLSwift's rules
    /// recurse along it, on threads whose stacks may be 512 KiB (Swift concurrency's); real queries nest under 20.
    static let maxDepth = 96

    private struct Measure {
        var fields = 0
        var depth = 0
    }

    static func check(_ document: Document) throws(GraphQLErrorList) {
        var fragments: [String: FragmentDefinition] = [:]
        for case let fragment as FragmentDefinition in document.definitions where fragments[fragment.name.value] == nil {
            fragments[fragment.name.value] = fragment
        }
        let measures = try fragmentMeasures(fragments)
        var total = Measure()
        for case let operation as OperationDefinition in document.definitions {
            let measure = self.measure(operation.selectionSet, fragments: measures)
            total.fields = min(total.fields + measure.fields, maxFields + 1)
            total.depth = max(total.depth, measure.depth)
            let location = SourcePlace(operation.loc)
            guard total.fields <= maxFields else {
                throw GraphQLErrorList(
                    "The document selects more than \(maxFields) fields once its fragments are expanded (the expanded-field budget).",
                    line: location?.line, column: location?.column, code: "GRAPHQL_VALIDATION_FAILED")
            }
            guard total.depth <= maxDepth else {
                throw GraphQLErrorList(
                    "The document nests deeper than \(maxDepth) selection sets and fragment spreads once expanded (the expanded-depth budget).",
                    line: location?.line, column: location?.column, code: "GRAPHQL_VALIDATION_FAILED")
            }
        }
    }

    /// Each fragment's measure, fragments measured after every fragment they spread; a cycle is an error.
    private static func fragmentMeasures(_ fragments: [String: FragmentDefinition]) throws(GraphQLErrorList) -> [String: Measure] {
        var spreads: [String: [FragmentSpread]] = [:]
        var waitingOn: [String: Int] = [:]
        var dependents: [String: [String]] = [:]
        for (name, fragment) in fragments {
            var found: [FragmentSpread] = []
            collectSpreads(fragment.selectionSet, into: &found)
            spreads[name] = found
            let targets = Set(found.map(\.name.value)).filter { fragments[$0] != nil }
            waitingOn[name] = targets.count
            for target in targets { dependents[target, default: []].append(name) }
        }
        var ready = waitingOn.filter { $0.value == 0 }.map(\.key).sorted()
        var measures: [String: Measure] = [:]
        while let name = ready.popLast() {
            guard let fragment = fragments[name] else { continue }
            measures[name] = measure(fragment.selectionSet, fragments: measures)
            for dependent in dependents[name] ?? [] {
                waitingOn[dependent, default: 1] -= 1
                if waitingOn[dependent] == 0 { ready.append(dependent) }
            }
        }
        if measures.count < fragments.count { throw cycleError(fragments: fragments, spreads: spreads, measured: measures) }
        return measures
    }

    /// Every fragment left unmeasured spreads another unmeasured one, so walking those spreads from any of them meets
    /// a fragment twice: that loop is the cycle, named as graphql-js's NoFragmentCyclesRule names it.
    private static func cycleError(
        fragments: [String: FragmentDefinition],
        spreads: [String: [FragmentSpread]],
        measured: [String: Measure]
    ) -> GraphQLErrorList {
        let unmeasured = fragments.keys.filter { measured[$0] == nil }.sorted()
        var walk: [(name: String, spread: FragmentSpread?)] = [(unmeasured[0], nil)]
        var seenAt: [String: Int] = [unmeasured[0]: 0]
        while let current = walk.last,
            let next = spreads[current.name]?.first(where: { fragments[$0.name.value] != nil && measured[$0.name.value] == nil })
        {
            if let start = seenAt[next.name.value] {
                let loop = Array(walk[start...]) + [(next.name.value, next)]
                let via = loop.dropFirst().dropLast().map { "\"\($0.name)\"" }.prefix(10)
                let message =
                    "Cannot spread fragment \"\(loop[0].name)\" within itself" + (via.isEmpty ? "." : " via \(via.joined(separator: ", ")).")
                let locations = loop.compactMap { $0.spread.flatMap { SourcePlace($0.loc) } }.prefix(10).map { (line: $0.line, column: $0.column) }
                return GraphQLErrorList([GraphQLErrorEntry(message: message, locations: Array(locations), code: "GRAPHQL_VALIDATION_FAILED")])
            }
            seenAt[next.name.value] = walk.count
            walk.append((next.name.value, next))
        }
        return GraphQLErrorList("Cannot spread a fragment within itself.", code: "GRAPHQL_VALIDATION_FAILED")
    }

    private static func collectSpreads(_ selectionSet: SelectionSet, into spreads: inout [FragmentSpread]) {
        for selection in selectionSet.selections {
            switch selection {
            case let field as Field: if let inner = field.selectionSet { collectSpreads(inner, into: &spreads) }
            case let spread as FragmentSpread: spreads.append(spread)
            case let inline as InlineFragment: collectSpreads(inline.selectionSet, into: &spreads)
            default: break
            }
        }
    }

    /// Recursion follows the text's own nesting only (at most the lexical depth budget); spreads read the memo.
    private static func measure(_ selectionSet: SelectionSet, fragments: [String: Measure]) -> Measure {
        var result = Measure()
        var deepest = 0
        for selection in selectionSet.selections {
            var inner = Measure()
            switch selection {
            case let field as Field:
                inner = field.selectionSet.map { measure($0, fragments: fragments) } ?? Measure()
                inner.fields += 1
            case let spread as FragmentSpread:
                inner = fragments[spread.name.value] ?? Measure()
                inner.depth += 1
            case let inline as InlineFragment:
                inner = measure(inline.selectionSet, fragments: fragments)
            default: break
            }
            result.fields = min(result.fields + inner.fields, maxFields + 1)
            deepest = max(deepest, inner.depth)
        }
        result.depth = min(deepest + 1, maxDepth + 1)
        return result
    }
}

#endif
