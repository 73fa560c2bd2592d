import Foundation
import OpenAPIRuntime
import OpenAPIURLSession
import Testing
import UnderstudyTesting

/// Two generated clients on one server, each in its own session through `UnderstudyMiddleware`, in parallel:
/// one session's scenario never reaches the other's requests.
@Suite struct SessionIsolationTests {
    @Test func aSessionsScenarioStaysInTheSession() async throws {
        try await OrdersServer.withClient(scenario: "not-found") { failing, _ in
            try await OrdersServer.withClient(scenario: "happy") { passing, _ in
                for _ in 0..<5 {
                    async let failed = failing.getOrder(path: .init(orderId: "ord_1001"))
                    async let passed = passing.getOrder(path: .init(orderId: "ord_1001"))
                    let (failure, success) = try await (failed, passed)
                    #expect(try failure.notFound.body.application_problem_plus_json.title == "Order not found")
                    #expect(try success.ok.body.json.id == "ord_1001")
                }
            }
        }
    }

    /// Without the middleware a request belongs to no session and gets the server's own scenario.
    @Test func withoutTheMiddlewareTheServersScenarioAnswers() async throws {
        try await OrdersServer.withClient(scenario: "not-found") { _, session in
            let outsider = Client(serverURL: session.url("/orders"), transport: URLSessionTransport())
            let order = try await outsider.getOrder(path: .init(orderId: "ord_1001")).ok.body.json
            #expect(order.id == "ord_1001")
        }
    }
}
