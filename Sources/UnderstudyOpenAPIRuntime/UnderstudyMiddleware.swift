public import Foundation
public import HTTPTypes
public import OpenAPIRuntime
public import UnderstudyClients

/// A `ClientMiddleware` for a client made by swift-openapi-generator that sends Understudy's steering
/// headers on every request: the session id (so the client joins a test's session, and parallel tests
/// sharing one server stay isolated), and optionally a scenario and a delay. A real API ignores them,
/// so the same client can keep the middleware in production builds.
///
/// ```swift
/// let session = try await UnderstudyTestSession.start()
/// let client = Client(
///     serverURL: session.url("/orders"),              // the document mounted with --openapi orders=orders.yaml
///     transport: URLSessionTransport(),
///     middlewares: [UnderstudyMiddleware(session: session.id)]
/// )
/// ```
///
/// In an app launched by a UI test, ``environment`` reads `UNDERSTUDY_SESSION` and `UNDERSTUDY_REQUEST_SCENARIO`
/// from the launch environment, as the `.live()` clients of `UnderstudyClients` do, and
/// `UnderstudyAPI.baseURL(prefix: "/orders", real: …)` picks the server URL the same way.
///
/// A header the request already carries (set by another middleware or by the caller) is left as it is:
/// the middleware fills in, it never overrides.
public struct UnderstudyMiddleware: ClientMiddleware {
    /// The headers added to each request that does not carry them yet.
    public var headers: UnderstudyHeaders

    /// A middleware that sends `headers`.
    ///
    /// - Parameter headers: The session, scenario and delay to send; nil fields are not sent.
    public init(headers: UnderstudyHeaders) {
        self.headers = headers
    }

    /// A middleware that puts every request in the session `session`.
    ///
    /// Pass a session's id: `UnderstudyMiddleware(session: session.id)` for an `UnderstudySession` or an
    /// `UnderstudyTestSession`. (It takes the id rather than the session so that this module needs
    /// neither `UnderstudyAdminClient` nor `UnderstudyTesting`, only the headers of `UnderstudyClients`.)
    ///
    /// - Parameters:
    ///   - session: The session id, sent as `X-Understudy-Session`.
    ///   - scenario: A scenario for every request, sent as `X-Understudy-Scenario`; nil leaves the choice to the
    ///     session (or the server).
    ///   - delay: How long the server waits before answering each request, sent as `X-Understudy-Delay`.
    public init(session: String, scenario: String? = nil, delay: Duration? = nil) {
        self.init(headers: UnderstudyHeaders(session: session, scenario: scenario, delay: delay))
    }

    /// A middleware that sends the headers of the process environment: `UNDERSTUDY_SESSION` and
    /// `UNDERSTUDY_REQUEST_SCENARIO` (``UnderstudyHeaders/environment``); it sends nothing when neither is set,
    /// so an app can install it unconditionally.
    public static var environment: UnderstudyMiddleware { UnderstudyMiddleware(headers: .environment) }

    /// Adds the headers the request lacks and passes it on.
    ///
    /// - Parameters:
    ///   - request: The request the generated client built.
    ///   - body: Its body, passed on unchanged.
    ///   - baseURL: The client's server URL, passed on unchanged.
    ///   - operationID: The operation's `operationId` (unused).
    ///   - next: The next middleware, or the transport.
    /// - Returns: What `next` returns.
    /// - Throws: What `next` throws.
    public func intercept(
        _ request: HTTPRequest,
        body: HTTPBody?,
        baseURL: URL,
        operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, URL) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        try await next(headers.filling(request), body, baseURL)
    }
}

extension UnderstudyHeaders {
    /// `request` with these fields added where it has no field of the same name (names compare without case,
    /// as `HTTPField.Name` does).
    ///
    /// - Parameter request: The request to fill in.
    /// - Returns: The request with the missing fields set.
    func filling(_ request: HTTPRequest) -> HTTPRequest {
        var request = request
        // Sorted so that the order of the fields on the wire does not depend on a dictionary's.
        for (name, value) in fields.sorted(by: { $0.key < $1.key }) {
            // The names are Understudy's own constants, always valid field names; skipping is only a guard.
            guard let field = HTTPField.Name(name), request.headerFields[field] == nil else { continue }
            request.headerFields[field] = value
        }
        return request
    }
}
