import UnderstudyAPIService
import UnderstudyDocuments

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
