import HTTPTypes
import UnderstudyHTTP

/// artic's search request, read from bracketed GET parameters (`query[term][artist_id]=35809`) or from a
/// JSON body on `POST /artworks/search`: the Elasticsearch-style `query`, `q`, `sort`, paging and `fields`.
struct ArticSearchRequest {
    var q: String?
    var query: ArticQuery?
    var sort: [ArticSort] = []
    /// Laravel-style paging (`limit`, `page`) or Elasticsearch-style (`from`, `size`); each already bounded.
    var limit: Int?
    var page: Int?
    var from: Int?
    var size: Int?
    var fields: String?

    /// The largest JSON body a search takes, and the deepest bracket nesting a GET name may have.
    static let maxBodyBytes = 64 * 1024
    static let maxBracketDepth = 32

    /// Reads bracketed GET parameters into the same JSON an Elasticsearch body would hold.
    static func read(query items: [ServerRequestQuery]) throws(ArticQueryError) -> ArticSearchRequest {
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
    static func read(body: [UInt8]) throws(ArticQueryError) -> ArticSearchRequest {
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

/// The query items the search reads (`ServerRequest.QueryItem`).
typealias ServerRequestQuery = ServerRequest.QueryItem

/// An Elasticsearch error, as artic passes it through with a 400.
struct ArticQueryError: Error, Equatable {
    var type: String
    var reason: String

    static func parsing(_ reason: String) -> ArticQueryError { ArticQueryError(type: "parsing_exception", reason: reason) }

    var response: APIResponse {
        let cause: JSONValue = .object([.init("type", .string(type)), .init("reason", .string(reason))])
        return APIResponse(status: .badRequest, body: API.artic.writer.template(.object([
            .init("error", .object([.init("root_cause", .array([cause])), .init("type", .string(type)), .init("reason", .string(reason))])),
            .init("status", .int(400)),
        ])))
    }
}

/// PHP's reading of bracketed parameter names into nested arrays: `a[b][0]=x&a[b][1]=y` is
/// `{"a": {"b": ["x", "y"]}}`; `a[]` appends; the last of two equal names wins.
struct BracketTree {
    private var value: String?
    private var children: [(key: String, tree: BracketTree)] = []

    /// `query[term][id]` → `["query", "term", "id"]`; nil for a name that is not the bracket form
    /// of `query` or `sort` (other names are ordinary parameters, read elsewhere).
    static func path(_ name: String) -> [String]? {
        guard let open = name.firstIndex(of: "[") else {
            return ["q", "sort", "limit", "page", "from", "size", "fields", "query"].contains(name) ? [name] : nil
        }
        let base = String(name[..<open])
        guard base == "query" || base == "sort" else { return nil }
        var path = [base]
        var rest = name[open...]
        while let first = rest.first, first == "[" {
            guard let close = rest.firstIndex(of: "]") else { return nil }  // PHP drops an unclosed bracket's tail
            path.append(String(rest[rest.index(after: rest.startIndex)..<close]))
            rest = rest[rest.index(after: close)...]
        }
        return path
    }

    mutating func insert(_ path: ArraySlice<String>, value: String) {
        guard let key = path.first else {
            self.value = value
            children = []
            return
        }
        let name = key.isEmpty ? String(children.count) : key
        if let index = children.firstIndex(where: { $0.key == name }) {
            children[index].tree.insert(path.dropFirst(), value: value)
        } else {
            var child = BracketTree()
            child.insert(path.dropFirst(), value: value)
            children.append((name, child))
        }
    }

    /// Objects whose keys are all decimal indices become arrays, in the order given.
    var json: JSONValue {
        if children.isEmpty { return value.map(JSONValue.string) ?? .object([]) }
        if children.allSatisfy({ !$0.key.isEmpty && $0.key.utf8.allSatisfy { $0 >= 0x30 && $0 <= 0x39 } }) {
            return .array(children.map(\.tree.json))
        }
        return .object(children.map { JSONValue.Member($0.key, $0.tree.json) })
    }
}

extension JSONValue {
    /// A string, number or boolean as text (GET parameters arrive as text; bodies may hold any scalar).
    var scalarText: String? {
        switch self {
        case .string(let text), .number(let text): text
        case .bool(let flag): flag ? "true" : "false"
        default: nil
        }
    }
}

// MARK: - Queries

/// The query clauses artic's search accepts, compiled once and evaluated once per artwork: each
/// node is visited once per document, so the cost is the clause count times the dataset, never more.
indirect enum ArticQuery: Sendable {
    case matchAll
    case term(field: String, values: [JSONValue])
    case match(field: String, tokens: [String], all: Bool)
    case range(field: String, bounds: [(op: RangeOp, value: JSONValue)])
    case exists(field: String)
    case bool(must: [ArticQuery], filter: [ArticQuery], should: [ArticQuery], mustNot: [ArticQuery], minimumShouldMatch: Int)

    enum RangeOp: Sendable { case gt, gte, lt, lte }

    /// Elasticsearch's `indices.query.bool.max_clause_count` (1024) bounds the clauses of one search.
    struct Budget {
        static let maxClauses = 1024
        var clauses = 0
        mutating func spend() throws(ArticQueryError) {
            clauses += 1
            guard clauses <= Self.maxClauses else {
                throw ArticQueryError(type: "too_many_clauses", reason: "maxClauseCount is set to \(Self.maxClauses)")
            }
        }
    }

    static func parse(_ value: JSONValue, budget: inout Budget) throws(ArticQueryError) -> ArticQuery {
        try budget.spend()
        guard let members = value.members else {
            throw ArticQueryError.parsing("[_na] query malformed, must start with start_object")
        }
        guard members.count == 1, let clause = members.first else {
            if members.isEmpty { return .matchAll }
            throw ArticQueryError.parsing("[\(members[0].key)] malformed query, expected [END_OBJECT] but found [FIELD_NAME]")
        }
        let body = clause.value
        switch clause.key {
        case "match_all":
            return .matchAll
        case "term", "terms", "match", "match_phrase", "range", "exists":
            guard let fieldMembers = body.members else {
                throw ArticQueryError.parsing("[\(clause.key)] query malformed, no start_object after query name")
            }
            if clause.key == "exists" {
                guard let field = body["field"]?.scalarText, fieldMembers.count == 1 else {
                    throw ArticQueryError.parsing("[exists] must be provided with a [field]")
                }
                return .exists(field: field)
            }
            guard fieldMembers.count == 1, let field = fieldMembers.first else {
                if fieldMembers.isEmpty { throw ArticQueryError.parsing("[\(clause.key)] query malformed, no field specified") }
                throw ArticQueryError.parsing("[\(clause.key)] query doesn't support multiple fields, found [\(fieldMembers[0].key)] and [\(fieldMembers[1].key)]")
            }
            return try leaf(clause.key, field: field.key, field.value)
        case "bool":
            guard let parts = body.members else { throw ArticQueryError.parsing("[bool] query malformed, no start_object after query name") }
            var must: [ArticQuery] = [], filter: [ArticQuery] = [], should: [ArticQuery] = [], mustNot: [ArticQuery] = []
            var minimum: Int?
            for part in parts {
                let clauses = part.value.arrayValue ?? [part.value]
                switch part.key {
                case "must": for item in clauses { must.append(try parse(item, budget: &budget)) }
                case "filter": for item in clauses { filter.append(try parse(item, budget: &budget)) }
                case "should": for item in clauses { should.append(try parse(item, budget: &budget)) }
                case "must_not": for item in clauses { mustNot.append(try parse(item, budget: &budget)) }
                case "minimum_should_match":
                    guard let text = part.value.scalarText, let number = RequestNumber.php(text), number >= 0 else {
                        throw ArticQueryError.parsing("[bool] minimum_should_match must be a whole number, 0 or more")
                    }
                    minimum = number
                case "boost": continue
                default: throw ArticQueryError.parsing("[bool] query does not support [\(part.key)]")
                }
            }
            // Elasticsearch: with no must or filter clause, at least one should clause has to match.
            let defaultMinimum = must.isEmpty && filter.isEmpty && !should.isEmpty ? 1 : 0
            return .bool(must: must, filter: filter, should: should, mustNot: mustNot, minimumShouldMatch: minimum ?? defaultMinimum)
        default:
            throw ArticQueryError.parsing("unknown query [\(clause.key)]")
        }
    }

    private static func leaf(_ kind: String, field rawField: String, _ value: JSONValue) throws(ArticQueryError) -> ArticQuery {
        let field = rawField.hasSuffix(".keyword") ? String(rawField.dropLast(".keyword".count)) : rawField
        switch kind {
        case "term":
            // `{"field": value}` or `{"field": {"value": value}}`
            let scalar = value.members.map { $0.first { $0.key == "value" }?.value } ?? value
            guard let scalar, scalar.scalarText != nil else { throw ArticQueryError.parsing("[term] query malformed, no value for [\(rawField)]") }
            return .term(field: field, values: [scalar])
        case "terms":
            guard let items = value.arrayValue, items.allSatisfy({ $0.scalarText != nil }) else {
                throw ArticQueryError.parsing("[terms] query does not support [\(rawField)] with a \(value.kindName) value; give an array")
            }
            return .term(field: field, values: items)
        case "match", "match_phrase":
            var text = value.scalarText
            var all = kind == "match_phrase"
            if let options = value.members {
                text = options.first { $0.key == "query" }?.value.scalarText
                all = all || options.first { $0.key == "operator" }?.value.scalarText?.lowercased() == "and"
            }
            guard let text else { throw ArticQueryError.parsing("[\(kind)] query malformed, no query for [\(rawField)]") }
            return .match(field: field, tokens: ArticText.tokens(text), all: all)
        case "range":
            guard let options = value.members else { throw ArticQueryError.parsing("[range] query malformed, no start_object after field [\(rawField)]") }
            var bounds: [(op: RangeOp, value: JSONValue)] = []
            for option in options {
                let op: RangeOp
                switch option.key {
                case "gt": op = .gt
                case "gte", "from": op = .gte
                case "lt": op = .lt
                case "lte", "to": op = .lte
                case "format", "boost", "time_zone", "relation": continue
                default: throw ArticQueryError.parsing("[range] query does not support [\(option.key)]")
                }
                guard option.value.scalarText != nil else { throw ArticQueryError.parsing("[range] [\(option.key)] must be a value, found \(option.value.kindName)") }
                bounds.append((op, option.value))
            }
            return .range(field: field, bounds: bounds)
        default:
            throw ArticQueryError.parsing("unknown query [\(kind)]")
        }
    }

    /// nil when the artwork does not match; otherwise its score.
    func score(_ artwork: JSONValue) -> Double? {
        switch self {
        case .matchAll:
            return 1
        case .term(let field, let values):
            let found = ArticText.values(artwork, field)
            return found.contains { value in values.contains { ArticText.equal(value, $0) } } ? 1 : nil
        case .match(let field, let tokens, let all):
            guard !tokens.isEmpty else { return nil }
            var fieldTokens = Set<String>()
            for value in ArticText.values(artwork, field) {
                if let text = value.scalarText { fieldTokens.formUnion(ArticText.tokens(text)) }
            }
            let hits = tokens.reduce(0) { $0 + (fieldTokens.contains($1) ? 1 : 0) }
            if hits == 0 || (all && hits < tokens.count) { return nil }
            return Double(hits)
        case .range(let field, let bounds):
            let found = ArticText.values(artwork, field)
            func within(_ value: JSONValue) -> Bool {
                bounds.allSatisfy { bound in
                    guard let order = ArticText.compare(value, bound.value) else { return false }
                    switch bound.op {
                    case .gt: return order > 0
                    case .gte: return order >= 0
                    case .lt: return order < 0
                    case .lte: return order <= 0
                    }
                }
            }
            return found.contains(where: within) ? 1 : nil
        case .exists(let field):
            return ArticText.values(artwork, field).isEmpty ? nil : 1
        case .bool(let must, let filter, let should, let mustNot, let minimum):
            var total = 0.0
            for clause in must {
                guard let score = clause.score(artwork) else { return nil }
                total += score
            }
            for clause in filter where clause.score(artwork) == nil { return nil }
            for clause in mustNot where clause.score(artwork) != nil { return nil }
            var matched = 0
            for clause in should {
                if let score = clause.score(artwork) {
                    matched += 1
                    total += score
                }
            }
            guard matched >= minimum else { return nil }
            return must.isEmpty && should.isEmpty ? 0 : total
        }
    }
}

/// `sort` as artic takes it: `"title"`, `["date_start"]`, `{"date_start": "desc"}`,
/// `[{"date_start": {"order": "desc"}}]`, or bracketed: `sort=title`, `sort[date_start][order]=desc`.
struct ArticSort: Sendable, Hashable {
    var field: String
    var descending: Bool

    static func parse(_ value: JSONValue) throws(ArticQueryError) -> [ArticSort] {
        switch value {
        case .string(let text):
            return text.split(separator: ",").map { ArticSort(field: String($0.trimmingSpaces), descending: false) }.filter { !$0.field.isEmpty }
        case .array(let items):
            var sorts: [ArticSort] = []
            for item in items { sorts += try parse(item) }
            return sorts
        case .object(let members):
            return try members.map { (member: JSONValue.Member) throws(ArticQueryError) -> ArticSort in
                let order = member.value.members.map { $0.first { $0.key == "order" }?.value.scalarText } ?? member.value.scalarText
                switch order?.lowercased() {
                case nil, "asc": return ArticSort(field: member.key, descending: false)
                case "desc": return ArticSort(field: member.key, descending: true)
                case let other?: throw ArticQueryError(type: "illegal_argument_exception", reason: "Unknown SortOrder [\(other)]")
                }
            }
        default:
            throw ArticQueryError.parsing("[sort] malformed, expected a field name, an array or an object, found \(value.kindName)")
        }
    }
}

/// How artwork fields are read and compared by the query clauses.
enum ArticText {
    /// Lower-cased words: runs of letters and digits.
    static func tokens(_ text: String) -> [String] {
        text.lowercased().split { !$0.isLetter && !$0.isNumber }.map(String.init)
    }

    /// The values at a field path (`thumbnail.width`), arrays flattened; nulls and empty arrays give none.
    static func values(_ artwork: JSONValue, _ field: String) -> [JSONValue] {
        var current = [artwork]
        for key in field.split(separator: ".", omittingEmptySubsequences: false) {
            var next: [JSONValue] = []
            for value in current {
                guard let found = value[String(key)] else { continue }
                if let items = found.arrayValue { next += items } else { next.append(found) }
            }
            current = next
        }
        return current.filter { if case .null = $0 { return false }; return true }
    }

    /// A term match: numbers by value, booleans by `true`/`false`, strings exactly (a keyword)
    /// or as one of their words (an analysed text field).
    static func equal(_ document: JSONValue, _ query: JSONValue) -> Bool {
        guard let wanted = query.scalarText else { return false }
        switch document {
        case .number(let text): return Double(text).flatMap { have in Double(wanted).map { $0 == have } } ?? false
        case .bool(let flag): return wanted == (flag ? "true" : "false") || wanted == (flag ? "1" : "0")
        case .string(let text), .link(let text): return text == wanted || tokens(text).contains(wanted)
        default: return false
        }
    }

    /// -1, 0 or 1; numbers numerically, anything else as text; nil when they cannot be compared.
    static func compare(_ document: JSONValue, _ bound: JSONValue) -> Int? {
        guard let other = bound.scalarText else { return nil }
        if case .number(let text) = document {
            guard let have = Double(text), let limit = Double(other) else { return nil }
            return have < limit ? -1 : (have > limit ? 1 : 0)
        }
        guard let text = document.scalarText else { return nil }
        return text < other ? -1 : (text > other ? 1 : 0)
    }

    /// The order of two artworks on one sort field; missing values last whatever the direction.
    static func order(_ a: JSONValue, _ b: JSONValue, field: String, descending: Bool) -> Bool? {
        let left = values(a, field).first, right = values(b, field).first
        switch (left, right) {
        case (nil, nil): return nil
        case (nil, _): return false
        case (_, nil): return true
        case (let left?, let right?):
            let result: Int
            if case .number(let x) = left, case .number(let y) = right, let p = Double(x), let q = Double(y) {
                result = p < q ? -1 : (p > q ? 1 : 0)
            } else {
                let p = left.scalarText?.lowercased() ?? "", q = right.scalarText?.lowercased() ?? ""
                result = p < q ? -1 : (p > q ? 1 : 0)
            }
            if result == 0 { return nil }
            return descending ? result > 0 : result < 0
        }
    }
}
