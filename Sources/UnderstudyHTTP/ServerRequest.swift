import CMicroHTTPD
import HTTPTypes

/// One HTTP request as the server received it: everything a responder needs,
/// with no pointer into libmicrohttpd.
public struct ServerRequest: Sendable {
    /// One `name=value` pair of the query string, percent-decoded.
    public struct QueryItem: Sendable, Hashable {
        public var name: String
        public var value: String
        public init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    /// The received parts, kept in one immutable object: a request is handed from the
    /// handler to the responder, the journal and the access log, and each copy of it
    /// is then one retain instead of one per field. Setters (rare) replace the object.
    private struct Parts: Sendable {
        var method: HTTPRequest.Method
        var path: String
        var body: [UInt8]
        var version: String
        var query: PackedFields
        var headers: PackedFields
        var literalPathPrefix = Int.max
    }

    private final class Storage: Sendable {
        let parts: Parts
        init(_ parts: Parts) {
            self.parts = parts
        }
    }

    private var storage: Storage

    private mutating func update(_ change: (inout Parts) -> Void) {
        var parts = storage.parts
        change(&parts)
        storage = Storage(parts)
    }

    public var method: HTTPRequest.Method {
        get { storage.parts.method }
        set { update { $0.method = newValue } }
    }

    /// The percent-decoded path, without the query string.
    public var path: String {
        get { storage.parts.path }
        set { update { $0.path = newValue } }
    }

    public var body: [UInt8] {
        get { storage.parts.body }
        set { update { $0.body = newValue } }
    }

    /// How many leading bytes of ``path`` arrived as they are, before the first percent-escape
    /// of the target (the whole path when it had none). A prefix that decides who handles a
    /// request (`/__admin`) must be matched on what was sent: `/%5f%5fadmin` decodes to the same
    /// path but must not be taken for it, or a rule that filters the literal prefix is bypassed.
    public var literalPathPrefix: Int {
        get { storage.parts.literalPathPrefix }
        set { update { $0.literalPathPrefix = newValue } }
    }

    /// The body's length, read without copying the request.
    public var bodyCount: Int { storage.parts.body.count }

    /// The same request with an empty body: what a record that outlives the exchange keeps.
    public var withoutBody: ServerRequest {
        var copy = self
        copy.body = []
        return copy
    }

    /// `HTTP/1.1` or `HTTP/1.0`.
    public var version: String {
        get { storage.parts.version }
        set { update { $0.version = newValue } }
    }

    /// Query and header fields stay packed as received until someone reads them:
    /// most requests only look up a few headers by name.
    var packedQuery: PackedFields {
        get { storage.parts.query }
        set { update { $0.query = newValue } }
    }

    var packedHeaders: PackedFields {
        get { storage.parts.headers }
        set { update { $0.headers = newValue } }
    }

    public init(
        method: HTTPRequest.Method,
        path: String,
        query: [QueryItem] = [],
        headerFields: HTTPFields = [:],
        body: [UInt8] = [],
        version: String = "HTTP/1.1"
    ) {
        self.init(method: method, path: path, packedQuery: PackedFields(query.lazy.map { ($0.name, $0.value) }),
                  packedHeaders: PackedFields(headerFields.lazy.map { ($0.name.rawName, $0.value) }), body: body, version: version)
    }

