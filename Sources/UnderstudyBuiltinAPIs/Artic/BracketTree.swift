import UnderstudyAPIService
import UnderstudyDocuments

/// PHP's reading of bracketed parameter names into nested arrays: `a[b][0]=x&a[b][1]=y` is
/// `{"a": {"b": ["x", "y"]}}`; `a[]` appends; the last of two equal names wins.
struct BracketTree {
    private var value: String?
    private var children: [(key: String, tree: BracketTree)] = []

    /// `query[term][id]` → `["query", "term", "id"]`; nil for a name that is not the bracket form
    /// of `query` or `sort` (other names are ordinary parameters, read elsewhere).
    package static func path(_ name: String) -> [String]? {
        guard let open = name.firstIndex(of: "[") else {
            return ["q", "sort", "limit", "page", "from", "size", "fields", "query"].contains(name) ? [name] : nil
        }
        let base = String(name[..<open])
        guard base == "query" || base == "sort" else { return nil }
        var path = [base]
        var rest = name[open...]
        while let first = rest.first, first == "[" {
            guard let close = rest.firstIndex(of: "]") else { return nil }  // PHP drops an unclosed bracket's tail
            path.append(String(rest[rest.index(after: rest.startIndex)..<close]))
            rest = rest[rest.index(after: close)...]
        }
        return path
    }

    package mutating func insert(_ path: ArraySlice<String>, value: String) {
        guard let key = path.first else {
            self.value = value
            children = []
            return
        }
        let name = key.isEmpty ? String(children.count) : key
        if let index = children.firstIndex(where: { $0.key == name }) {
            children[index].tree.insert(path.dropFirst(), value: value)
        } else {
            var child = BracketTree()
            child.insert(path.dropFirst(), value: value)
            children.append((name, child))
        }
    }

    /// Objects whose keys are all decimal indices become arrays, in the order given.
    package var json: JSONValue {
        if children.isEmpty { return value.map(JSONValue.string) ?? .object([]) }
        if children.allSatisfy({ !$0.key.isEmpty && $0.key.utf8.allSatisfy { $0 >= 0x30 && $0 <= 0x39 } }) {
            return .array(children.map(\.tree.json))
        }
        return .object(children.map { JSONValue.Member($0.key, $0.tree.json) })
    }
}
