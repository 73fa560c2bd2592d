import HTTPTypes
import UnderstudyAPIService
import UnderstudyDocuments
import UnderstudyHTTP

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

    package static func parse(_ value: JSONValue, budget: inout Budget) throws(ArticQueryError) -> ArticQuery {
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
                throw ArticQueryError.parsing(
                    "[\(clause.key)] query doesn't support multiple fields, found [\(fieldMembers[0].key)] and [\(fieldMembers[1].key)]")
            }
            return try leaf(clause.key, field: field.key, field.value)
        case "bool":
            guard let parts = body.members else { throw ArticQueryError.parsing("[bool] query malformed, no start_object after query name") }
            var must: [ArticQuery] = []
            var filter: [ArticQuery] = []
            var should: [ArticQuery] = []
            var mustNot: [ArticQuery] = []
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
            guard let options = value.members else {
                throw ArticQueryError.parsing("[range] query malformed, no start_object after field [\(rawField)]")
            }
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
                guard option.value.scalarText != nil else {
                    throw ArticQueryError.parsing("[range] [\(option.key)] must be a value, found \(option.value.kindName)")
                }
                bounds.append((op, option.value))
            }
            return .range(field: field, bounds: bounds)
        default:
            throw ArticQueryError.parsing("unknown query [\(kind)]")
        }
    }

    /// nil when the artwork does not match; otherwise its score.
    package func score(_ artwork: JSONValue) -> Double? {
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
