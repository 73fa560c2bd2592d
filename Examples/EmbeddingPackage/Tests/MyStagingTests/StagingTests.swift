import Foundation
import MyStaging
import Testing
import Understudy
import UnderstudyTesting

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The embedded server, as the team's executable runs it, over real sockets and URLSession.
@Suite struct EmbeddedServerTests {
    @Test func servesItsOwnDocumentRoutesAndTheBundledAdmin() async throws {
        let server = try UnderstudyServer(configuration: Staging.configuration(port: 0))
        try server.start()
        defer { server.stop() }
        let base = URL(string: server.baseURL)!
        let (orders, response) = try await URLSession.shared.data(from: base.appendingPathComponent("orders/orders"))
        #expect((response as? HTTPURLResponse)?.statusCode == 200)
        let list = try #require(try JSONSerialization.jsonObject(with: orders) as? [[String: Any]])
        #expect(list.first?["item"] as? String == "espresso")
        let (status, _) = try await URLSession.shared.data(from: base.appendingPathComponent("myapp/status"))
        #expect(String(decoding: status, as: UTF8.self).contains("staging"))
        let (health, _) = try await URLSession.shared.data(from: base.appendingPathComponent("__admin/health"))
        #expect(String(decoding: health, as: UTF8.self).contains("ok"))
    }

    @Test func aBrokenFolderIsRefusedWithItsProblems() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mystaging-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try "name: happy\nroutes:\n  - path: /x\n    status: nine\n".write(
            to: folder.appendingPathComponent("happy.yaml"), atomically: true, encoding: .utf8)
        var configuration = Staging.configuration(port: 0)
        configuration.scenariosDirectory = folder
        configuration.openAPI = []
        #expect(throws: UnderstudyError.self) { try UnderstudyServer(configuration: configuration) }
    }
}

/// The same folder and document through UnderstudyTesting: a session per test, the document's own 503 on demand.
@Suite struct StagingSessionTests {
    @Test func aSessionSwitchesTheOrdersAPIDown() async throws {
        let server = try UnderstudyTestServer(
            scenarios: Staging.folder,
            openAPI: [OpenAPIMount(name: "orders", file: Staging.folder.appendingPathComponent("openapi/orders.yaml"))])
        defer { server.stop() }
        let session = server.admin.session()
        try await session.use("orders-down")
        let (body, response) = try await session.urlSession.data(from: session.url("/orders/orders"))
        #expect((response as? HTTPURLResponse)?.statusCode == 503)
        #expect(String(decoding: body, as: UTF8.self).contains("try later"))
        #expect(try await session.requests().map(\.path) == ["/orders/orders"])
    }
}
