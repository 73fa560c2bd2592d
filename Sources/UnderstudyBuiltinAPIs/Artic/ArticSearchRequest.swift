import HTTPTypes
import UnderstudyAPIService
import UnderstudyDocuments
import UnderstudyHTTP

/// artic's search request, read from bracketed GET parameters (`query[term][artist_id]=35809`) or from a
/// JSON body on `POST /artworks/search`: the Elasticsearch-style `query`, `q`, `sort`, paging and `fields`.
struct ArticSearchRequest {
    package var q: String?
    package var query: ArticQuery?
    package var sort: [ArticSort] = []
    /// Laravel-style paging (`limit`, `page`) or Elasticsearch-style (`from`, `size`); each already bounded.
    package var limit: Int?
    package var page: Int?
    package var from: Int?
    package var size: Int?
    package var fields: String?

    /// The largest JSON body a search takes, and the deepest bracket nesting a GET name may have.
    package static let maxBodyBytes = 64 * 1024
    static let maxBracketDepth = 32

    /// Reads bracketed GET parameters into the same JSON an Elasticsearch body would hold.
    static func read(query items: [ServerRequest.QueryItem]) throws(ArticQueryError) -> ArticSearchRequest {
        var root = BracketTree()
        for item in items {
            guard let path = BracketTree.path(item.name) else { continue }
            guard path.count <= maxBracketDepth + 1 else {
                throw ArticQueryError.parsing("[\(path[0])] nested deeper than \(maxBracketDepth) levels")
            }
            root.insert(path[...], value: item.value)
        }
        return try read(root.json, source: .query)
    }

    /// Parses a `POST` body with the project's JSON parser (its nesting limit applies) under a size bound.
    package static func read(body: [UInt8]) throws(ArticQueryError) -> ArticSearchRequest {
        guard body.count <= maxBodyBytes else {
            throw ArticQueryError(type: "content_too_long_exception", reason: "the request body is longer than \(maxBodyBytes) bytes")
        }
        if body.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) { return ArticSearchRequest() }
        let value: JSONValue
        do { value = try JSONParser.parse(body, file: "body").value } catch {
            throw ArticQueryError(type: "x_content_parse_exception", reason: "[\(error.line ?? 1):\(error.column ?? 1)] \(error.message)")
        }
        guard case .object = value else {
            throw ArticQueryError(type: "x_content_parse_exception", reason: "the request body must be a JSON object, found \(value.kindName)")
        }
        return try read(value, source: .body)
    }

    private enum Source { case query, body }

    private static func read(_ value: JSONValue, source: Source) throws(ArticQueryError) -> ArticSearchRequest {
        var request = ArticSearchRequest()
        var budget = ArticQuery.Budget()
        for member in value.members ?? [] {
            switch member.key {
            case "q": request.q = member.value.scalarText
            case "query": request.query = try ArticQuery.parse(member.value, budget: &budget)
            case "sort": request.sort = try ArticSort.parse(member.value)
            case "limit": request.limit = try number(member.value, "limit")
            case "page": request.page = try number(member.value, "page")
            case "from": request.from = try number(member.value, "from")
            case "size": request.size = try number(member.value, "size")
            case "fields":
                if let items = member.value.arrayValue {
                    request.fields = items.compactMap(\.scalarText).joined(separator: ",")
                } else {
                    request.fields = member.value.scalarText
                }
            default:
                // GET parameters the search does not know are ignored, as Laravel ignores them; a body key it
                // does not know is Elasticsearch's parse error.
                if source == .body, !["preference", "include", "facets", "aggs", "aggregations", "boost"].contains(member.key) {
                    throw ArticQueryError.parsing("Unknown key for a VALUE_STRING in [\(member.key)].")
                }
            }
        }
        return request
    }

    /// A bounded whole number from a GET string (PHP's reading) or a JSON number; nil when absent or invalid.
    private static func number(_ value: JSONValue, _ name: String) throws(ArticQueryError) -> Int? {
        switch value {
        case .string(let text), .number(let text): return RequestNumber.php(text)
        case .null: return nil
        default: throw ArticQueryError.parsing("[\(name)] expected a number, found \(value.kindName)")
        }
    }
}
