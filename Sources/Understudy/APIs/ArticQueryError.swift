import HTTPTypes
import UnderstudyAdminWire

/// An Elasticsearch error, as artic passes it through with a 400.
struct ArticQueryError: Error, Equatable {
    var type: String
    var reason: String

    static func parsing(_ reason: String) -> ArticQueryError { ArticQueryError(type: "parsing_exception", reason: reason) }

    var response: APIResponse {
        let cause: JSONValue = .object([.init("type", .string(type)), .init("reason", .string(reason))])
        return APIResponse(
            status: .badRequest,
            body: API.artic.writer.template(
                .object([
                    .init("error", .object([.init("root_cause", .array([cause])), .init("type", .string(type)), .init("reason", .string(reason))])),
                    .init("status", .int(400)),
                ])))
    }
}
