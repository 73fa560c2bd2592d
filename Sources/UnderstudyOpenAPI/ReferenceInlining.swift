import UnderstudyDocuments

/// Inlines the references OpenAPI does not allow but bundlers (Redocly's, swagger-cli's) follow,
/// as real multi-file documents write them: DigitalOcean's has `get: {$ref: oneClicks_list.yml}`
/// for hundreds of operations, `properties: {$ref: attributes.yml#/load_balancer_droplet_ids}` and
/// `description: {$ref: description.yml#/introduction}`. After bundling, such an operation, name
/// map or text is replaced by the node it names, so OpenAPIKit
/// and everything after it see the object itself.
///
/// Inlining is safe for these where it is not for schemas: an operation never contains itself,
/// and a name map is inlined in a bounded number of rounds, its copies counted against the
/// document's node bound.
struct ReferenceInlining {
    static let methods: Set<String> = ["get", "put", "post", "delete", "options", "head", "patch", "trace", "query"]
    /// How many references in a row may lead to one node before the chain is left as written.
    static let chainBound = 16
    /// A name map inlined may hold another written as a reference; rounds past this leave it as written.
    static let rounds = 4

    private(set) var root: YAMLNode
    /// Where each inlined node now sits, and where it was copied from, so a problem in it names its own file.
    private(set) var inlined: [String: JSONPointer] = [:]
    private var budget: Int
    /// The copies of external nodes by key: the block holds thousands in a large multi-file document.
    private var copies: [String: YAMLNode] = [:]

    /// `root` with its operation and name-map references inlined, copying at most `nodes` nodes.
    init(_ root: YAMLNode, nodes: Int) {
        self.root = root
        self.budget = nodes
        for _ in 0..<Self.rounds {
            let source = self.root
            indexCopies(source)
            guard let changed = nameMaps(in: source, at: JSONPointer(), nameMap: nil, source: source) else { break }
            self.root = changed
        }
        operations()
    }

    /// `node` with each name map written as a reference replaced by the node it names (resolved in
    /// `source`), or nil when nothing in it changed.
    private mutating func nameMaps(in node: YAMLNode, at pointer: JSONPointer, nameMap: String?, source: YAMLNode) -> YAMLNode? {
        switch node {
        case .scalar:
            return nil
        case .sequence(var sequence):
            var changed = false
            for index in sequence.items.indices {
                if let new = nameMaps(in: sequence.items[index], at: pointer.appending(index), nameMap: nil, source: source) {
                    sequence.items[index] = new
                    changed = true
                }
            }
            return changed ? .sequence(sequence) : nil
        case .mapping(var mapping):
            var changed = false
            for index in mapping.pairs.indices {
                let key = mapping.pairs[index].key.string ?? ""
                if nameMap == nil, key == "$ref" || DocumentKeys.isData(key, value: mapping.pairs[index].value) { continue }
                let child = DocumentKeys.childIsNameMap(key, inNameMap: nameMap != nil) ? key : nil
                var value = mapping.pairs[index].value
                // Only where OpenAPI allows no reference: a name map, or text; a schema's `$ref` is not looked up.
                if child != nil || DocumentKeys.prose.contains(key), Self.reference(in: value) != nil,
                    let (target, found) = resolved(pointer.appending(key), in: source),
                    Self.inlines(found, asValueOf: child)
                {
                    let size = found.nodeCount(upTo: budget)
                    guard size <= budget else { continue }
                    budget -= size
                    value = found
                    inlined[pointer.appending(key).description] = target
                    changed = true
                }
                if let new = nameMaps(in: value, at: pointer.appending(key), nameMap: child, source: source) {
                    value = new
                    changed = true
                }
                mapping.pairs[index].value = value
            }
            return changed ? .mapping(mapping) : nil
        }
    }

