package import HTTPTypes
package import UnderstudyDocuments

/// A 4xx answer of the admin API: `{"error": …, "detail": …}`.
package struct AdminError: Error {
    package var status: HTTPResponse.Status
    package var error: String
    var detail: String
    var allow: String?
    /// Every problem of a rejected document (file:line:column: key: message), as a reload lists them.
    var problems: [String]?

    package init(_ status: HTTPResponse.Status, _ error: String, _ detail: String, allow: String? = nil, problems: [String]? = nil) {
        self.status = status
        self.error = error
        self.detail = detail
        self.allow = allow
        self.problems = problems
    }
}

/// A JSON object sent to the admin API, read field by field with errors that
/// say what was wrong and what is accepted.
package struct AdminRequestBody {
    package static let limit = 64 * 1024
    private let fields: [String: JSONValue]

    /// Parses `bytes` as a JSON object with only `accepted` keys; an empty
    /// body reads as `{}`.
    package init(_ bytes: [UInt8], accepted: [String]) throws(AdminError) {
        guard bytes.count <= Self.limit else {
            throw AdminError(.contentTooLarge, "body too large", "Admin request bodies are limited to \(Self.limit) bytes; got \(bytes.count).")
        }
        guard !bytes.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) else {
            fields = [:]
            return
        }
        let value: JSONValue
        do {
            value = try JSONParser.parse(bytes, file: "body").value
        } catch {
            throw AdminError(
                .badRequest, "invalid JSON", "The body is not valid JSON (\(Self.describe(error))). Send an object such as {\"name\": \"happy\"}.")
        }
        guard case .object(let members) = value else {
            throw AdminError(.badRequest, "invalid JSON", "Expected a JSON object such as {\"name\": \"happy\"}.")
        }
        // JSONParser rejects a repeated key; should one get through, the last wins rather than a trap.
        let fields = Dictionary(members.map { ($0.key, $0.value) }, uniquingKeysWith: { $1 })
        if let unknown = fields.keys.sorted().first(where: { !accepted.contains($0) }) {
            throw AdminError(.badRequest, "unknown field", "Unknown field '\(unknown)'. Accepted fields: \(accepted.joined(separator: ", ")).")
        }
        self.fields = fields
    }

    func has(_ key: String) -> Bool { fields[key] != nil }

    func isNull(_ key: String) -> Bool { fields[key] == .null }

    package func string(_ key: String) throws(AdminError) -> String? {
        guard let value = fields[key], value != .null else { return nil }
        guard let text = value.stringValue else {
            throw AdminError(.badRequest, "invalid field", "Field '\(key)' must be a string.")
        }
        return text
    }

    package func array(_ key: String) throws(AdminError) -> [JSONValue]? {
        guard let value = fields[key], value != .null else { return nil }
        guard let items = value.arrayValue else {
            throw AdminError(.badRequest, "invalid field", "Field '\(key)' must be an array.")
        }
        return items
    }

    /// "unexpected end of file at line 1, column 17": the parser's words without the file name.
    private static func describe(_ problem: FileProblem) -> String {
        let message = problem.message.hasPrefix("malformed JSON: ") ? String(problem.message.dropFirst("malformed JSON: ".count)) : problem.message
        guard let line = problem.line else { return message }
        return "\(message) at line \(line)" + (problem.column.map { ", column \($0)" } ?? "")
    }
}
