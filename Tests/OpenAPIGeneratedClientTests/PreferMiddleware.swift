import Foundation
import HTTPTypes
import OpenAPIRuntime

/// Sends `Prefer: VALUE` (Prism's `code=`, `example=`, `dynamic=`, Understudy's `breaker=`) on every request: what
/// a test does to ask one request for a decode-breaker or another documented response. Test-only: a team would
/// rather put `operations: {getOrder: {breaker: wrong-type}}` in a scenario file.
struct PreferMiddleware: ClientMiddleware {
    let value: String

    init(_ value: String) { self.value = value }

    func intercept(
        _ request: HTTPRequest,
        body: HTTPBody?,
        baseURL: URL,
        operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, URL) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        var request = request
        // RFC 7240's field, which swift-http-types does not name; a valid token, so the name always exists.
        if let prefer = HTTPField.Name("Prefer") { request.headerFields[prefer] = value }
        return try await next(request, body, baseURL)
    }
}
