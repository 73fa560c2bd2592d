package import UnderstudyDocuments
import UnderstudyOpenAPI

/// A `Decoder` over a ``YAMLNode`` tree, so OpenAPIKit's `Decodable` types read the tree the
/// project's own reader built: no Yams (seconds for a few megabytes), no round trip through JSON
/// bytes, mappings in the order written (OpenAPIKit keeps paths and responses in an ordered
/// dictionary), and every `DecodingError`'s coding path leads back to a node with a line and column.
///
/// Scalars are typed as YAML 1.2's core schema reads plain text: `true`, `12`, `null` are a bool,
/// a number and null only when plain; a quoted `"12"` is only ever a string. A string may be
/// decoded from any scalar (`version: 1.0` is the text "1.0").
package struct NodeDecoding {
    package var userInfo: [CodingUserInfoKey: any Sendable]

    package init(userInfo: [CodingUserInfoKey: any Sendable] = [:]) { self.userInfo = userInfo }

    package func decode<T: Decodable>(_ type: T.Type, from node: YAMLNode, codingPath: [any CodingKey] = []) throws -> T {
        try T(from: NodeDecoder(node: node, codingPath: codingPath, userInfo: userInfo))
    }
}

/// A coding key for a mapping's key or a sequence's index.
struct NodeKey: CodingKey {
    var stringValue: String
    var intValue: Int?
    init(stringValue: String) { self.stringValue = stringValue }
    init(intValue: Int) {
        self.stringValue = String(intValue)
        self.intValue = intValue
    }
}

final class NodeDecoder: Decoder {
    let node: YAMLNode
    let codingPath: [any CodingKey]
    let userInfoStorage: [CodingUserInfoKey: any Sendable]
    var userInfo: [CodingUserInfoKey: Any] { userInfoStorage }

    init(node: YAMLNode, codingPath: [any CodingKey], userInfo: [CodingUserInfoKey: any Sendable]) {
        self.node = node
        self.codingPath = codingPath
        self.userInfoStorage = userInfo
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .mapping(let mapping) = node else {
            throw mismatch([String: Int].self, node, codingPath, "expected a mapping, found \(node.kindName)")
        }
        return KeyedDecodingContainer(NodeKeyedContainer<Key>(decoder: self, mapping: mapping))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .sequence(let sequence) = node else {
            throw mismatch([Int].self, node, codingPath, "expected a sequence, found \(node.kindName)")
        }
        return NodeUnkeyedContainer(decoder: self, items: sequence.items)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { NodeSingleValue(decoder: self) }

    func child(_ node: YAMLNode, _ key: any CodingKey) -> NodeDecoder {
        NodeDecoder(node: node, codingPath: codingPath + [key], userInfo: userInfoStorage)
    }
}

private func mismatch(_ type: Any.Type, _ node: YAMLNode, _ path: [any CodingKey], _ message: String) -> DecodingError {
    .typeMismatch(type, DecodingError.Context(codingPath: path, debugDescription: message))
}

extension YAMLNode {
    /// The text of a plain (unquoted) scalar: only plain text may be a bool, a number or null.
    var plainText: String? {
        if case .scalar(let scalar) = self, scalar.style == .plain { return scalar.string }
        return nil
    }
}

private struct NodeKeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let decoder: NodeDecoder
    let mapping: YAMLNode.Mapping
    /// Keys to positions, built once: a `paths` mapping of hundreds of entries is looked up once per key.
    let positions: [String: Int]?

    init(decoder: NodeDecoder, mapping: YAMLNode.Mapping) {
        self.decoder = decoder
        self.mapping = mapping
        // OpenAPIKit opens the same small mapping several times (a schema is read as a reference, then
        // as each kind of schema): a dictionary pays only for large ones (`paths`, `schemas`).
        guard mapping.count > 12 else {
            positions = nil
            return
        }
        var positions: [String: Int] = [:]
        positions.reserveCapacity(mapping.count)
        for (index, pair) in mapping.pairs.enumerated() {
            if let key = pair.key.string, positions[key] == nil { positions[key] = index }
        }
        self.positions = positions
    }

    private func position(_ key: String) -> Int? {
        if let positions { return positions[key] }
        return mapping.pairs.firstIndex { $0.key.string == key }
    }

    var codingPath: [any CodingKey] { decoder.codingPath }
    var allKeys: [Key] { mapping.pairs.compactMap { $0.key.string.flatMap(Key.init(stringValue:)) } }
    func contains(_ key: Key) -> Bool { position(key.stringValue) != nil }

    private func value(_ key: Key) throws -> YAMLNode {
        guard let index = position(key.stringValue) else {
            throw DecodingError.keyNotFound(key, DecodingError.Context(codingPath: codingPath, debugDescription: "no value for '\(key.stringValue)'"))
        }
        return mapping.pairs[index].value
    }

    private func single(_ key: Key) throws -> NodeSingleValue { NodeSingleValue(decoder: decoder.child(try value(key), key)) }

