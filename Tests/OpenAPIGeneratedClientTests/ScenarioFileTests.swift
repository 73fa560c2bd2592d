import Foundation
import OpenAPIRuntime
import OpenAPIURLSession
import Testing
import UnderstudyOpenAPIRuntime
import UnderstudyTesting

/// What a team writes instead of a `Prefer` header: a scenario file that mounts the document and breaks one
/// operation by its `operationId` for every request of a session that chooses it.
@Suite struct ScenarioFileTests {
    @Test func aScenarioFileBreaksOneOperationForTheSession() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("understudy-oaswift-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("openapi"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: OrdersServer.document, to: folder.appendingPathComponent("openapi/orders.yaml"))
        try "openapi:\n  orders: openapi/orders.yaml\n".write(to: folder.appendingPathComponent("happy.yaml"), atomically: true, encoding: .utf8)
        try """
        extends: happy
        operations:
          getOrder: {breaker: unknown-enum-case}
          listOrders: {status: 500}
        """.write(to: folder.appendingPathComponent("broken-orders.yaml"), atomically: true, encoding: .utf8)
        let server = try UnderstudyTestServer(scenarios: folder)
        defer { server.stop() }
        let session = UnderstudyTestSession(server: server)
        try await session.use("broken-orders")
        let client = Client(
            serverURL: session.url("/orders"), transport: URLSessionTransport(), middlewares: [UnderstudyMiddleware(session: session.id)])

        let error = try #require(await clientError { try await client.getOrder(path: .init(orderId: "ord_1001")) })
        let decoding = try #require(error.underlyingError as? DecodingError)
        #expect(DecodingErrorCase(decoding) == .dataCorrupted)
        guard case .default(statusCode: 500, _) = try await client.listOrders() else {
            Issue.record("listOrders under broken-orders is not .default(500)")
            await session.end()
            return
        }
        await session.end()
    }
}
