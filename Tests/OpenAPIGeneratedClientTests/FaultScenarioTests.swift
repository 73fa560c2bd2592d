import Foundation
import HTTPTypes
import OpenAPIRuntime
import Testing
import UnderstudyTesting

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Every bundled scenario, chosen for a session, as the generated client sees it: a documented response case,
/// a value, or the `ClientError` it throws and the error underneath (docs/openapi-generated-clients.md's table).
@Suite struct FaultScenarioTests {
    /// The scenarios that answer with a status, and the status. The document has a 404 for `getOrder` and a `default`
    /// response: 404 is its own case, the others land in `.default(statusCode:)` with the document's problem body.
    @Test(arguments: [("server-error", 500), ("unauthorized", 401), ("rate-limited", 429)])
    func statusScenariosAreTheDefaultCase(_ scenario: String, _ status: Int) async throws {
        try await OrdersServer.withClient(scenario: scenario) { client, _ in
            let output = try await client.getOrder(path: .init(orderId: "ord_1001"))
            guard case .default(let statusCode, let response) = output else {
                Issue.record("\(scenario): \(output)")
                return
            }
            #expect(statusCode == status)
            #expect(try response.body.application_problem_plus_json.title == "Something went wrong")
        }
    }

    @Test func notFoundIsTheDocumentedNotFoundCase() async throws {
        try await OrdersServer.withClient(scenario: "not-found") { client, _ in
            let problem = try await client.getOrder(path: .init(orderId: "ord_1001")).notFound.body.application_problem_plus_json
            #expect(problem == .init(title: "Order not found", status: 404))
            // An operation without a 404 of its own gets it through `default`.
            guard case .default(statusCode: 404, _) = try await client.listOrders() else {
                Issue.record("listOrders under not-found is not .default(404)")
                return
            }
        }
    }

    @Test func emptyEmptiesTheArrays() async throws {
        try await OrdersServer.withClient(scenario: "empty") { client, _ in
            let page = try await client.listOrders().ok.body.json
            #expect(page.orders.isEmpty)
            #expect(try await client.getOrder(path: .init(orderId: "ord_1001")).ok.body.json.lines.isEmpty)
        }
    }

    /// `delay` (capped by the server's `maxDelayMilliseconds`) and `slow-body` (dribbled) still decode.
    @Test(arguments: ["delay", "slow-body"]) func slowScenariosStillDecode(_ scenario: String) async throws {
        try await OrdersServer.withClient(scenario: scenario, timeout: 30) { client, _ in
            let order = try await client.getOrder(path: .init(orderId: "ord_1001")).ok.body.json
            #expect(order.id == "ord_1001")
        }
    }

    @Test func malformedJSONIsADataCorruptedDecodingError() async throws {
        try await OrdersServer.withClient(scenario: "malformed-json") { client, _ in
            let error = try #require(await clientError { try await client.getOrder(path: .init(orderId: "ord_1001")) })
            #expect(error.response?.status == .ok)
            let decoding = try #require(error.underlyingError as? DecodingError)
            #expect(DecodingErrorCase(decoding) == .dataCorrupted)
        }
    }

    /// The transport faults: URLSession's error, wrapped in `ClientError` with no response. `timeout` holds the
    /// connection for the server's `maxDelayMilliseconds` (2.5 s here) and then closes it unanswered, which
    /// URLSession reports as `.badServerResponse`; a client timeout shorter than that (1 s) ends it first, as
    /// against a server whose hold outlasts the app's timeout. Whole seconds: Linux's URLSession hands curl its
    /// timeout in whole seconds, and under a second it reports `.timedOut` for the other faults as well.
    @Test(arguments: ["truncated-body", "connection-reset", "timeout"])
    func transportFaultsAreURLErrors(_ scenario: String) async throws {
        try await OrdersServer.withClient(scenario: scenario, timeout: scenario == "timeout" ? 1 : 5) { client, _ in
            let error = try #require(await clientError { try await client.getOrder(path: .init(orderId: "ord_1001")) })
            let urlError = try #require(error.underlyingError as? URLError, "\(scenario): \(error.underlyingError)")
            #expect(error.response == nil)
            #expect(Self.expectedCodes[scenario]?.contains(urlError.code) == true, "\(scenario): \(urlError.code.rawValue)")
        }
    }

    /// Linux's FoundationNetworking (curl underneath) reports a body cut short of its Content-Length as `.unknown`
    /// (curl's "partial file"); Apple's URLSession as `.networkConnectionLost`.
    static let expectedCodes: [String: Set<URLError.Code>] = [
        "truncated-body": [.unknown, .networkConnectionLost],
        "connection-reset": [.networkConnectionLost],
        "timeout": [.timedOut],
    ]
}
