import UnderstudyAPIService
import UnderstudyDocuments

/// How artwork fields are read and compared by the query clauses.
enum ArticText {
    /// Lower-cased words: runs of letters and digits.
    static func tokens(_ text: String) -> [String] {
        text.lowercased().split { !$0.isLetter && !$0.isNumber }.map(String.init)
    }

    /// The values at a field path (`thumbnail.width`), arrays flattened; nulls and empty arrays give none.
    package static func values(_ artwork: JSONValue, _ field: String) -> [JSONValue] {
        var current = [artwork]
        for key in field.split(separator: ".", omittingEmptySubsequences: false) {
            var next: [JSONValue] = []
            for value in current {
                guard let found = value[String(key)] else { continue }
                if let items = found.arrayValue { next += items } else { next.append(found) }
            }
            current = next
        }
        return current.filter {
            if case .null = $0 { return false }
            return true
        }
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
    package static func order(_ a: JSONValue, _ b: JSONValue, field: String, descending: Bool) -> Bool? {
        let left = values(a, field).first
        let right = values(b, field).first
        switch (left, right) {
        case (nil, nil): return nil
        case (nil, _): return false
        case (_, nil): return true
        case (let left?, let right?):
            let result: Int
            if case .number(let x) = left, case .number(let y) = right, let p = Double(x), let q = Double(y) {
                result = p < q ? -1 : (p > q ? 1 : 0)
            } else {
                let p = left.scalarText?.lowercased() ?? ""
                let q = right.scalarText?.lowercased() ?? ""
                result = p < q ? -1 : (p > q ? 1 : 0)
            }
            if result == 0 { return nil }
            return descending ? result > 0 : result < 0
        }
    }
}
