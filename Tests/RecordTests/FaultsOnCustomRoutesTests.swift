import Foundation
import Testing
import UnderstudyTesting

/// Every bundled fault scenario applies to routes of a team's own (`routes:` of another scenario), end to
/// end through a real server: flipping to a fault flips /myapp/… as it flips the three APIs.
@Suite struct FaultsOnCustomRoutesTests {
    static let user = "/myapp/users/42"

    func server() async throws -> UnderstudyTestServer { try await UnderstudyTestServer.start(scenario: "custom-routes") }

    @Test(arguments: [("server-error", 500), ("not-found", 404), ("rate-limited", 429), ("unauthorized", 401)])
    func errorScenariosAnswerTheDocumentedGenericBody(_ scenario: String, _ status: Int) async throws {
        let server = try await server()
        let answer = try request(server.port, Self.user, headers: ["X-Understudy-Scenario": scenario])
        #expect(answer.status == status)
        let body = try #require(answer.json as? [String: Any], "a JSON body: \(answer.body)")
        #expect(body["status"] as? Int == status)
        #expect(body["error"] is String)
        #expect(answer.header("X-Understudy-Scenario") == scenario, "the answer names the scenario that gave it")
        if scenario == "rate-limited" { #expect(answer.header("Retry-After") == "60") }
        if scenario == "unauthorized" { #expect(answer.header("WWW-Authenticate") == "Bearer") }
    }

    @Test func theBaseScenarioStillAnswersAndHappyStillDoesNot() async throws {
        let server = try await server()
        let own = try request(server.port, Self.user)
        #expect(own.status == 200)
        #expect((own.json as? [String: Any])?["id"] as? String == "42")
        // happy sets nothing at its top level: it does not take routes from other scenarios.
        #expect(try request(server.port, Self.user, headers: ["X-Understudy-Scenario": "happy"]).status == 404)
        // A path no scenario defines is still a 404 under a fault scenario.
        #expect(try request(server.port, "/myapp/nothing", headers: ["X-Understudy-Scenario": "server-error"]).status == 404)
    }

    @Test func malformedJSONCutsTheRoutesOwnBodyInHalf() async throws {
        let server = try await server()
        let whole = try request(server.port, Self.user)
        let cut = try request(server.port, Self.user, headers: ["X-Understudy-Scenario": "malformed-json"])
        #expect(cut.status == 200)
        #expect(cut.json == nil, "not valid JSON")
        #expect(cut.body.utf8.count == whole.body.utf8.count / 2)
        #expect(whole.body.hasPrefix(cut.body))
    }

    @Test func delayAndSlowBodyStillDeliverTheRoutesBody() async throws {
        let server = try await server()
        let whole = try request(server.port, Self.user)
        for scenario in ["delay", "slow-body"] {
            let started = Date()
            let answer = try request(server.port, Self.user, headers: ["X-Understudy-Scenario": scenario, "X-Understudy-Delay": "300"])
            #expect(answer.status == 200, "\(scenario)")
            #expect(answer.body == whole.body, "\(scenario)")
            // slow-body spreads 10 pieces over the delay: the last leaves after 9 of its 10 intervals.
            #expect(Date().timeIntervalSince(started) >= (scenario == "delay" ? 0.29 : 0.26), "\(scenario) waited its delay")
        }
    }

    @Test func networkFaultsApplyToo() async throws {
        let server = try await server()
        let reset = try request(server.port, Self.user, headers: ["X-Understudy-Scenario": "connection-reset"])
        #expect(reset.raw.isEmpty, "reset without an answer")
        let held = try request(server.port, Self.user, headers: ["X-Understudy-Scenario": "timeout"], timeout: 1)
        #expect(held.raw.isEmpty, "no answer while the client waits")
        let truncated = try request(server.port, Self.user, headers: ["X-Understudy-Scenario": "truncated-body"])
        let announced = try #require(truncated.header("Content-Length").flatMap { Int($0) })
        #expect(truncated.status == 200)
        #expect(truncated.body.utf8.count < announced)
    }

    /// A fault scenario that extends the API flips its routes; a route the fault file itself writes wins.
    @Test func nearestFileWinsAndPerRouteOverridesStillWin() async throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try write(
            [
                "mine.yaml": """
                routes:
                  - path: /mine/items/:id
                    json: {id: "{{id}}"}
                  - path: /mine/special
                    json: {special: true}
                  - path: /mine/slow
                    delay: 5000
                    json: {slow: true}
                """,
                "mine-down.yaml": """
                extends: mine
                response:
                  status: 503
                  json: {down: true}
                delay: 0
                routes:
                  - path: /mine/special
                    json: {special: "still"}
                """,
            ], into: folder)
        let server = try await UnderstudyTestServer.start(scenarios: folder, scenario: "mine-down")
        let item = try request(server.port, "/mine/items/7")
        #expect(item.status == 503)
        #expect((item.json as? [String: Any])?["down"] as? Bool == true)
        let special = try request(server.port, "/mine/special")
        #expect(special.status == 200)
        #expect((special.json as? [String: Any])?["special"] as? String == "still")
        // mine-down's top-level delay (0) is nearer than mine's per-route 5000 ms.
        let slow = try request(server.port, "/mine/slow", timeout: 3)
        #expect(slow.status == 503)
        let base = try request(server.port, "/mine/items/7", headers: ["X-Understudy-Scenario": "mine"])
        #expect((base.json as? [String: Any])?["id"] as? String == "7")
    }
}
