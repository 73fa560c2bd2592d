import Foundation
import HTTPTypes
import Testing
import UnderstudyTesting

@testable import Understudy
@testable import UnderstudyStaging

/// Responses a test defines for its own session (`/__admin/sessions/ID/routes`): tried before the
/// scenario, seen by that session only, refused whole when wrong or past a bound, gone with the session.
@Suite struct SessionRoutesTests {
    static let session = UnderstudyRouter.sessionHeader
    static let json: HTTPFields = [.contentType: "application/json"]

    func define(_ router: UnderstudyRouter, _ id: String, _ body: String, method: HTTPRequest.Method = .post) async -> RouterResponse {
        await router.execute("/__admin/sessions/\(id)/routes", method: method, headers: Self.json, body: Array(body.utf8))
    }

    @Test func aSessionsRouteAnswersItsRequestsOnly() async throws {
        let router = try UnderstudyRouter()
        let defined = await define(
            router, "a",
            #"{"routes": [{"path": "/catfact/fact", "json": {"fact": "Staged at {{origin}}.", "length": 1}, "headers": {"X-Staged": "yes"}}]}"#)
        #expect(defined.status == .ok, "\(defined.text)")
        #expect(defined.text.contains(#""routes":[{"method":"GET","path":"/catfact/fact","status":200,"remaining":null}]"#))
        let own = await router.execute("/catfact/fact", headers: [Self.session: "a"])
        #expect(own.status == .ok && own.text == #"{"fact":"Staged at http://localhost:8080.","length":1}"#)
        #expect(own.header("X-Staged") == "yes" && own.header("Content-Type") == "application/json")
        // Another session, and no session, get the scenario.
        for headers: HTTPFields in [[Self.session: "b"], [:]] {
            let other = await router.execute("/catfact/fact", headers: headers)
            #expect(other.status == .ok && !other.text.contains("Staged"))
        }
        // Even with another scenario asked for by header, the session's own route answers first.
        let header = await router.execute("/catfact/fact", headers: [Self.session: "a", UnderstudyRouter.scenarioHeader: "server-error"])
        #expect(header.text.contains("Staged"))
        // The journal says what answered.
        let journal = await router.execute("/__admin/requests?session=a")
        #expect(journal.text.contains(#""scenario":"session-route""#), "\(journal.text)")
    }

    @Test func theNewestRouteWinsAndPutReplacesDeleteClears() async throws {
        let router = try UnderstudyRouter()
        _ = await define(router, "s", #"{"routes": [{"method": "POST", "path": "/myapi/orders", "status": 201, "body": "first"}]}"#)
        _ = await define(router, "s", #"{"routes": [{"method": "POST", "path": "/myapi/orders", "status": 202, "body": "second"}]}"#)
        var order = await router.execute("/myapi/orders", method: .post, headers: [Self.session: "s"])
        #expect(order.status == .accepted && order.text == "second")
        _ = await define(router, "s", #"{"routes": [{"method": "*", "path": "/myapi/orders/:id", "body": "order {{id}}"}]}"#, method: .put)
        order = await router.execute("/myapi/orders", method: .post, headers: [Self.session: "s"])
        #expect(order.status == .notFound, "PUT replaced the earlier routes")
        let one = await router.execute("/myapi/orders/42", method: .delete, headers: [Self.session: "s"])
        #expect(one.status == .ok && one.text == "order 42")
        let listed = await router.execute("/__admin/sessions/s/routes")
        #expect(listed.text.contains(#""method":"*","path":"/myapi/orders/:id""#))
        _ = await router.execute("/__admin/sessions/s/routes", method: .delete)
        #expect(await router.execute("/myapi/orders/42", headers: [Self.session: "s"]).status == .notFound)
    }

    /// `times:` makes one call a sequence: each route answers its count, then the next route, then the scenario.
    @Test func aSequenceAnswersInTurnThenTheScenario() async throws {
        let router = try UnderstudyRouter()
        let defined = await define(
            router, "q",
            #"{"routes": [{"path": "/catfact/fact", "status": 503, "body": "down", "times": 2}, {"path": "/catfact/fact", "fault": "malformed-json", "times": 1}]}"#
        )
        #expect(defined.text.contains(#""remaining":2"#), "\(defined.text)")
        var answers: [String] = []
        for _ in 0..<4 {
            let reply = await router.execute("/catfact/fact", headers: [Self.session: "q"])
            answers.append(reply.status.map { "\($0.code)" } ?? "fault")
        }
        #expect(answers == ["503", "503", "200", "200"])
        // The third request was the API's answer made malformed; the fourth the scenario's own.
        let journal = await router.execute("/__admin/requests?session=q")
        #expect(journal.text.components(separatedBy: #""scenario":"session-route""#).count - 1 == 3, "\(journal.text)")
        let listed = await router.execute("/__admin/sessions/q/routes")
        #expect(listed.text.contains(#""remaining":0"#), "\(listed.text)")
        // Another session never spent them.
        _ = await define(router, "r", #"{"routes": [{"path": "/catfact/fact", "status": 503, "times": 1}]}"#)
        #expect(await router.execute("/catfact/fact", headers: [Self.session: "r"]).status?.code == 503)
        #expect(await router.execute("/catfact/fact", headers: [Self.session: "r"]).status == .ok)
    }

    /// Racing requests share the last answers exactly: `times: 50` answers 50 of 200 concurrent requests.
    @Test func concurrentRequestsSpendACountExactlyOnce() async throws {
        let router = try UnderstudyRouter()
        _ = await define(router, "c", #"{"routes": [{"path": "/catfact/fact", "status": 429, "times": 50}]}"#)
        let limited = await withTaskGroup(of: Bool.self) { group in
            for _ in 0..<200 {
                group.addTask { await router.execute("/catfact/fact", headers: [Self.session: "c"]).status?.code == 429 }
            }
            return await group.reduce(0) { $0 + ($1 ? 1 : 0) }
        }
        #expect(limited == 50)
    }

    @Test func anAPIRouteWithoutAResponseKeepsTheAPIsAnswerWithItsFault() async throws {
        let router = try UnderstudyRouter()
        _ = await define(router, "f", #"{"routes": [{"path": "/swapi/api/people/1/", "fault": "connection-reset"}]}"#)
        #expect(await router.execute("/swapi/api/people/1/", headers: [Self.session: "f"]).fault == .reset)
        #expect(await router.execute("/swapi/api/people/2/", headers: [Self.session: "f"]).status == .ok)
    }

    @Test func aSessionsRoutesGoWithTheSession() async throws {
        let router = try UnderstudyRouter()
        _ = await define(router, "gone", #"{"routes": [{"path": "/mine", "body": "mine"}]}"#)
        #expect(await router.execute("/mine", headers: [Self.session: "gone"]).text == "mine")
        _ = await router.execute("/__admin/sessions/gone", method: .delete)
        #expect(await router.execute("/mine", headers: [Self.session: "gone"]).status == .notFound)
        _ = await define(router, "reset", #"{"routes": [{"path": "/mine", "body": "mine"}]}"#)
        _ = await router.execute("/__admin/reset", method: .post)
        #expect(await router.execute("/mine", headers: [Self.session: "reset"]).status == .notFound)
    }

    /// A wrong route is refused whole, every problem located in the request body, and nothing changes.
    @Test func invalidRoutesAreRefusedWithEveryProblemLocated() async throws {
        let router = try UnderstudyRouter()
        _ = await define(router, "v", #"{"routes": [{"path": "/kept", "body": "kept"}]}"#)
        let refused = await define(
            router, "v",
            """
            {"routes": [
              {"path": "/a", "status": "two hundred"},
              {"path": "no-slash", "body": "x"},
              {"path": "/b", "fault": "gremlins", "colour": "red"},
              {"path": "/outside"},
              {"path": "/c", "body_file": "../../etc/passwd"},
              {"path": "/d", "body": "x", "times": 0},
              {"path": "/e", "body": "x", "times": "twice"}
            ]}
            """)
        #expect(refused.status == .badRequest)
        let text = refused.text
        for expected in [
            "request body:2", "routes[0].status", "routes[1].path", "must start with /", "routes[2].fault", "routes[2].colour",
            "routes[3]", "needs a response", "routes[4].body_file", "scenarios folder", "routes[5].times: expected a count from 1",
            "routes[6].times",
        ] {
            #expect(text.contains(expected), "\(expected) in \(text)")
        }
        #expect(await router.execute("/kept", headers: [Self.session: "v"]).text == "kept", "nothing changed")
        for (body, error) in [
            ("not json", "invalid"), (#"{"routes": {}}"#, "expected a list of routes"), (#"{"routez": []}"#, "invalid routes"),
            (#"[]"#, "invalid routes"),
        ] {
            let bad = await define(router, "v", body)
            #expect(bad.status == .badRequest && bad.text.contains(error), "\(body): \(bad.text)")
        }
    }

    @Test func aSessionsRoutesAreBoundedInCountAndBytes() async throws {
        let router = try UnderstudyRouter()
        let many = (0...SessionOverlay.maxRoutes).map { #"{"path": "/r/\#($0)", "body": "x"}"# }.joined(separator: ",")
        let tooMany = await define(router, "n", #"{"routes": [\#(many)]}"#)
        #expect(tooMany.status == .contentTooLarge && tooMany.text.contains("at most \(SessionOverlay.maxRoutes) routes"))
        let body = String(repeating: "b", count: 30_000)  // kept twice: 60,000 bytes and some a route
        for index in 0..<4 {
            let added = await define(router, "n", #"{"routes": [{"path": "/big/\#(index)", "body": "\#(body)"}]}"#)
            #expect(added.status == .ok, "\(index): \(added.text)")
        }
        let over = await define(router, "n", #"{"routes": [{"path": "/big/5", "body": "\#(body)"}]}"#)
        #expect(over.status == .contentTooLarge && over.text.contains("at most \(SessionOverlay.maxBytes) bytes"))
        #expect(await router.execute("/big/3", headers: [Self.session: "n"]).body.count == body.utf8.count, "what was kept still answers")
    }

    /// 10,000 sessions each at their limit would keep 2.5 GB: the total stops new routes at 64 MiB.
    @Test func allSessionsRoutesTogetherAreBounded() async throws {
        let router = try UnderstudyRouter()
        let body = String(repeating: "b", count: 60_000)
        let perSession = 2
        var refusedAt: Int?
        for session in 0..<400 where refusedAt == nil {
            for index in 0..<perSession {
                let added = await define(router, "t\(session)", #"{"routes": [{"path": "/big/\#(index)", "body": "\#(body)"}]}"#)
                if added.status != .ok {
                    #expect(added.status?.code == 507 && added.text.contains("at most \(SessionOverlay.maxTotalBytes) bytes"), "\(added.text)")
                    refusedAt = session
                    break
                }
            }
        }
        let kept = try #require(refusedAt) * perSession * 2 * 60_000
        #expect(kept <= SessionOverlay.maxTotalBytes && kept > SessionOverlay.maxTotalBytes / 2)
        // Ending sessions frees room.
        _ = await router.execute("/__admin/sessions/t0", method: .delete)
        #expect(await define(router, "later", #"{"routes": [{"path": "/big/0", "body": "\#(body)"}]}"#).status == .ok)
    }
}
