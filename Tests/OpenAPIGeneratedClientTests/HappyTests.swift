import Foundation
import OpenAPIRuntime
import Testing
import UnderstudyTesting

/// The success answers of the mounted document, decoded by the generated client: the document's named
/// examples, value for value, and Prism's `Prefer` header choosing another example or status.
@Suite struct HappyTests {
    /// 2024-03-01T10:15:00Z, the `createdAt` of the document's `shipped` example.
    static let shippedAt = Date(timeIntervalSince1970: 1_709_288_100)

    @Test func anOrderIsTheDocumentsFirstNamedExample() async throws {
        try await OrdersServer.withClient { client, _ in
            let order = try await client.getOrder(path: .init(orderId: "ord_1001")).ok.body.json
            #expect(order.id == "ord_1001")
            #expect(order.number == 1001)
            #expect(order.status == .shipped)
            #expect(order.createdAt == Self.shippedAt)
            #expect(order.note == "Leave at the door")
            #expect(order.lines == [.init(sku: "BOOK-42", quantity: 1)])
        }
    }

    @Test func aPageOfOrdersKeepsItsNullNoteAndCursor() async throws {
        try await OrdersServer.withClient { client, _ in
            let page = try await client.listOrders().ok.body.json
            #expect(page.orders.map(\.id) == ["ord_1001", "ord_1002"])
            #expect(page.orders.map(\.status) == [.shipped, .pending])
            #expect(page.orders.last?.note == nil)
            #expect(page.nextCursor == "c2")
        }
    }

    @Test func preferPicksAnotherExampleOrStatus() async throws {
        try await OrdersServer.withClient(prefer: "example=pending") { client, _ in
            let order = try await client.getOrder(path: .init(orderId: "ord_1002")).ok.body.json
            #expect(order.id == "ord_1002" && order.status == .pending && order.note == nil)
        }
        try await OrdersServer.withClient(prefer: "code=404") { client, _ in
            let problem = try await client.getOrder(path: .init(orderId: "ord_1")).notFound.body.application_problem_plus_json
            #expect(problem.title == "Order not found")
        }
    }

    /// `Prefer: dynamic=true` (Prism's): the body synthesised from the schema, which the generated types decode too.
    @Test func theSynthesisedBodyDecodes() async throws {
        try await OrdersServer.withClient(prefer: "dynamic=true") { client, _ in
            let order = try await client.getOrder(path: .init(orderId: "ord_1")).ok.body.json
            #expect(!order.id.isEmpty && !order.lines.isEmpty)
        }
    }
}
