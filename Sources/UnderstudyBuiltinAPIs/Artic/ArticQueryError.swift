import HTTPTypes
import UnderstudyAPIService
import UnderstudyAdminWire
import UnderstudyDocuments

/// An Elasticsearch error, as artic passes it through with a 400.
struct ArticQueryError: Error, Equatable {
    package var type: String
    package var reason: String

    package static func parsing(_ reason: String) -> ArticQueryError { ArticQueryError(type: "parsing_exception", reason: reason) }

    package var response: APIResponse {
        let cause: JSONValue = .object([.init("type", .string(type)), .init("reason", .string(reason))])
        return APIResponse(
            status: .badRequest,
            body: UnderstudyAPI.artic.writer.template(
                .object([
                    .init("error", .object([.init("root_cause", .array([cause])), .init("type", .string(type)), .init("reason", .string(reason))])),
                    .init("status", .int(400)),
                ])))
    }
}
