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

    public var method: HTTPRequest.Method
    /// The percent-decoded path, without the query string.
    public var path: String
    /// Query parameters in the order they were sent.
    public var query: [QueryItem]
    public var headerFields: HTTPFields
    public var body: [UInt8]
    /// `HTTP/1.1` or `HTTP/1.0`.
    public var version: String

    public init(
        method: HTTPRequest.Method,
        path: String,
        query: [QueryItem] = [],
        headerFields: HTTPFields = [:],
        body: [UInt8] = [],
        version: String = "HTTP/1.1"
    ) {
        self.method = method
        self.path = path
        self.query = query
        self.headerFields = headerFields
        self.body = body
        self.version = version
    }

    /// The first value of the query parameter `name`, if present.
    public func queryValue(_ name: String) -> String? {
        query.first { $0.name == name }?.value
    }

    /// The value of the header `name`; several fields of that name are combined
    /// with ", " (RFC 9110 §5.3). Cheaper than `headerFields[name]` for the
    /// usual single field, which matters on the request path.
    public func header(_ name: HTTPField.Name) -> String? {
        var found: String?
        for field in headerFields where field.name == name {
            found = found.map { $0 + ", " + field.value } ?? field.value
        }
        return found
    }

    /// The query string re-encoded (`a=1&b=x%20y`), empty when there is none.
    public var encodedQuery: String {
        query.map { "\(percentEncode($0.name))=\(percentEncode($0.value))" }.joined(separator: "&")
    }

    /// The path and query as they would appear in a request line (query re-encoded).
    public var target: String {
        query.isEmpty ? path : path + "?" + encodedQuery
    }
}

/// Percent-encodes everything but RFC 3986 unreserved characters.
public func percentEncode(_ text: String) -> String {
    var out = ""
    out.reserveCapacity(text.utf8.count)
    for byte in text.utf8 {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
             UInt8(ascii: "_"), UInt8(ascii: "~"):
            out.unicodeScalars.append(Unicode.Scalar(byte))
        default:
            let hex = Array("0123456789ABCDEF".utf8)
            out.unicodeScalars.append("%")
            out.unicodeScalars.append(Unicode.Scalar(hex[Int(byte >> 4)]))
            out.unicodeScalars.append(Unicode.Scalar(hex[Int(byte & 0xF)]))
        }
    }
    return out
}
