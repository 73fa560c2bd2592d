/// Encodes an `Encodable` value as a ``JSONValue``, keeping object keys in the order they are
/// encoded (synthesized `Codable` encodes in declaration order), so that the admin API's answers
/// come from the shared wire types (`UnderstudyWire`) and still read as they always have.
///
/// Unlike `JSONEncoder`, an absent optional encoded with `encodeIfPresent` is written as `null`:
/// the admin API always shows its optional fields.
package enum JSONValueEncoder {
    package static func encode<Value: Encodable>(_ value: Value) -> JSONValue {
        let node = Node()
        // The wire types throw only when a container misuses an encoder, which this one never refuses.
        try! value.encode(to: ValueEncoder(node: node, codingPath: []))
        return node.value
    }
}

/// One value under construction.
private final class Node {
    package var scalar: JSONValue?
    package var members: [(String, Node)]?
    package var items: [Node]?

    package var value: JSONValue {
        if let members { return .object(members.map { JSONValue.Member($0.0, $0.1.value) }) }
        if let items { return .array(items.map(\.value)) }
        return scalar ?? .object([])
    }

    package func child(_ key: String) -> Node {
        let node = Node()
        if members == nil { members = [] }
        members!.append((key, node))
        return node
    }

    func appended() -> Node {
        let node = Node()
        if items == nil { items = [] }
        items!.append(node)
        return node
    }
}

private struct ValueEncoder: Encoder {
    package let node: Node
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        if node.members == nil { node.members = [] }
        return KeyedEncodingContainer(KeyedContainer<Key>(node: node, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        if node.items == nil { node.items = [] }
        return UnkeyedContainer(node: node, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        SingleContainer(node: node, codingPath: codingPath)
    }
}

private func scalar(_ value: Bool) -> JSONValue { .bool(value) }
private func scalar(_ value: String) -> JSONValue { .string(value) }
private func scalar<Number: BinaryInteger>(_ value: Number) -> JSONValue { .number(String(value)) }
private func scalar<Number: BinaryFloatingPoint & LosslessStringConvertible>(_ value: Number) -> JSONValue {
    value.isFinite ? .number(value.description) : .null
}

private struct KeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    package let node: Node
    let codingPath: [any CodingKey]

    mutating func encodeNil(forKey key: Key) { node.child(key.stringValue).scalar = .null }
    package mutating func encode(_ value: Bool, forKey key: Key) { node.child(key.stringValue).scalar = scalar(value) }
    package mutating func encode(_ value: String, forKey key: Key) { node.child(key.stringValue).scalar = scalar(value) }
    package mutating func encode(_ value: Double, forKey key: Key) { node.child(key.stringValue).scalar = scalar(value) }
    package mutating func encode(_ value: Float, forKey key: Key) { node.child(key.stringValue).scalar = scalar(value) }
    package mutating func encode(_ value: Int, forKey key: Key) { node.child(key.stringValue).scalar = scalar(value) }
    package mutating func encode(_ value: Int8, forKey key: Key) { node.child(key.stringValue).scalar = scalar(value) }
    package mutating func encode(_ value: Int16, forKey key: Key) { node.child(key.stringValue).scalar = scalar(value) }
    package mutating func encode(_ value: Int32, forKey key: Key) { node.child(key.stringValue).scalar = scalar(value) }
    package mutating func encode(_ value: Int64, forKey key: Key) { node.child(key.stringValue).scalar = scalar(value) }
    package mutating func encode(_ value: UInt, forKey key: Key) { node.child(key.stringValue).scalar = scalar(value) }
    package mutating func encode(_ value: UInt8, forKey key: Key) { node.child(key.stringValue).scalar = scalar(value) }
    package mutating func encode(_ value: UInt16, forKey key: Key) { node.child(key.stringValue).scalar = scalar(value) }
    package mutating func encode(_ value: UInt32, forKey key: Key) { node.child(key.stringValue).scalar = scalar(value) }
    package mutating func encode(_ value: UInt64, forKey key: Key) { node.child(key.stringValue).scalar = scalar(value) }
    package mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        try value.encode(to: ValueEncoder(node: node.child(key.stringValue), codingPath: codingPath + [key]))
    }