    func decodeNil(forKey key: Key) throws -> Bool { try value(key).isNull }
    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try single(key).decode(type) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try single(key).decode(type) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try single(key).decode(type) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try single(key).decode(type) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try single(key).decode(type) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try single(key).decode(type) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try single(key).decode(type) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try single(key).decode(type) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try single(key).decode(type) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try single(key).decode(type) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try single(key).decode(type) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try single(key).decode(type) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try single(key).decode(type) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try single(key).decode(type) }
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try T(from: decoder.child(try value(key), key)) }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        try decoder.child(try value(key), key).container(keyedBy: type)
    }
    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try decoder.child(try value(key), key).unkeyedContainer()
    }
    func superDecoder() throws -> any Decoder { decoder }
    func superDecoder(forKey key: Key) throws -> any Decoder { decoder.child(try value(key), key) }
}

private struct NodeUnkeyedContainer: UnkeyedDecodingContainer {
    let decoder: NodeDecoder
    let items: [YAMLNode]
    var currentIndex = 0

    init(decoder: NodeDecoder, items: [YAMLNode]) {
        self.decoder = decoder
        self.items = items
    }

    var codingPath: [any CodingKey] { decoder.codingPath }
    var count: Int? { items.count }
    var isAtEnd: Bool { currentIndex >= items.count }

    private mutating func next() throws -> NodeDecoder {
        guard currentIndex < items.count else {
            throw DecodingError.valueNotFound(
                Any.self,
                DecodingError.Context(codingPath: codingPath + [NodeKey(intValue: currentIndex)], debugDescription: "the sequence has no more items"))
        }
        defer { currentIndex += 1 }
        return decoder.child(items[currentIndex], NodeKey(intValue: currentIndex))
    }

    mutating func decodeNil() throws -> Bool {
        guard currentIndex < items.count else { return false }
        if items[currentIndex].isNull {
            currentIndex += 1
            return true
        }
        return false
    }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        let child = try next()
        if let primitive = try NodeSingleValue(decoder: child).primitive(type) { return primitive }
        return try T(from: child)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        try next().container(keyedBy: type)
    }
    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer { try next().unkeyedContainer() }
    mutating func superDecoder() throws -> any Decoder { try next() }
}

private struct NodeSingleValue: SingleValueDecodingContainer {
    let decoder: NodeDecoder
    var codingPath: [any CodingKey] { decoder.codingPath }
    var node: YAMLNode { decoder.node }

    func decodeNil() -> Bool { node.isNull }

    func decode(_ type: Bool.Type) throws -> Bool {
        switch node.plainText {
        case "true", "True", "TRUE": return true
        case "false", "False", "FALSE": return false
        default: throw mismatch(type, node, codingPath, "expected a boolean, found \(node.kindName)")
        }
    }

    func decode(_ type: String.Type) throws -> String {
        guard case .scalar(let scalar) = node else { throw mismatch(type, node, codingPath, "expected a string, found \(node.kindName)") }
        return scalar.string
    }

    func decode(_ type: Double.Type) throws -> Double {
        guard let text = node.plainText, JSONValue.looksLikeNumber(text), let value = Double(text) else {
            throw mismatch(type, node, codingPath, "expected a number, found \(node.kindName)")
        }
        return value
    }

    func decode(_ type: Float.Type) throws -> Float { Float(try decode(Double.self)) }

    private func integer<T: FixedWidthInteger>(_ type: T.Type) throws -> T {
        guard let text = node.plainText else { throw mismatch(type, node, codingPath, "expected an integer, found \(node.kindName)") }
        if let value = T(text) { return value }
        // `1.0` and `1e3` are integers to JSON Schema; anything with a fraction is not.
        if JSONValue.looksLikeNumber(text), let double = Double(text), double.rounded() == double, let value = T(exactly: double) { return value }
        throw mismatch(type, node, codingPath, "expected an integer, found \(node.kindName)")
    }

    func decode(_ type: Int.Type) throws -> Int { try integer(type) }
    func decode(_ type: Int8.Type) throws -> Int8 { try integer(type) }
    func decode(_ type: Int16.Type) throws -> Int16 { try integer(type) }
    func decode(_ type: Int32.Type) throws -> Int32 { try integer(type) }
    func decode(_ type: Int64.Type) throws -> Int64 { try integer(type) }
    func decode(_ type: UInt.Type) throws -> UInt { try integer(type) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try integer(type) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try integer(type) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try integer(type) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try integer(type) }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        if let primitive = try primitive(type) { return primitive }
        return try T(from: decoder)
    }

    /// The standard library's scalars decoded directly (their `init(from:)` would come back here anyway).
    func primitive<T>(_ type: T.Type) throws -> T? {
        switch type {
        case is String.Type: return try decode(String.self) as? T
        case is Bool.Type: return try decode(Bool.self) as? T
        case is Int.Type: return try decode(Int.self) as? T
        case is Double.Type: return try decode(Double.self) as? T
        default: return nil
        }
    }
}
