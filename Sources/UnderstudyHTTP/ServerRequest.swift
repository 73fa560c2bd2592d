public import HTTPTypes

/// One HTTP request as the server received it: everything a responder needs, as values, with
/// nothing of the transport that carried it.
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
    /// transport to the responder, the journal and the access log, and each copy of it
    /// is then one retain instead of one per field. Setters (rare) replace the object.
    ///
    /// `@usableFromInline`, with the getters `@inlinable`: the engine reads the path, the target
    /// and the headers of every request from another module, in place rather than through a call each.
    @usableFromInline
    struct Parts: Sendable {
        @usableFromInline var method: HTTPRequest.Method
        @usableFromInline var target: RequestTarget
        @usableFromInline var body: [UInt8]
        @usableFromInline var version: String
        @usableFromInline var fields: any RequestFields
        @usableFromInline var literalPathPrefix = Int.max

        @usableFromInline
        init(method: HTTPRequest.Method, target: RequestTarget, body: [UInt8], version: String, fields: any RequestFields) {
            self.method = method
            self.target = target
            self.body = body
            self.version = version
            self.fields = fields
        }
    }

    @usableFromInline
    final class Storage: Sendable {
        @usableFromInline let parts: Parts
        @usableFromInline
        init(_ parts: Parts) {
            self.parts = parts
        }
    }

    @usableFromInline var storage: Storage

    private mutating func update(_ change: (inout Parts) -> Void) {
        var parts = storage.parts
        change(&parts)
        storage = Storage(parts)
    }

    /// A request made in Swift, as a transport would hand it over: for tests and for calling a
    /// responder with no socket.
    /// - Parameters:
    ///   - method: The request method.
    ///   - path: The percent-decoded path, without a query string.
    ///   - query: The decoded query parameters, in order.
    ///   - headerFields: The header fields; `Host` becomes the target's authority.
    ///   - body: The body's bytes.
    ///   - version: `HTTP/1.1` or `HTTP/1.0`.
    public init(
        method: HTTPRequest.Method,
        path: String,
        query: [QueryItem] = [],
        headerFields: HTTPFields = [:],
        body: [UInt8] = [],
        version: String = "HTTP/1.1"
    ) {
        let fields = ListedFields(headers: headerFields.map { ($0.name.rawName, $0.value) }, query: query.map { ($0.name, $0.value) })
        let target = RequestTarget(
            host: headerFields[values: hostField].count == 1 ? headerFields[hostField] : nil, path: path,
            query: Self.encode(fields.queryPairs))
        self.init(method: method, target: target, fields: fields, body: body, version: version)
    }

    /// A request as a transport received it.
    /// - Parameters:
    ///   - method: The request method.
    ///   - target: The authority, decoded path and raw query.
    ///   - fields: The query and header fields, as the transport keeps them.
    ///   - body: The body's bytes.
    ///   - version: `HTTP/1.1` or `HTTP/1.0`.
    @inlinable
    public init(method: HTTPRequest.Method, target: RequestTarget, fields: any RequestFields, body: [UInt8], version: String) {
        storage = Storage(Parts(method: method, target: target, body: body, version: version, fields: fields))
    }

    public var method: HTTPRequest.Method {
        @inlinable get { storage.parts.method }
        set { update { $0.method = newValue } }
    }

    /// Where the request is aimed: authority, path and raw query, as one hashable value.
    @inlinable public var target: RequestTarget { storage.parts.target }

    /// The percent-decoded path, without the query string.
    public var path: String {
        @inlinable get { storage.parts.target.path }
        set {
            let target = self.target
            update { $0.target = RequestTarget(host: target.host, path: newValue, query: target.query, isSecure: target.isSecure) }
        }
    }

    public var body: [UInt8] {
        @inlinable get { storage.parts.body }
        set { update { $0.body = newValue } }
    }

    /// How many leading bytes of ``path`` arrived as they are, before the first percent-escape
    /// of the target (the whole path when it had none). A prefix that decides who handles a
    /// request (`/__admin`) must be matched on what was sent: `/%5f%5fadmin` decodes to the same
    /// path but must not be taken for it, or a rule that filters the literal prefix is bypassed.
    public var literalPathPrefix: Int {
        @inlinable get { storage.parts.literalPathPrefix }
        set { update { $0.literalPathPrefix = newValue } }
    }

    /// The body's length, read without copying the request.
    @inlinable public var bodyCount: Int { storage.parts.body.count }

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

    /// The query and header fields as the transport keeps them.
    @inlinable public var fields: any RequestFields { storage.parts.fields }

    /// Query parameters in the order they were sent.
    public var query: [QueryItem] {
        get { storage.parts.fields.queryPairs.map { QueryItem(name: $0.name, value: $0.value) } }
        set {
            let fields = ListedFields(headers: storage.parts.fields.headerPairs, query: newValue.map { ($0.name, $0.value) })
            let target = self.target
            update {
                $0.fields = fields
                $0.target = RequestTarget(host: target.host, path: target.path, query: Self.encode(fields.queryPairs), isSecure: target.isSecure)
            }
        }
    }

    /// The header fields in the order they were sent; fields whose name is not a valid token are left out.
    public var headerFields: HTTPFields {
        get {
            var fields = HTTPFields()
            for (name, value) in storage.parts.fields.headerPairs {
                guard let name = HTTPField.Name(name) else { continue }
                fields.append(HTTPField(name: name, value: value))
            }
            return fields
        }
        set {
            let fields = ListedFields(headers: newValue.map { ($0.name.rawName, $0.value) }, query: storage.parts.fields.queryPairs)
            let target = self.target
            let host = newValue[values: hostField].count == 1 ? newValue[hostField] : nil
            update {
                $0.fields = fields
                $0.target = RequestTarget(host: host, path: target.path, query: target.query, isSecure: target.isSecure)
            }
        }
    }

    /// Whether the request had a query string with at least one parameter.
    @inlinable public var hasQuery: Bool { storage.parts.fields.hasQuery }

    /// The first value of the query parameter `name`, if present.
    @inlinable public func queryValue(_ name: String) -> String? {
        storage.parts.fields.queryValue(name)
    }

    /// The value of the header `name`; several fields of that name are combined with ", "
    /// (RFC 9110 §5.3).
    @inlinable public func header(_ name: HTTPField.Name) -> String? {
        storage.parts.fields.header(name)
    }

    /// The query string re-encoded (`a=1&b=x%20y`), empty when there is none.
    public var encodedQuery: String {
        Self.encode(storage.parts.fields.queryPairs)
    }

    /// The path and query as they would appear in a request line (query re-encoded).
    public var requestLineTarget: String {
        hasQuery ? path + "?" + encodedQuery : path
    }

    private static func encode(_ pairs: [(name: String, value: String)]) -> String {
        var text = ""
        for (name, value) in pairs {
            if !text.isEmpty { text += "&" }
            text += percentEncode(name) + "=" + percentEncode(value)
        }
        return text
    }
}

/// Percent-encodes everything but RFC 3986 unreserved characters.
package func percentEncode(_ text: String) -> String {
    var encoded: [UInt8] = []
    encoded.reserveCapacity(text.utf8.count)
    appendPercentEncoded(text.utf8, to: &encoded)
    return String(decoding: encoded, as: UTF8.self)
}

/// Appends `bytes` percent-encoded (everything but RFC 3986 unreserved characters) to `output`.
package func appendPercentEncoded(_ bytes: some Sequence<UInt8>, to output: inout [UInt8]) {
    for byte in bytes {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
            UInt8(ascii: "_"), UInt8(ascii: "~"):
            output.append(byte)
        default:
            output.append(UInt8(ascii: "%"))
            output.append(hexDigits[Int(byte >> 4)])
            output.append(hexDigits[Int(byte & 0xF)])
        }
    }
}

private let hexDigits: [UInt8] = Array("0123456789ABCDEF".utf8)

private let hostField = HTTPField.Name("Host")!
