package import UnderstudyDocuments
import UnderstudyHTTP

/// An RFC 6901 pointer into a document (`/paths/~1pets/get`), the name every problem and every
/// decode-breaker gives the node it is about: it reads the same in YAML and JSON, and in the
/// independent validator.
package struct JSONPointer: Hashable, Sendable, CustomStringConvertible, Comparable {
    package var tokens: [String]

    package init(_ tokens: [String] = []) { self.tokens = tokens }

    /// Parses `/a/b~1c` (the part of a `$ref` after `#`, a URI fragment, so `%7B` is `{`); nil when it
    /// does not start with `/` and is not empty.
    package init?(parsing fragment: Substring) {
        let text = Self.percentDecoded(fragment)
        if text.isEmpty {
            self.init()
            return
        }
        // By bytes: a document's thousands of `$ref`s each took 53,000 instructions split and searched by Character.
        guard text.utf8.first == UInt8(ascii: "/") else { return nil }
        self.init(
            text.utf8.dropFirst().split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false).map { bytes in
                let token = String(Substring(bytes))
                return bytes.contains(UInt8(ascii: "~")) ? token.replacingAll("~1", with: "/").replacingAll("~0", with: "~") : token
            })
    }

    /// `%XX` escapes decoded (as UTF-8), by the one rule (`PercentDecoding`); a `%` that starts no escape is kept as
    /// written (a reference is read leniently: OpenAPIKit and the resolver report what it then fails to name).
    static func percentDecoded(_ text: Substring) -> Substring {
        guard text.utf8.contains(UInt8(ascii: "%")) else { return text }
        return Substring(PercentDecoding.decode(text, malformed: .keep) ?? String(text))
    }

    /// One copy of the tokens, sized for the new one: every walk of a document appends a token per node, and
    /// `tokens + [token]` built a second array and concatenated (6% of a 3 MB document's load).
    package func appending(_ token: String) -> JSONPointer {
        var longer: [String] = []
        longer.reserveCapacity(tokens.count + 1)
        longer.append(contentsOf: tokens)
        longer.append(token)
        return JSONPointer(longer)
    }
    package func appending(_ index: Int) -> JSONPointer { appending(String(index)) }

    package var description: String {
        tokens.isEmpty
            ? "/"
            : tokens.map { token in
                token.utf8.contains { $0 == UInt8(ascii: "~") || $0 == UInt8(ascii: "/") }
                    ? "/" + token.replacingAll("~", with: "~0").replacingAll("/", with: "~1") : "/" + token
            }.joined()
    }

    package static func < (lhs: JSONPointer, rhs: JSONPointer) -> Bool { lhs.description < rhs.description }
}

extension YAMLNode {
    /// The node at `pointer`, or nil when a token names nothing.
    package func node(at pointer: JSONPointer) -> YAMLNode? {
        var node = self
        for token in pointer.tokens {
            guard let child = node.child(token) else { return nil }
            node = child
        }
        return node
    }

    /// The deepest node along `tokens` that exists, with how many tokens led to it: a problem about
    /// a missing key is reported where its mapping starts.
    package func deepest(along tokens: [String]) -> (node: YAMLNode, matched: Int) {
        var node = self
        var matched = 0
        for token in tokens {
            guard let child = node.child(token) else { break }
            node = child
            matched += 1
        }
        return (node, matched)
    }

    /// A mapping's value for `token`, or a sequence's item at the index `token` spells.
    package func child(_ token: String) -> YAMLNode? {
        switch self {
        case .mapping(let mapping): return mapping[token]
        case .sequence(let sequence):
            guard let index = Int(token), sequence.indices.contains(index) else { return nil }
            return sequence[index]
        case .scalar: return nil
        }
    }

    /// The node's mapping, if it is one.
    package var mappingValue: Mapping? {
        if case .mapping(let mapping) = self { return mapping }
        return nil
    }

    /// Whether a plain scalar reads as YAML's null (`null`, `~`, nothing).
    package var isNull: Bool {
        guard case .scalar(let scalar) = self, scalar.style == .plain else { return false }
        return ["null", "~", "", "Null", "NULL"].contains(scalar.string)
    }
}
