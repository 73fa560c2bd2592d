public import HTTPTypes

/// A request's query and header fields as its transport keeps them, read by name. The
/// libmicrohttpd backend keeps them packed as they arrived and makes strings only for the
/// fields someone reads; ``ListedFields`` keeps them as lists (requests made in Swift).
public protocol RequestFields: Sendable {
    /// The value of the header `name`; several fields of that name are combined with ", "
    /// (RFC 9110 §5.3).
    func header(_ name: HTTPField.Name) -> String?
    /// The first value of the query parameter `name`, percent-decoded, if present.
    func queryValue(_ name: String) -> String?
    /// The header fields in the order they were sent.
    var headerPairs: [(name: String, value: String)] { get }
    /// The query parameters in the order they were sent, percent-decoded.
    var queryPairs: [(name: String, value: String)] { get }
    /// Whether the query has at least one parameter.
    var hasQuery: Bool { get }
}

/// Fields kept as lists: for requests made in Swift (tests, the in-process router).
public struct ListedFields: RequestFields {
    public var headerPairs: [(name: String, value: String)]
    public var queryPairs: [(name: String, value: String)]

    /// - Parameters:
    ///   - headers: Header names and values, in order.
    ///   - query: Decoded query names and values, in order.
    public init(headers: [(name: String, value: String)] = [], query: [(name: String, value: String)] = []) {
        headerPairs = headers
        queryPairs = query
    }

    public func header(_ name: HTTPField.Name) -> String? {
        var found: String?
        for (candidate, value) in headerPairs where HTTPField.Name(candidate) == name {
            found = found.map { $0 + ", " + value } ?? value
        }
        return found
    }

    public func queryValue(_ name: String) -> String? {
        queryPairs.first { $0.name == name }?.value
    }

    public var hasQuery: Bool { !queryPairs.isEmpty }
}
