/// Name/value pairs as they arrived (header fields, query arguments), packed
/// into one buffer: a request costs one allocation for all its fields instead
/// of two strings each, and strings are made only for the fields someone
/// reads. Each field is the name's and the value's lengths (two native
/// `UInt32`, as the C shim writes them), then the name's and the value's bytes.
///
/// Hashable: equal for fields that are the same, in the same order.
struct PackedFields: Sendable, Hashable {
    /// The buffer may hold more (a request's query and headers share one); these fields are `range`.
    /// Written once when made, read-only afterwards.
    nonisolated(unsafe) let bytes: FieldBytes
    private let range: Range<Int>
    /// Bit `n % 64` is set when some name is `n` bytes long: a lookup for a field the request
    /// lacks (most are) usually ends here instead of reading every name.
    private let nameLengths: UInt64
    private static let lengthsSize = 2 * MemoryLayout<UInt32>.size

    init() {
        self.init(bytes: .empty)
    }

    init(bytes: FieldBytes, range: Range<Int>? = nil) {
        self.bytes = bytes
        self.range = range ?? 0..<bytes.count
        nameLengths = Self.nameLengths(in: bytes, range: self.range)
    }

    /// Fields whose name lengths were worked out before (see ``nameLengths(in:range:)``).
    init(bytes: FieldBytes, range: Range<Int>, nameLengths: UInt64) {
        self.bytes = bytes
        self.range = range
        self.nameLengths = nameLengths
    }

    init(_ pairs: some Sequence<(name: String, value: String)>) {
        var bytes: [UInt8] = []
        for (name, value) in pairs {
            withUnsafeBytes(of: (UInt32(name.utf8.count), UInt32(value.utf8.count))) { bytes.append(contentsOf: $0) }
            bytes.append(contentsOf: name.utf8)
            bytes.append(contentsOf: value.utf8)
        }
        self.init(bytes: FieldBytes.make(count: bytes.count) { _ = $0.initialize(from: bytes) })
    }

    var isEmpty: Bool { range.isEmpty }

    static func nameLengths(in bytes: FieldBytes, range: Range<Int>) -> UInt64 {
        var mask: UInt64 = 0
        bytes.withBytes { whole in
            walk(UnsafeBufferPointer(rebasing: whole[range]), nameLength: nil) { name, _ in
                mask |= 1 << UInt64(name.count & 63)
                return true
            }
        }
        return mask
    }

    func hash(into hasher: inout Hasher) {
        bytes.withBytes { hasher.combine(bytes: UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: $0[range]))) }
    }

    static func == (left: PackedFields, right: PackedFields) -> Bool {
        guard left.range.count == right.range.count else { return false }
        guard !left.range.isEmpty else { return true }
        return left.bytes.withBytes { leftBytes in
            right.bytes.withBytes { rightBytes in
                memcmp(leftBytes.baseAddress! + left.range.lowerBound, rightBytes.baseAddress! + right.range.lowerBound, left.range.count) == 0
            }
        }
    }

    /// Calls `body` with the fields' packed bytes.
    func withBytes(_ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        bytes.withBytes { body(UnsafeBufferPointer(rebasing: $0[range])) }
    }

    /// Every pair, decoded (invalid UTF-8 repaired).
    var pairs: [(name: String, value: String)] {
        var result: [(name: String, value: String)] = []
        forEach { name, value in
            result.append((String(decoding: name, as: UTF8.self), String(decoding: value, as: UTF8.self)))
            return true
        }
        return result
    }

    /// False when no name is `length` bytes long; true when one may be.
    func mayContain(nameOfLength length: Int) -> Bool {
        nameLengths & (1 << UInt64(length & 63)) != 0
    }

    /// Calls `body` with the value of each pair named `name`, in order, until it returns false.
    /// `ignoringASCIICase`: `name` must be lowercase, and matches names in any case.
    func forEachValue(named name: String, ignoringASCIICase: Bool = false, _ body: (UnsafeBufferPointer<UInt8>) -> Bool) {
        // Lengths first: most lookups are for a field the request does not have.
        guard mayContain(nameOfLength: name.utf8.count) else { return }
        var name = name
        name.withUTF8 { wanted in
            forEach(nameLength: wanted.count) { candidate, value in
                for index in 0..<wanted.count {
                    var byte = candidate[index]
                    if ignoringASCIICase, byte &- UInt8(ascii: "A") < 26 { byte |= 0x20 }
                    if byte != wanted[index] { return true }
                }
                return body(value)
            }
        }
    }

    /// Calls `body` with the value of the one field named `name` (lowercase; matched in any case),
    /// or with nil when there is none or more than one.
    func withSingleValue(named name: String, _ body: (UnsafeBufferPointer<UInt8>?) -> Void) {
        var found: UnsafeBufferPointer<UInt8>?
        var count = 0
        forEachValue(named: name, ignoringASCIICase: true) { value in
            found = value
            count += 1
            return count < 2
        }
        // The bytes live as long as this value, which the caller holds for the call.
        withExtendedLifetime(bytes) { body(count == 1 ? found : nil) }
    }

    /// Calls `body` with each name and value in order (only those whose name is
    /// `nameLength` bytes long, when given) until it returns false.
    func forEach(nameLength: Int? = nil, _ body: (UnsafeBufferPointer<UInt8>, UnsafeBufferPointer<UInt8>) -> Bool) {
        bytes.withBytes { Self.walk(UnsafeBufferPointer(rebasing: $0[range]), nameLength: nameLength, body) }
    }

    private static func walk(
        _ buffer: UnsafeBufferPointer<UInt8>, nameLength: Int?, _ body: (UnsafeBufferPointer<UInt8>, UnsafeBufferPointer<UInt8>) -> Bool
    ) {
        guard let base = buffer.baseAddress else { return }
        let raw = UnsafeRawBufferPointer(buffer)
        var offset = 0
        while offset + lengthsSize <= buffer.count {
            let name = Int(raw.loadUnaligned(fromByteOffset: offset, as: UInt32.self))
            let value = Int(raw.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self))
            let nameStart = offset + lengthsSize
            offset = nameStart + name + value
            guard offset <= buffer.count else { return }
            if let nameLength, name != nameLength { continue }
            guard
                body(
                    UnsafeBufferPointer(start: base + nameStart, count: name),
                    UnsafeBufferPointer(start: base + nameStart + name, count: value))
            else { return }
        }
    }
}

/// The bytes behind packed fields, inline in one object. Not `[UInt8]`: on Linux, creating an
/// array looks up its storage class's generic metadata at run time,
/// and the request path creates one per request.
final class FieldBytes: ManagedBuffer<Int, UInt8> {
    nonisolated(unsafe) static let empty = make(count: 0) { _ in }

    /// `count` bytes, written once by `fill` and read-only afterwards.
    static func make(count: Int, _ fill: (UnsafeMutableBufferPointer<UInt8>) -> Void) -> FieldBytes {
        let buffer = unsafeDowncast(create(minimumCapacity: count) { _ in count }, to: FieldBytes.self)
        buffer.withUnsafeMutablePointerToElements { fill(UnsafeMutableBufferPointer(start: $0, count: count)) }
        return buffer
    }

    var count: Int { header }

    func withBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        try withUnsafeMutablePointers { count, elements in try body(UnsafeBufferPointer(start: elements, count: count.pointee)) }
    }
}
