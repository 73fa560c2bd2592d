import UnderstudyDocuments

/// Follows `#/...` references in the (bundled) document. Lookups are cached: synthesis resolves
/// the same few component schemas thousands of times in a large document, and `JSONValue`'s
/// members are searched in order.
final class ReferenceResolver {
    let root: JSONValue
    let chainLimit: Int
    private var cache: [String: (value: JSONValue, pointer: JSONPointer)?] = [:]
    private var chains: [String: Result<(value: JSONValue, pointer: JSONPointer), Failure>] = [:]
    /// Large objects' members by key, by the object's path (see ``position(of:in:at:)``).
    private var indexes: [[String]: [String: Int]] = [:]

    init(root: JSONValue, chainLimit: Int) {
        self.root = root
        self.chainLimit = chainLimit
    }

    enum Failure: Error {
        case notInternal
        case missing(JSONPointer)
        case cycle(JSONPointer)
        case tooLong
    }

    /// The `$ref` text of a reference object, if `value` is one.
    static func reference(in value: JSONValue) -> String? {
        guard case .object(let members) = value else { return nil }
        return members.first { $0.key == "$ref" }?.value.stringValue
    }

    /// The node `ref` names, with its pointer; one step, no chain followed.
    func lookUp(_ ref: String) -> (value: JSONValue, pointer: JSONPointer)? {
        if let cached = cache[ref] { return cached }
        var found: (JSONValue, JSONPointer)?
        if ref.hasPrefix("#"), let pointer = JSONPointer(parsing: ref.dropFirst()) {
            var node = root
            var ok = true
            for (depth, token) in pointer.tokens.enumerated() {
                switch node {
                case .object(let members):
                    guard let index = position(of: token, in: members, at: pointer.tokens[..<depth]) else {
                        ok = false
                        break
                    }
                    node = members[index].value
                case .array(let items):
                    guard let index = Int(token), items.indices.contains(index) else {
                        ok = false
                        break
                    }
                    node = items[index]
                default: ok = false
                }
                if !ok { break }
            }
            if ok { found = (node, pointer) }
        }
        cache[ref] = .some(found)
        return found
    }

    /// Where `key` is among `members` (the object at `parent`): searched in order in a small object, through an
    /// index made once in a large one (`components/schemas`, the copies of a document's 3,000 files), where
    /// searching each reference's name in order made a load quadratic.
    private func position(of key: String, in members: [JSONValue.Member], at parent: ArraySlice<String>) -> Int? {
        guard members.count > 16 else { return members.firstIndex { $0.key == key } }
        let path = Array(parent)
        if let index = indexes[path] { return index[key] }
        var index: [String: Int] = [:]
        index.reserveCapacity(members.count)
        for (position, member) in members.enumerated() where index[member.key] == nil { index[member.key] = position }
        indexes[path] = index
        return index[key]
    }

    /// Follows `ref` and any reference it lands on, to the first node that is not a bare reference.
    func resolve(_ ref: String) -> Result<(value: JSONValue, pointer: JSONPointer), Failure> {
        if let known = chains[ref] { return known }
        let result = follow(ref)
        chains[ref] = result
        return result
    }

    private func follow(_ ref: String) -> Result<(value: JSONValue, pointer: JSONPointer), Failure> {
        var seen: [JSONPointer] = []
        var current = ref
        while true {
            guard current.hasPrefix("#"), let pointer = JSONPointer(parsing: current.dropFirst()) else { return .failure(.notInternal) }
            guard let (value, at) = lookUp(current) else { return .failure(.missing(pointer)) }
            if seen.contains(at) { return .failure(.cycle(at)) }
            seen.append(at)
            guard seen.count <= chainLimit else { return .failure(.tooLong) }
            // Only a reference object with nothing but `$ref` is a step of a chain; one with siblings is a schema (3.1).
            guard case .object(let members) = value, members.count == 1, let next = Self.reference(in: value) else { return .success((value, at)) }
            current = next
        }
    }

    /// `value` itself, or what it refers to when it is a reference (nil when that is broken: reported while loading).
    func resolved(_ value: JSONValue, at pointer: JSONPointer) -> (value: JSONValue, pointer: JSONPointer)? {
        guard let ref = Self.reference(in: value) else { return (value, pointer) }
        if case .success(let target) = resolve(ref) { return target }
        return nil
    }
}
