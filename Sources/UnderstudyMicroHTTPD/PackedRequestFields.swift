import HTTPTypes
import UnderstudyHTTP

/// A request's query and header fields packed as libmicrohttpd handed them over (see
/// ``PackedFields``): one allocation per request for all of them, and a `String` only for a
/// field someone reads. Most requests only look up a few headers by name.
///
/// Three words (the buffer, where the headers start, their name lengths), so a `ServerRequest`'s
/// existential holds it inline: no box of its own on the heap.
struct PackedRequestFields: RequestFields {
    /// Written once when made, read-only afterwards.
    nonisolated(unsafe) private let bytes: FieldBytes
    /// Where the headers start and end, as two 32-bit halves: reading the buffer's own count is a
    /// checked access to a class's stored property, on every lookup.
    private let bounds: UInt64
    private let headerNameLengths: UInt64

    /// The query in `bytes[0..<querySize]` and the header fields after it, as the C shim packs them.
    init(bytes: FieldBytes, querySize: Int) {
        let size = bytes.count
        precondition(size <= Int(UInt32.max), "a request's fields fit in libmicrohttpd's memory pool")
        self.bytes = bytes
        bounds = UInt64(querySize) << 32 | UInt64(size)
        headerNameLengths = PackedFields.nameLengths(in: bytes, range: querySize..<size)
    }

    private var querySize: Int { Int(bounds >> 32) }
    private var size: Int { Int(bounds & 0xFFFF_FFFF) }

    /// Fields packed apart (requests made without a socket, for the fuzzer): copied into one buffer.
    init(query: PackedFields, headers: PackedFields) {
        var joined: [UInt8] = []
        query.withBytes { joined += $0 }
        headers.withBytes { joined += $0 }
        let querySize =
            joined.count
            - {
                var count = 0
                headers.withBytes { count = $0.count }
                return count
            }()
        self.init(bytes: FieldBytes.make(count: joined.count) { _ = $0.initialize(from: joined) }, querySize: querySize)
    }

    /// The query fields; their name lengths are worked out when asked for (most requests look up no parameter).
    var query: PackedFields { PackedFields(bytes: bytes, range: 0..<querySize) }
    var headers: PackedFields { PackedFields(bytes: bytes, range: querySize..<size, nameLengths: headerNameLengths) }

    func header(_ name: HTTPField.Name) -> String? {
        let headers = self.headers
        // Most lookups are for a field the request lacks: settled by the name lengths it holds,
        // before any state for the search below exists.
        let wanted = name.canonicalName
        guard headers.mayContain(nameOfLength: wanted.utf8.count) else { return nil }
        var found: String?
        var plain = true
        // forEachValue ends at once for a name length the request lacks.
        headers.forEachValue(named: wanted, ignoringASCIICase: true) { value in
            guard Self.isPlainFieldValue(value) else {
                plain = false
                return false
            }
            let text = String(decoding: value, as: UTF8.self)
            found = found.map { $0 + ", " + text } ?? text
            return true
        }
        if plain { return found }
        // Control characters or edge whitespace: let HTTPField clean the value, as headerFields shows it.
        found = nil
        for (candidate, value) in headerPairs where HTTPField.Name(candidate) == name {
            let cleaned = HTTPField(name: name, value: value).value
            found = found.map { $0 + ", " + cleaned } ?? cleaned
        }
        return found
    }

    func queryValue(_ name: String) -> String? {
        var found: String?
        query.forEachValue(named: name) { value in
            found = String(decoding: value, as: UTF8.self)
            return false
        }
        return found
    }

    var headerPairs: [(name: String, value: String)] { headers.pairs }
    var queryPairs: [(name: String, value: String)] { query.pairs }
    var hasQuery: Bool { !query.isEmpty }

    /// The one `Host` value as received, or nil when there is none or more than one.
    var host: String? {
        var host: String?
        headers.withSingleValue(named: "host") { value in host = value.map { String(decoding: $0, as: UTF8.self) } }
        return host
    }

    /// A value HTTPField would keep as it is: no control characters, no whitespace at either end.
    private static func isPlainFieldValue(_ value: UnsafeBufferPointer<UInt8>) -> Bool {
        if let first = value.first, first == 0x20 || first == 0x09 { return false }
        if let last = value.last, last == 0x20 || last == 0x09 { return false }
        for byte in value where (byte < 0x20 && byte != 0x09) || byte == 0x7F { return false }
        return true
    }
}