    // An absent optional is written as null, not left out.
    mutating func encodeIfPresent(_ value: Bool?, forKey key: Key) throws { try encodeOptional(value, key) }
    mutating func encodeIfPresent(_ value: String?, forKey key: Key) throws { try encodeOptional(value, key) }
    mutating func encodeIfPresent(_ value: Double?, forKey key: Key) throws { try encodeOptional(value, key) }
    mutating func encodeIfPresent(_ value: Float?, forKey key: Key) throws { try encodeOptional(value, key) }
    mutating func encodeIfPresent(_ value: Int?, forKey key: Key) throws { try encodeOptional(value, key) }
    mutating func encodeIfPresent(_ value: Int8?, forKey key: Key) throws { try encodeOptional(value, key) }
    mutating func encodeIfPresent(_ value: Int16?, forKey key: Key) throws { try encodeOptional(value, key) }
    mutating func encodeIfPresent(_ value: Int32?, forKey key: Key) throws { try encodeOptional(value, key) }
    mutating func encodeIfPresent(_ value: Int64?, forKey key: Key) throws { try encodeOptional(value, key) }
    mutating func encodeIfPresent(_ value: UInt?, forKey key: Key) throws { try encodeOptional(value, key) }
    mutating func encodeIfPresent(_ value: UInt8?, forKey key: Key) throws { try encodeOptional(value, key) }
    mutating func encodeIfPresent(_ value: UInt16?, forKey key: Key) throws { try encodeOptional(value, key) }
    mutating func encodeIfPresent(_ value: UInt32?, forKey key: Key) throws { try encodeOptional(value, key) }
    mutating func encodeIfPresent(_ value: UInt64?, forKey key: Key) throws { try encodeOptional(value, key) }
    mutating func encodeIfPresent<T: Encodable>(_ value: T?, forKey key: Key) throws { try encodeOptional(value, key) }

    private mutating func encodeOptional<T: Encodable>(_ value: T?, _ key: Key) throws {
        if let value { try encode(value, forKey: key) } else { encodeNil(forKey: key) }
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        ValueEncoder(node: node.child(key.stringValue), codingPath: codingPath + [key]).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        ValueEncoder(node: node.child(key.stringValue), codingPath: codingPath + [key]).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder { ValueEncoder(node: node.child("super"), codingPath: codingPath) }
    mutating func superEncoder(forKey key: Key) -> any Encoder { ValueEncoder(node: node.child(key.stringValue), codingPath: codingPath + [key]) }
}

private struct IndexKey: CodingKey {
    package var intValue: Int?
    package var stringValue: String { String(intValue ?? 0) }
    package init(_ index: Int) { intValue = index }
    package init?(intValue: Int) { self.intValue = intValue }
    package init?(stringValue: String) { nil }
}

private struct UnkeyedContainer: UnkeyedEncodingContainer {
    package let node: Node
    let codingPath: [any CodingKey]
    package var count: Int { node.items?.count ?? 0 }

    private func next() -> ValueEncoder { ValueEncoder(node: node.appended(), codingPath: codingPath + [IndexKey(count)]) }

    mutating func encodeNil() { node.appended().scalar = .null }
    package mutating func encode(_ value: Bool) { node.appended().scalar = scalar(value) }
    package mutating func encode(_ value: String) { node.appended().scalar = scalar(value) }
    package mutating func encode(_ value: Double) { node.appended().scalar = scalar(value) }
    package mutating func encode(_ value: Int) { node.appended().scalar = scalar(value) }
    package mutating func encode<T: Encodable>(_ value: T) throws { try value.encode(to: next()) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        next().container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer { next().unkeyedContainer() }
    mutating func superEncoder() -> any Encoder { next() }
}

private struct SingleContainer: SingleValueEncodingContainer {
    package let node: Node
    let codingPath: [any CodingKey]

    mutating func encodeNil() { node.scalar = .null }
    package mutating func encode(_ value: Bool) { node.scalar = scalar(value) }
    package mutating func encode(_ value: String) { node.scalar = scalar(value) }
    package mutating func encode(_ value: Double) { node.scalar = scalar(value) }
    package mutating func encode(_ value: Float) { node.scalar = scalar(value) }
    package mutating func encode(_ value: Int) { node.scalar = scalar(value) }
    package mutating func encode(_ value: Int8) { node.scalar = scalar(value) }
    package mutating func encode(_ value: Int16) { node.scalar = scalar(value) }
    package mutating func encode(_ value: Int32) { node.scalar = scalar(value) }
    package mutating func encode(_ value: Int64) { node.scalar = scalar(value) }
    package mutating func encode(_ value: UInt) { node.scalar = scalar(value) }
    package mutating func encode(_ value: UInt8) { node.scalar = scalar(value) }
    package mutating func encode(_ value: UInt16) { node.scalar = scalar(value) }
    package mutating func encode(_ value: UInt32) { node.scalar = scalar(value) }
    package mutating func encode(_ value: UInt64) { node.scalar = scalar(value) }
    package mutating func encode<T: Encodable>(_ value: T) throws { try value.encode(to: ValueEncoder(node: node, codingPath: codingPath)) }
}
