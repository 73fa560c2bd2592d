import Foundation
import HTTPTypes
import OpenAPIRuntime
import Testing
import UnderstudyOpenAPIRuntime

/// The middleware alone: which fields it adds, and that it never replaces a field the request already has.
@Suite struct UnderstudyMiddlewareTests {
    /// The request `middleware` passes on for `request`.
    func passedOn(_ request: HTTPRequest, through middleware: UnderstudyMiddleware) async throws -> HTTPRequest {
        let seen = Seen()
        _ = try await middleware.intercept(request, body: nil, baseURL: URL(fileURLWithPath: "/"), operationID: "getOrder") { request, _, _ in
            await seen.set(request)
            return (HTTPResponse(status: .ok), nil)
        }
        return try #require(await seen.request)
    }

    actor Seen {
        var request: HTTPRequest?
        func set(_ request: HTTPRequest) { self.request = request }
    }

    static func field(_ name: String) throws -> HTTPField.Name { try #require(HTTPField.Name(name)) }

    @Test func addsTheSessionScenarioAndDelay() async throws {
        let request = HTTPRequest(method: .get, scheme: "http", authority: "127.0.0.1", path: "/orders/orders/1")
        let sent = try await passedOn(request, through: UnderstudyMiddleware(session: "s1", scenario: "empty", delay: .milliseconds(250)))
        #expect(sent.headerFields[try Self.field("X-Understudy-Session")] == "s1")
        #expect(sent.headerFields[try Self.field("X-Understudy-Scenario")] == "empty")
        #expect(sent.headerFields[try Self.field("X-Understudy-Delay")] == "250")
    }

    @Test func keepsAFieldTheRequestAlreadyHas() async throws {
        var request = HTTPRequest(method: .get, scheme: "http", authority: "127.0.0.1", path: "/orders/orders/1")
        request.headerFields[try Self.field("x-understudy-session")] = "mine"
        let sent = try await passedOn(request, through: UnderstudyMiddleware(session: "theirs", scenario: "happy"))
        #expect(sent.headerFields[values: try Self.field("X-Understudy-Session")] == ["mine"])
        #expect(sent.headerFields[try Self.field("X-Understudy-Scenario")] == "happy")
    }

    @Test func theEnvironmentsHeadersOrNone() async throws {
        let request = HTTPRequest(method: .get, scheme: "http", authority: "127.0.0.1", path: "/")
        let fromLaunch = UnderstudyMiddleware(headers: .fromEnvironment(["UNDERSTUDY_SESSION": "ui-1", "UNDERSTUDY_SCENARIO": ""]))
        let sent = try await passedOn(request, through: fromLaunch)
        #expect(sent.headerFields[try Self.field("X-Understudy-Session")] == "ui-1")
        #expect(sent.headerFields[try Self.field("X-Understudy-Scenario")] == nil)
        let none = try await passedOn(request, through: UnderstudyMiddleware(headers: .none))
        #expect(none.headerFields == request.headerFields)
        // `.environment` reads this process's variables, which the test runner does not set.
        if ProcessInfo.processInfo.environment["UNDERSTUDY_SESSION"] == nil {
            #expect(UnderstudyMiddleware.environment.headers.session == nil)
        }
    }
}
