import Foundation

/// A search of `POST /artworks/search`: free text (`q`), an Elasticsearch-style `query`, a sort and paging.
public struct ArtworkSearch: Encodable, Sendable, Equatable {
    public var q: String?
    public var query: ArtworkQuery?
    public var sort: [ArtworkSort]
    public var limit: Int?
    public var page: Int?
    public var fields: [String]?

    /// A search; nil parameters are left out of the request.
    ///
    /// - Parameters:
    ///   - q: Free text, matched against titles, artists and other text fields.
    ///   - query: An Elasticsearch-style query, such as `.term("artist_id", 35809)`.
    ///   - sort: Sort keys, most significant first; empty: by score.
    ///   - limit: Hits per page, at most 100.
    ///   - page: The page, from 1.
    ///   - fields: The fields each hit carries; nil: the API's default set.
    public init(q: String? = nil, query: ArtworkQuery? = nil, sort: [ArtworkSort] = [], limit: Int? = nil, page: Int? = nil, fields: [String]? = nil)
    {
        self.q = q
        self.query = query
        self.sort = sort
        self.limit = limit
        self.page = page
        self.fields = fields
    }

    enum CodingKeys: String, CodingKey { case q, query, sort, limit, page, fields }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(q, forKey: .q)
        try container.encodeIfPresent(query, forKey: .query)
        if !sort.isEmpty { try container.encode(sort, forKey: .sort) }
        try container.encodeIfPresent(limit, forKey: .limit)
        try container.encodeIfPresent(page, forKey: .page)
        try container.encodeIfPresent(fields, forKey: .fields)
    }
}

/// One sort key: `{"date_start": {"order": "desc"}}`.
public struct ArtworkSort: Encodable, Sendable, Equatable {
    public var field: String
    public var descending: Bool

    /// A sort key.
    ///
    /// - Parameters:
    ///   - field: The field to sort by, such as `date_start`.
    ///   - descending: Largest first.
    public init(_ field: String, descending: Bool = false) {
        self.field = field
        self.descending = descending
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: AnyKey.self)
        try container.encode(["order": descending ? "desc" : "asc"], forKey: AnyKey(field))
    }
}

/// A value a term query compares with.
public enum ArtworkQueryValue: Encodable, Sendable, Equatable, ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral {
    case string(String)
    case int(Int)
    case bool(Bool)

    public init(stringLiteral value: String) { self = .string(value) }
    public init(integerLiteral value: Int) { self = .int(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .string(let text): try container.encode(text)
        case .int(let number): try container.encode(number)
        case .bool(let flag): try container.encode(flag)
        }
    }
}

/// The Elasticsearch query clauses artic accepts over artwork fields.
public indirect enum ArtworkQuery: Encodable, Sendable, Equatable {
    case term(String, ArtworkQueryValue)
    case terms(String, [ArtworkQueryValue])
    case match(String, String)
    case range(String, gte: Double? = nil, lte: Double? = nil, gt: Double? = nil, lt: Double? = nil)
    case exists(String)
    case bool(must: [ArtworkQuery] = [], filter: [ArtworkQuery] = [], should: [ArtworkQuery] = [], mustNot: [ArtworkQuery] = [])

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: AnyKey.self)
        switch self {
        case .term(let field, let value):
            var inner = container.nestedContainer(keyedBy: AnyKey.self, forKey: AnyKey("term"))
            try inner.encode(value, forKey: AnyKey(field))
        case .terms(let field, let values):
            var inner = container.nestedContainer(keyedBy: AnyKey.self, forKey: AnyKey("terms"))
            try inner.encode(values, forKey: AnyKey(field))
        case .match(let field, let text):
            var inner = container.nestedContainer(keyedBy: AnyKey.self, forKey: AnyKey("match"))
            try inner.encode(text, forKey: AnyKey(field))
        case .range(let field, let gte, let lte, let gt, let lt):
            var inner = container.nestedContainer(keyedBy: AnyKey.self, forKey: AnyKey("range"))
            var bounds = inner.nestedContainer(keyedBy: AnyKey.self, forKey: AnyKey(field))
            try bounds.encodeIfPresent(gte, forKey: AnyKey("gte"))
            try bounds.encodeIfPresent(lte, forKey: AnyKey("lte"))
            try bounds.encodeIfPresent(gt, forKey: AnyKey("gt"))
            try bounds.encodeIfPresent(lt, forKey: AnyKey("lt"))
        case .exists(let field):
            var inner = container.nestedContainer(keyedBy: AnyKey.self, forKey: AnyKey("exists"))
            try inner.encode(field, forKey: AnyKey("field"))
        case .bool(let must, let filter, let should, let mustNot):
            var inner = container.nestedContainer(keyedBy: AnyKey.self, forKey: AnyKey("bool"))
            if !must.isEmpty { try inner.encode(must, forKey: AnyKey("must")) }
            if !filter.isEmpty { try inner.encode(filter, forKey: AnyKey("filter")) }
            if !should.isEmpty { try inner.encode(should, forKey: AnyKey("should")) }
            if !mustNot.isEmpty { try inner.encode(mustNot, forKey: AnyKey("must_not")) }
        }
    }
}

/// `GET /artworks?ids=…`.
struct ArtworkList: Decodable {
    var data: [Artwork]
}

struct AnyKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(_ name: String) { stringValue = name }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}