    /// The request the server would hand a responder for this raw request-line target and these
    /// header fields, without a socket: the target split at the first `?`, the path percent-decoded
    /// (keeping `%00` encoded) and the query packed by the same C code the server uses. For the fuzzer.
    package init(method: HTTPRequest.Method, rawTarget: [UInt8], headers: [(name: String, value: String)], body: [UInt8] = [], version: String = "HTTP/1.1") {
        let split = rawTarget.firstIndex(of: UInt8(ascii: "?"))
        // NUL-terminated, as libmicrohttpd hands the path to its unescape callback (which works in place).
        var path = Array(rawTarget[..<(split ?? rawTarget.endIndex)].prefix { $0 != 0 }) + [0]
        let pathLength = path.withUnsafeMutableBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { cmhd_unescape_keeping_nul(nil, nil, $0.baseAddress) }
        }
        let query = split.map { Array(rawTarget[(rawTarget.index(after: $0))...]) } ?? []
        let querySize = query.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { cmhd_pack_query($0.baseAddress, $0.count, nil) }
        }
        let packed = FieldBytes.make(count: querySize) { out in
            _ = query.withUnsafeBufferPointer { buffer in
                buffer.withMemoryRebound(to: CChar.self) { source in
                    out.withMemoryRebound(to: CChar.self) { cmhd_pack_query(source.baseAddress, source.count, $0.baseAddress) }
                }
            }
        }
        self.init(
            method: method, path: String(decoding: path.prefix(pathLength), as: UTF8.self),
            packedQuery: PackedFields(bytes: packed), packedHeaders: PackedFields(headers), body: body, version: version
        )
    }

    init(method: HTTPRequest.Method, path: String, packedQuery: PackedFields, packedHeaders: PackedFields, body: [UInt8], version: String) {
        storage = Storage(Parts(method: method, path: path, body: body, version: version, query: packedQuery, headers: packedHeaders))
    }

    /// Query parameters in the order they were sent.
    public var query: [QueryItem] {
        get { packedQuery.pairs.map { QueryItem(name: $0.name, value: $0.value) } }
        set { packedQuery = PackedFields(newValue.lazy.map { ($0.name, $0.value) }) }
    }

    /// The header fields in the order they were sent; fields whose name is not a valid token are left out.
    public var headerFields: HTTPFields {
        get {
            var fields = HTTPFields()
            for (name, value) in packedHeaders.pairs {
                guard let name = HTTPField.Name(name) else { continue }
                fields.append(HTTPField(name: name, value: value))
            }
            return fields
        }
        set { packedHeaders = PackedFields(newValue.lazy.map { ($0.name.rawName, $0.value) }) }
    }

    /// The query parameters as received, as one opaque value: cheap to hash and compare,
    /// for caches keyed on the request.
    public var queryFields: PackedFields { packedQuery }

    /// Whether the request had a query string with at least one parameter.
    public var hasQuery: Bool { !packedQuery.isEmpty }

    /// The first value of the query parameter `name`, if present.
    public func queryValue(_ name: String) -> String? {
        var found: String?
        packedQuery.forEachValue(named: name) { value in
            found = String(decoding: value, as: UTF8.self)
            return false
        }
        return found
    }

    /// The value of the header `name`; several fields of that name are combined
    /// with ", " (RFC 9110 §5.3). Reads the packed fields without building
    /// `headerFields`, which matters on the request path.
    public func header(_ name: HTTPField.Name) -> String? {
        var found: String?
        var plain = true
        // forEachValue ends at once for a name length the request lacks.
        packedHeaders.forEachValue(named: name.canonicalName, ignoringASCIICase: true) { value in
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
        for field in headerFields where field.name == name {
            found = found.map { $0 + ", " + field.value } ?? field.value
        }
        return found
    }

    /// Calls `body` with the bytes of the path, of the query as packed (see ``queryFields``), and of
    /// the `hostField` value as received (nil when the request has none or several): the parts a
    /// cache keyed on the exact target reads, with no `String` made for any of them.
    public func withTargetBytes(
        hostField: HTTPField.Name,
        _ body: (_ path: UnsafeBufferPointer<UInt8>, _ query: UnsafeBufferPointer<UInt8>, _ host: UnsafeBufferPointer<UInt8>?) -> Void
    ) {
        var path = storage.parts.path
        let headers = packedHeaders
        path.withUTF8 { path in
            packedQuery.withBytes { query in
                headers.withSingleValue(named: hostField.canonicalName) { host in body(path, query, host) }
            }
        }
    }

    /// A value HTTPField would keep as it is: no control characters, no whitespace at either end.
    private static func isPlainFieldValue(_ value: UnsafeBufferPointer<UInt8>) -> Bool {
        if let first = value.first, first == 0x20 || first == 0x09 { return false }
        if let last = value.last, last == 0x20 || last == 0x09 { return false }
        for byte in value where (byte < 0x20 && byte != 0x09) || byte == 0x7F { return false }
        return true
    }

    /// The query string re-encoded (`a=1&b=x%20y`), empty when there is none.
    public var encodedQuery: String {
        String(unsafeUninitializedCapacity: encodedQueryCapacity) { writeEncodedQuery(into: $0) }
    }

    /// At least as many bytes as ``encodedQuery`` has: room to reserve for ``writeEncodedQuery(into:)``.
    public var encodedQueryCapacity: Int {
        // A field's 8 length bytes become at most 2 separators; each byte at most 3.
        var count = 0
        packedQuery.withBytes { count = 3 * $0.count }
        return count
    }

    /// Writes ``encodedQuery``'s bytes at the start of `buffer` (which has ``encodedQueryCapacity``
    /// bytes or more) and returns how many it wrote.
    public func writeEncodedQuery(into buffer: UnsafeMutableBufferPointer<UInt8>) -> Int {
        var count = 0
        packedQuery.forEach { name, value in
            if count > 0 {
                buffer[count] = UInt8(ascii: "&")
                count += 1
            }
            count = writePercentEncoded(name, into: buffer, at: count)
            buffer[count] = UInt8(ascii: "=")
            count = writePercentEncoded(value, into: buffer, at: count + 1)
            return true
        }
        return count
    }

    /// The path and query as they would appear in a request line (query re-encoded).
    public var target: String {
        hasQuery ? path + "?" + encodedQuery : path
    }
}

/// Percent-encodes everything but RFC 3986 unreserved characters.
public func percentEncode(_ text: String) -> String {
    var text = text
    return text.withUTF8 { bytes in
        String(unsafeUninitializedCapacity: 3 * bytes.count) { writePercentEncoded(bytes, into: $0, at: 0) }
    }
}

/// Writes `text` percent-encoded into `buffer` from `start` (room for three bytes per byte);
/// returns where it stopped.
private func writePercentEncoded(_ text: UnsafeBufferPointer<UInt8>, into buffer: UnsafeMutableBufferPointer<UInt8>, at start: Int) -> Int {
    let hex: StaticString = "0123456789ABCDEF"
    var index = start
    for byte in text {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
             UInt8(ascii: "_"), UInt8(ascii: "~"):
            buffer[index] = byte
            index += 1
        default:
            buffer[index] = UInt8(ascii: "%")
            buffer[index + 1] = hex.utf8Start[Int(byte >> 4)]
            buffer[index + 2] = hex.utf8Start[Int(byte & 0xF)]
            index += 3
        }
    }
    return index
}