    /// Each operation of a path item (in `paths` or `webhooks`, or the node a path item's
    /// reference names) that is written as a reference, replaced by the operation it names.
    private mutating func operations() {
        let source = root
        indexCopies(source)
        var visited = Set<String>()
        for container in ["paths", "webhooks"] {
            guard case .mapping(let items)? = source.node(at: JSONPointer([container])) else { continue }
            for pair in items.pairs {
                guard let name = pair.key.string,
                    let (item, found) = resolved(JSONPointer([container, name]), in: source),
                    visited.insert(item.description).inserted, case .mapping(var mapping) = found
                else { continue }
                var changed = false
                for index in mapping.pairs.indices {
                    guard let method = mapping.pairs[index].key.string, Self.methods.contains(method),
                        Self.reference(in: mapping.pairs[index].value) != nil,
                        let (target, operation) = resolved(item.appending(method), in: source), Self.reference(in: operation) == nil
                    else { continue }
                    mapping.pairs[index].value = operation
                    inlined[item.appending(method).description] = target
                    changed = true
                }
                if changed { root = root.replacing(at: item.tokens[...], with: .mapping(mapping)) }
            }
        }
    }

    /// Whether a reference to `target` is inlined: the name map it stands for (`properties`), or
    /// text (a `description` written as a reference), which no Reference Object can stand for.
    private static func inlines(_ target: YAMLNode, asValueOf nameMap: String?) -> Bool {
        switch target {
        case .scalar: true
        case .mapping: nameMap.map(DocumentKeys.isReference(in:)) == true && reference(in: target) == nil
        case .sequence: false
        }
    }

    /// Where the local references starting at `pointer` lead (at most ``chainBound`` of them), and
    /// the node there; nil when one names nothing.
    private func resolved(_ pointer: JSONPointer, in root: YAMLNode) -> (JSONPointer, YAMLNode)? {
        var current = pointer
        for _ in 0..<Self.chainBound {
            guard let node = node(at: current, in: root) else { return nil }
            guard let text = Self.reference(in: node), text.hasPrefix("#"), let next = JSONPointer(parsing: text.dropFirst()) else {
                return (current, node)
            }
            current = next
        }
        return nil
    }

    private func node(at pointer: JSONPointer, in root: YAMLNode) -> YAMLNode? {
        let tokens = pointer.tokens
        guard tokens.count >= 2, tokens[0] == ExternalReferences.hoistKey else { return root.node(at: pointer) }
        return copies[tokens[1]]?.node(at: JSONPointer(Array(tokens.dropFirst(2))))
    }

    private mutating func indexCopies(_ root: YAMLNode) {
        copies = [:]
        guard case .mapping(let block)? = root.node(at: JSONPointer([ExternalReferences.hoistKey])) else { return }
        for pair in block.pairs { if let key = pair.key.string { copies[key] = pair.value } }
    }

    /// The `$ref` of a mapping that is a reference.
    private static func reference(in node: YAMLNode) -> String? {
        guard case .mapping(let mapping) = node, case .scalar(let scalar)? = mapping["$ref"] else { return nil }
        return scalar.string
    }
}

extension YAMLNode {
    /// This node with the node at `tokens` (which must exist) replaced by `new`.
    fileprivate func replacing(at tokens: ArraySlice<String>, with new: YAMLNode) -> YAMLNode {
        guard let token = tokens.first else { return new }
        switch self {
        case .mapping(var mapping):
            guard let index = mapping.pairs.firstIndex(where: { $0.key.string == token }) else { return self }
            mapping.pairs[index].value = mapping.pairs[index].value.replacing(at: tokens.dropFirst(), with: new)
            return .mapping(mapping)
        case .sequence(var sequence):
            guard let index = Int(token), sequence.items.indices.contains(index) else { return self }
            sequence.items[index] = sequence.items[index].replacing(at: tokens.dropFirst(), with: new)
            return .sequence(sequence)
        case .scalar:
            return self
        }
    }

    /// How many nodes this one holds, itself included, counted until they pass `bound`.
    fileprivate func nodeCount(upTo bound: Int) -> Int {
        var total = 1
        switch self {
        case .scalar: break
        case .mapping(let mapping):
            for pair in mapping.pairs where total <= bound { total += pair.value.nodeCount(upTo: bound - total) }
        case .sequence(let sequence):
            for item in sequence.items where total <= bound { total += item.nodeCount(upTo: bound - total) }
        }
        return total
    }
}
