import UnderstudyAPIService
import UnderstudyDocuments

/// `sort` as artic takes it: `"title"`, `["date_start"]`, `{"date_start": "desc"}`,
/// `[{"date_start": {"order": "desc"}}]`, or bracketed: `sort=title`, `sort[date_start][order]=desc`.
struct ArticSort: Sendable, Hashable {
    package var field: String
    package var descending: Bool

    package static func parse(_ value: JSONValue) throws(ArticQueryError) -> [ArticSort] {
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
