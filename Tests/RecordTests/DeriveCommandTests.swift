import Foundation
import Testing
import UnderstudyTestSupport
import UnderstudyTesting

/// `understudy derive FILE` on a hand-written recording: four files that extend it and load with it.
@Suite struct DeriveCommandTests {
    @Test func writesTheFourVariantsThatExtendTheRecording() async throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try write(
            [
                "shop.yaml": """
                routes:
                  - path: /shop/items
                    query: "page=1"
                    json: {total: 2, count: 2, items: [{id: 1}, {id: 2}], next: "{{origin}}/shop/items?page=2"}
                  - path: /shop/about
                    headers: {Content-Type: text/plain}
                    body: hello
                """
            ], into: folder)
        let run = try UnderstudyProcess(["derive", folder.appendingPathComponent("shop.yaml").path]).finish()
        #expect(run.status == 0, "\(run.stderr)")
        for kind in ["empty", "not-found", "server-error", "malformed-json"] {
            let text = try String(contentsOf: folder.appendingPathComponent("shop-\(kind).yaml"), encoding: .utf8)
            #expect(text.contains("extends: shop"), "\(kind)")
        }
        let validate = try UnderstudyProcess(["validate", folder.path]).finish()
        #expect(validate.status == 0, "\(validate.stderr)")

        let server = try await UnderstudyTestServer.start(scenarios: folder, scenario: "shop")
        let empty = try request(server.port, "/shop/items?page=1", headers: ["X-Understudy-Scenario": "shop-empty"])
        #expect(empty.body == "{\"total\":0,\"count\":0,\"items\":[],\"next\":\"http://127.0.0.1:\(server.port)/shop/items?page=2\"}")
        let about = try request(server.port, "/shop/about", headers: ["X-Understudy-Scenario": "shop-empty"])
        #expect(about.body == "hello", "a body with no list is inherited as it is")
        #expect(try request(server.port, "/shop/about", headers: ["X-Understudy-Scenario": "shop-server-error"]).status == 500)
        #expect(try request(server.port, "/shop/items?page=1", headers: ["X-Understudy-Scenario": "shop-not-found"]).status == 404)

        // A file that is not a loadable recording is a clear error, and nothing is written.
        let missing = try UnderstudyProcess(["derive", folder.appendingPathComponent("nope.yaml").path]).finish()
        #expect(missing.status != 0)
        #expect(missing.stderr.contains("no scenario of that name"), "\(missing.stderr)")
    }
}
