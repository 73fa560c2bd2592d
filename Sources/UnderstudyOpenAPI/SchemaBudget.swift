import UnderstudyDocuments

/// What one schema costs whoever walks it for one value: the schemas reached through `$ref`, `allOf`,
/// `anyOf`, `oneOf`, `not` and `if`/`then`/`else` without stepping into the value (a property's or an
/// item's schema is walked for that property or item, so it is counted as a schema of its own).
///
/// JSON Schema's billion laughs: forty schemas, each `allOf: [$ref next, $ref next]`, are forty lines
/// and 2^40 schemas to whoever expands them (synthesis merging an `allOf`, a request body validated
/// against it); a schema that refers to every other one is as many as there are paths through them.
/// So every schema of the document is counted before anything walks one, each shared schema once
/// (a count that met no reference back to a schema being counted is kept by pointer), and a document
/// with a schema past ``OpenAPILimits/schemaExpansion`` is refused, located at that schema. The
/// walkers cut a reference back to a schema they are inside, as the count does, so what they do for
/// one value is within what was counted.
struct SchemaBudget {
    let resolver: ReferenceResolver
    let limit: Int
    /// All the schemas together: a count cut by a reference back is not kept, so each schema that
    /// refers into such a cycle counts it again.
    let total: Int
    private var known: [JSONPointer: Int] = [:]
    /// The referenced schemas being counted, outermost first.
    private var entered: [JSONPointer] = []
    private var steps = 0

    init(resolver: ReferenceResolver, limits: OpenAPILimits) {
        self.resolver = resolver
        limit = limits.schemaExpansion
        total = limits.schemaExpansion * 100
    }

    /// The first schema of `root` (in document order) over the budget, with why; nil when none is.
    mutating func problem(in root: JSONValue) -> (pointer: JSONPointer, message: String)? {
        var tokens: [String] = []
        return visit(root, tokens: &tokens, inNameMap: false, inside: false)
    }

    /// Keys whose value is walked for the same value as the schema that has them.
    private static func expands(_ key: String) -> Bool {
        switch key {
        case "$ref", "allOf", "anyOf", "oneOf", "not", "if", "then", "else": true
        default: false
        }
    }

    /// Every schema that expands, counted from the outermost: one inside another's `allOf` was counted with it.
    private mutating func visit(_ node: JSONValue, tokens: inout [String], inNameMap: Bool, inside: Bool) -> (JSONPointer, String)? {
        switch node {
        case .array(let items):
            for (index, item) in items.enumerated() {
                tokens.append(String(index))
                defer { tokens.removeLast() }
                if let found = visit(item, tokens: &tokens, inNameMap: false, inside: inside) { return found }
            }
        case .object(let members):
            if !inNameMap, !inside, members.contains(where: { Self.expands($0.key) }) {
                let pointer = JSONPointer(tokens)
                if known[pointer] == nil {
                    entered = [pointer]
                    let (count, cut) = expansion(node)
                    entered = []
                    if count > limit {
                        return (
                            pointer,
                            "this schema expands to more than \(limit) schemas through $ref, allOf, anyOf, oneOf and not (the bound "
                                + "on one schema's expansion; OpenAPI limits in docs/openapi.md): the document is refused rather than expanded"
                        )
                    }
                    if steps > total {
                        return (
                            pointer,
                            "the document's schemas expand to more than \(total) schemas in all through $ref, allOf, anyOf, oneOf and not "
                                + "(100 times the bound on one schema's expansion; docs/openapi.md): the document is refused rather than expanded"
                        )
                    }
                    if !cut { known[pointer] = count }
                }
            }
            for member in members {
                if !inNameMap, DocumentKeys.isData(member.key, isArray: member.value.arrayValue != nil) { continue }
                tokens.append(member.key)
                defer { tokens.removeLast() }
                let childInside = !inNameMap && member.key != "$ref" && Self.expands(member.key)
                let childIsNameMap = DocumentKeys.childIsNameMap(member.key, inNameMap: inNameMap)
                if let found = visit(member.value, tokens: &tokens, inNameMap: childIsNameMap, inside: childInside) { return found }
            }
        default:
            break
        }
        return nil
    }

    /// The schemas walked in expanding `schema` once, and whether a reference back to one being
    /// expanded was met (such a count depends on the way in, so it is not kept). Stops past the limit.
    private mutating func expansion(_ schema: JSONValue) -> (count: Int, cut: Bool) {
        steps += 1
        guard case .object(let members) = schema else { return (1, false) }
        var count = 1
        var cut = false
        func add(_ part: (count: Int, cut: Bool)) {
            count += part.count
            cut = cut || part.cut
        }
        for member in members where count <= limit && steps <= total {
            switch member.key {
            case "$ref":
                guard let ref = member.value.stringValue, case .success(let (target, pointer)) = resolver.resolve(ref) else { continue }
                if let counted = known[pointer] {
                    count += counted
                } else if entered.contains(pointer) {
                    add((1, true))
                } else {
                    entered.append(pointer)
                    let part = expansion(target)
                    entered.removeLast()
                    if !part.cut { known[pointer] = part.count }
                    add(part)
                }
            case "allOf", "anyOf", "oneOf":
                for branch in member.value.arrayValue ?? [] where count <= limit { add(expansion(branch)) }
            case "not", "if", "then", "else":
                add(expansion(member.value))
            default:
                continue
            }
        }
        return (count, cut)
    }
}
