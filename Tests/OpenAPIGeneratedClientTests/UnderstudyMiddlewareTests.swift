import Foundation
import HTTPTypes
import OpenAPIRuntime
import Testing
import UnderstudyClients
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

    /// The values of the fields named `name` (without case), in order.
    static func values(_ name: String, in request: HTTPRequest) -> [String] {
        request.headerFields.filter { $0.name.canonicalName == name.lowercased() }.map(\.value)
    }

    @Test func addsTheSessionScenarioAndDelay() async throws {
        let request = HTTPRequest(method: .get, scheme: "http", authority: "127.0.0.1", path: "/orders/orders/1")
        let sent = try await passedOn(request, through: UnderstudyMiddleware(session: "s1", scenario: "empty", delay: .milliseconds(250)))
        #expect(Self.values("X-Understudy-Session", in: sent) == ["s1"])
        #expect(Self.values("X-Understudy-Scenario", in: sent) == ["empty"])
        #expect(Self.values("X-Understudy-Delay", in: sent) == ["250"])
    }

    @Test func keepsAFieldTheRequestAlreadyHas() async throws {
        var request = HTTPRequest(method: .get, scheme: "http", authority: "127.0.0.1", path: "/orders/orders/1")
        request.headerFields.append(HTTPField(name: try #require(HTTPField.Name("x-understudy-session")), value: "mine"))
        let sent = try await passedOn(request, through: UnderstudyMiddleware(session: "theirs", scenario: "happy"))
        #expect(Self.values("X-Understudy-Session", in: sent) == ["mine"])
        #expect(Self.values("X-Understudy-Scenario", in: sent) == ["happy"])
    }

    @Test func theEnvironmentsHeadersOrNone() async throws {
        let request = HTTPRequest(method: .get, scheme: "http", authority: "127.0.0.1", path: "/")
        let fromLaunch = UnderstudyMiddleware(headers: .fromEnvironment(["UNDERSTUDY_SESSION": "ui-1", "UNDERSTUDY_REQUEST_SCENARIO": ""]))
        let sent = try await passedOn(request, through: fromLaunch)
        #expect(Self.values("X-Understudy-Session", in: sent) == ["ui-1"])
        #expect(Self.values("X-Understudy-Scenario", in: sent).isEmpty)
        let none = try await passedOn(request, through: UnderstudyMiddleware(headers: .none))
        #expect(none.headerFields == request.headerFields)
        // `.environment` reads this process's variables, which the test runner does not set.
        if ProcessInfo.processInfo.environment["UNDERSTUDY_SESSION"] == nil {
            #expect(UnderstudyMiddleware.environment.headers.session == nil)
        }
    }
}
