import Foundation
import Testing
import UnderstudyAdminWire
import UnderstudyBuiltinAPIs
import UnderstudyDocuments
import UnderstudyHTTP
import UnderstudyMicroHTTPD
import UnderstudyTestSupport
import UnderstudyTesting

@testable import Understudy
@testable import UnderstudyStaging

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Every admin route and every kind of admin mistake, over HTTP.
@Suite struct AdminAPITests {
    @Test func healthScenariosAndState() async throws {
        let server = try UnderstudyTestServer()
        let health = try await admin("GET", "/health", server: server)
        #expect(health.status == 200 && health.text == #"{"status":"ok"}"#)

        let scenarios = try await admin("GET", "/scenarios", server: server).json()
        let names = scenarios["scenarios"]?.arrayValue?.compactMap { $0["name"]?.stringValue } ?? []
        #expect(names.contains("happy") && names.contains("timeout"))
        #expect(scenarios["active"]?.stringValue == "happy")
        #expect(scenarios["last_reload_error"] == .null)
        let happy = scenarios["scenarios"]?.arrayValue?.first { $0["name"]?.stringValue == "happy" }
        #expect(happy?["active"] == .bool(true))
        #expect(happy?["description"]?.stringValue?.isEmpty == false)

        let state = try await admin("GET", "/scenario", server: server).json()
        #expect(state["active"]?.stringValue == "happy" && state["start"]?.stringValue == "happy")
    }

    @Test func switchingGloballyPerAPIAndByPath() async throws {
        let server = try UnderstudyTestServer()
        var response = try await admin("PUT", "/scenario", json: #"{"name":"empty"}"#, server: server)
        #expect(response.status == 200)
        #expect(try await fetch("/swapi/api/people/", server: server).json()["count"]?.intValue == 0)

        response = try await admin("PUT", "/scenario", json: #"{"name":"server-error","api":"catfact"}"#, server: server)
        #expect(try response.json()["overrides"]?["catfact"]?.stringValue == "server-error")
        #expect(try await fetch("/catfact/fact", server: server).status == 500)
        #expect(try await fetch("/swapi/api/people/", server: server).json()["count"]?.intValue == 0, "other APIs keep the active scenario")

        response = try await admin("PUT", "/scenario", json: #"{"name":null,"api":"catfact"}"#, server: server)
        #expect(try response.json()["overrides"] == .object([]))
        #expect(try await fetch("/catfact/fact", server: server).status == 404, "empty: no fact")

        response = try await admin("PUT", "/scenario/happy", server: server)
        #expect(try response.json()["active"]?.stringValue == "happy")
        #expect(try await fetch("/catfact/fact", server: server).status == 200)
    }

    @Test func theHeaderBeatsTheSessionWhichBeatsTheOverrideWhichBeatsTheActive() async throws {
        let server = try UnderstudyTestServer()
        _ = try await admin("PUT", "/scenario", json: #"{"name":"empty"}"#, server: server)
        _ = try await admin("PUT", "/scenario", json: #"{"name":"not-found","api":"swapi"}"#, server: server)
        _ = try await admin("PUT", "/sessions/s1/scenario", json: #"{"name":"unauthorized"}"#, server: server)
        _ = try await admin("PUT", "/sessions/s1/scenario", json: #"{"name":"rate-limited","api":"swapi"}"#, server: server)
        let path = "/swapi/api/people/1/"
        #expect(try await fetch(path, server: server).status == 404)  // override
        #expect(try await fetch("/artic/api/v1/artworks/28560", server: server).status == 404)  // active (empty)
        #expect(try await fetch(path, headers: ["X-Understudy-Session": "s1"], server: server).status == 429)  // session, per API
        #expect(try await fetch("/catfact/fact", headers: ["X-Understudy-Session": "s1"], server: server).status == 401)  // session
        #expect(try await fetch(path, scenario: "happy", headers: ["X-Understudy-Session": "s1"], server: server).status == 200)  // header
    }

    @Test func resetRestoresTheStartScenarioAndClearsEverything() async throws {
        let server = try UnderstudyTestServer(scenario: "empty")
        _ = try await admin("PUT", "/scenario/happy", server: server)
        _ = try await admin("PUT", "/scenario", json: #"{"name":"timeout","api":"artic"}"#, server: server)
        _ = try await admin("PUT", "/sessions/a/scenario", json: #"{"name":"happy"}"#, server: server)
        _ = try await fetch("/catfact/fact", server: server)
        let reset = try await admin("POST", "/reset", server: server).json()
        #expect(reset["active"]?.stringValue == "empty")
        #expect(reset["overrides"] == .object([]) && reset["session_count"]?.intValue == 0)
        #expect(try await admin("GET", "/requests", server: server).json()["count"]?.intValue == 0)
    }

    @Test func sessionsAreIndependentAndDeletable() async throws {
        let server = try UnderstudyTestServer()
        _ = try await admin("PUT", "/sessions/alpha/scenario", json: #"{"name":"empty"}"#, server: server)
        _ = try await fetch("/swapi/api/people/", headers: ["X-Understudy-Session": "alpha"], server: server)
        _ = try await fetch("/swapi/api/people/", headers: ["X-Understudy-Session": "beta"], server: server)
        let sessions = try await admin("GET", "/sessions", server: server).json()
        #expect(sessions["sessions"]?["alpha"]?["scenario"]?.stringValue == "empty")
        #expect(sessions["count"]?.intValue == 1 && sessions["sessions"]?["beta"] == nil, "a request alone creates no session")
        let one = try await admin("GET", "/sessions/alpha", server: server).json()
        #expect(one["session"]?["scenario"]?.stringValue == "empty" && one["session_count"]?.intValue == 1)
        #expect(try await admin("GET", "/requests?session=alpha", server: server).json()["count"]?.intValue == 1)

        let deleted = try await admin("DELETE", "/sessions/alpha", server: server)
        #expect(deleted.status == 200)
        #expect(try deleted.json()["session_count"]?.intValue == 0)
        #expect(try deleted.json()["session"] == .null)
        #expect(
            try await admin("GET", "/requests?session=alpha", server: server).json()["count"]?.intValue == 0, "deleting a session clears its journal")
        #expect(try await admin("GET", "/requests?session=beta", server: server).json()["count"]?.intValue == 1)
        #expect(try await fetch("/swapi/api/people/", headers: ["X-Understudy-Session": "alpha"], server: server).json()["count"]?.intValue == 82)
    }

    @Test func failThenRecoverSequences() async throws {
        let server = try UnderstudyTestServer()
        let sequence = #"{"sequence":[{"name":"rate-limited","count":2},{"name":"happy"}]}"#
        _ = try await admin("PUT", "/sessions/retry/scenario", json: sequence, server: server)
        var statuses: [Int] = []
        for _ in 0..<4 { statuses.append(try await fetch("/catfact/fact", headers: ["X-Understudy-Session": "retry"], server: server).status) }
        #expect(statuses == [429, 429, 200, 200])
        let limited = try await fetch("/catfact/fact", scenario: "rate-limited", server: server)
        #expect(limited.header("Retry-After") == "60")

        // Counts are per session and start afresh with it.
        _ = try await admin("DELETE", "/sessions/retry", server: server)
        _ = try await admin("PUT", "/sessions/retry/scenario", json: sequence, server: server)
        #expect(try await fetch("/catfact/fact", headers: ["X-Understudy-Session": "retry"], server: server).status == 429)

        // Server-wide, per API.
        _ = try await admin(
            "PUT", "/scenario", json: #"{"api":"swapi","sequence":[{"name":"server-error","count":1},{"name":"happy"}]}"#, server: server)
        #expect(try await fetch("/swapi/api/", server: server).status == 500)
        #expect(try await fetch("/catfact/fact", server: server).status == 200, "only swapi requests count")
        #expect(try await fetch("/swapi/api/", server: server).status == 200)

        // A count may be spelled as any whole JSON number.
        #expect(
            try await admin("PUT", "/scenario", json: #"{"sequence":[{"name":"server-error","count":1.0},{"name":"happy"}]}"#, server: server).status
                == 200)
        #expect(
            try await admin("PUT", "/scenario", json: #"{"sequence":[{"name":"server-error","count":1.5},{"name":"happy"}]}"#, server: server).status
                == 400)
    }

    @Test func journalRecordsAndFilters() async throws {
        let server = try UnderstudyTestServer()
        _ = try await fetch("/swapi/api/people/1/", headers: ["X-Understudy-Session": "j1", "X-Custom": "yes"], server: server)
        try await Task.sleep(for: .milliseconds(5))  // journal times have millisecond precision; `since=ID` is exact
        _ = try await fetch("/catfact/fact?max_length=60", scenario: "server-error", headers: ["X-Understudy-Session": "j1"], server: server)
        _ = try await fetch("/artic/api/v1/artworks/1", headers: ["X-Understudy-Session": "j2"], server: server)
        _ = try await admin("GET", "/health", server: server)

        let all = try await admin("GET", "/requests", server: server).json()
        #expect(all["count"]?.intValue == 3, "admin calls are not recorded")
        let first = try #require(all["requests"]?.arrayValue?.first)
        #expect(
            first.members?.map(\.key) == [
                "id", "time", "method", "path", "query", "headers", "body_bytes", "body", "body_base64", "session", "api", "scenario", "status",
                "duration_ms", "completed", "problems", "graphql_operations",
            ])
        #expect(first["headers"]?["X-Custom"]?.stringValue == "yes")
        #expect(first["scenario"]?.stringValue == "happy")

        let errors = try await admin("GET", "/requests?status=500", server: server).json()
        #expect(errors["requests"]?.arrayValue?.map { $0["query"]?.stringValue } == ["max_length=60"])
        #expect(errors["requests"]?.arrayValue?.first?["scenario"]?.stringValue == "server-error")
        #expect(try await admin("GET", "/requests?api=artic", server: server).json()["count"]?.intValue == 1)
        #expect(try await admin("GET", "/requests?path=/swapi/", server: server).json()["count"]?.intValue == 1)
        #expect(
            try await admin("GET", "/requests?session=j1&limit=1", server: server).json()["requests"]?.arrayValue?.first?["api"]?.stringValue
                == "catfact")
        let firstID = try #require(first["id"]?.intValue)
        #expect(try await admin("GET", "/requests?since=\(firstID)", server: server).json()["count"]?.intValue == 2)
        let time = try #require(first["time"]?.stringValue)
        let sinceTime = try await admin("GET", "/requests?since=\(time)", server: server)
        #expect(try sinceTime.json()["count"]?.intValue == 2, "\(time): \(sinceTime.text.prefix(300))")

        #expect(try await admin("DELETE", "/requests?session=j2", server: server).status == 200)
        #expect(try await admin("GET", "/requests", server: server).json()["count"]?.intValue == 2)
        #expect(try await admin("DELETE", "/requests", server: server).status == 200)
        #expect(try await admin("GET", "/requests", server: server).json()["count"]?.intValue == 0)
    }

    /// State answers carry the session count, not the sessions; a session call also shows its session;
    /// `GET /__admin/sessions` pages them in id order.
    @Test func adminAnswersDoNotListEverySession() async throws {
        let server = try UnderstudyTestServer()
        for index in 0..<5 {
            let set = try await admin("PUT", "/sessions/s\(index)/scenario", json: #"{"name":"empty"}"#, server: server).json()
            #expect(set["session"]?["id"]?.stringValue == "s\(index)" && set["session"]?["scenario"]?.stringValue == "empty")
        }
        let state = try await admin("GET", "/scenario", server: server).json()
        #expect(state["session_count"]?.intValue == 5 && state["sessions"] == nil && state["session"] == nil)
        let first = try await admin("GET", "/sessions?limit=2", server: server).json()
        #expect(first["count"]?.intValue == 5 && first["sessions"]?.members?.map(\.key) == ["s0", "s1"])
        #expect(first["next"]?.stringValue == "s1" && first["ttl_seconds"]?.intValue == 3600 && first["max_sessions"]?.intValue == 10_000)
        let last = try await admin("GET", "/sessions?limit=2&after=s3", server: server).json()
        #expect(last["sessions"]?.members?.map(\.key) == ["s4"] && last["next"] == .null)
        #expect(try await admin("GET", "/sessions?limit=5000", server: server).status == 400)
        #expect(try await admin("GET", "/sessions?page=2", server: server).status == 400)
    }

    @Test func theJournalIsABoundedRing() async throws {
        let server = try UnderstudyTestServer(journalSize: 5)
        for page in 1...8 { _ = try await fetch("/swapi/api/people/?page=\(page)", server: server) }
        let journal = try await admin("GET", "/requests", server: server).json()
        #expect(journal["count"]?.intValue == 5)
        #expect(journal["requests"]?.arrayValue?.compactMap { $0["query"]?.stringValue } == (4...8).map { "page=\($0)" })
    }

    @Test(
        arguments: [
            ("PUT", "/scenario", #"{"name":"nope"}"#, 400, "unknown scenario"),
            ("PUT", "/scenario/nope", nil, 404, "unknown scenario"),
            ("PUT", "/scenario", #"{"name":"happy","api":"pokeapi"}"#, 400, "unknown API"),
            ("PUT", "/scenario", #"{"name":"happy""#, 400, "invalid JSON"),
            ("PUT", "/scenario", #"["happy"]"#, 400, "invalid JSON"),
            ("PUT", "/scenario", #"{}"#, 400, "missing field"),
            ("PUT", "/scenario", #"{"name":42}"#, 400, "invalid field"),
            ("PUT", "/scenario", #"{"name":"happy","colour":"red"}"#, 400, "unknown field"),
            ("PUT", "/scenario", #"{"name":"happy","sequence":[]}"#, 400, "conflicting fields"),
            ("PUT", "/scenario", #"{"sequence":[{"name":"happy"}]}"#, 400, "invalid sequence"),
            ("PUT", "/scenario", #"{"sequence":[{"name":"happy","count":0},{"name":"empty"}]}"#, 400, "invalid sequence"),
            ("PUT", "/sessions/..%2F..%2Fetc/scenario", #"{"name":"happy"}"#, 400, "escaped admin path"),
            ("PUT", "/sessions/bad%20id/scenario", #"{"name":"happy"}"#, 400, "escaped admin path"),
            ("PUT", "/sessions/bad.id!/scenario", #"{"name":"happy"}"#, 400, "invalid session id"),
            ("DELETE", "/scenario", nil, 405, "method not allowed"),
            ("POST", "/health", nil, 405, "method not allowed"),
            ("GET", "/reset", nil, 405, "method not allowed"),
            ("GET", "/requests?status=bad", nil, 400, "invalid parameter"),
            ("GET", "/requests?colour=red", nil, 400, "unknown parameter"),
            ("GET", "/requests?api=nope", nil, 400, "unknown API"),
            ("GET", "/nothing", nil, 404, "unknown admin route"),
        ] as [(String, String, String?, Int, String)])
    func mistakesAreClear4xxAndChangeNothing(_ method: String, _ path: String, _ body: String?, _ status: Int, _ error: String) async throws {
        let server = try UnderstudyTestServer()
        let before = try await admin("GET", "/scenario", server: server).text
        let response = try await admin(method, path, json: body, server: server)
        #expect(response.status == status)
        let json = try response.json()
        #expect(json["error"]?.stringValue == error)
        #expect((json["detail"]?.stringValue?.count ?? 0) > 10, "the detail says what is accepted")
        if status == 405 { #expect(response.header("Allow") != nil) }
        #expect(try await admin("GET", "/scenario", server: server).text == before)
    }

    @Test func oversizedBodiesAre413() async throws {
        let server = try UnderstudyTestServer()
        let huge = #"{"name":""# + String(repeating: "x", count: 100_000) + #""}"#
        let response = try await admin("PUT", "/scenario", json: huge, server: server)
        #expect(response.status == 413)
        #expect(try response.json()["error"]?.stringValue == "body too large")
    }

    @Test func theTokenGuardsEveryAdminCall() async throws {
        let server = try UnderstudyTestServer(adminToken: "s3cret")
        for path in ["/health", "/scenarios", "/scenario", "/requests", "/sessions", "/"] {
            #expect(try await admin("GET", path, server: server).status == 401, "\(path)")
            #expect(try await admin("GET", path, token: "wrong", server: server).status == 401, "\(path)")
            #expect(try await admin("GET", path, token: "s3cret", server: server).status == 200, "\(path)")
        }
        #expect(try await admin("PUT", "/scenario/empty", server: server).status == 401)
        #expect(try await admin("GET", "/?token=s3cret", server: server).status == 200, "the dashboard page takes the token in its URL")
        #expect(try await admin("GET", "/scenario?token=s3cret", server: server).status == 401, "API calls need the header")
        #expect(try await fetch("/catfact/fact", server: server).status == 200, "the APIs need no token")
    }

    @Test func remoteAdminNeedsATokenOrAnExplicitOptIn() throws {
        func configuration(host: String, token: String? = nil, allow: Bool = false) -> UnderstudyConfiguration {
            UnderstudyConfiguration(
                server: .init(host: host, port: 0), scenariosDirectory: UnderstudyTestServer.bundledScenarios,
                adminToken: token, allowRemoteAdmin: allow)
        }
        #expect { try UnderstudyServer(configuration: configuration(host: "0.0.0.0"), transport: .libmicrohttpd) } throws: { error in
            "\(error)".contains("refusing to serve the admin API on 0.0.0.0 without a token") && "\(error)".contains("--allow-remote-admin")
        }
        _ = try UnderstudyServer(configuration: configuration(host: "0.0.0.0", token: "t"), transport: .libmicrohttpd)
        _ = try UnderstudyServer(configuration: configuration(host: "0.0.0.0", allow: true), transport: .libmicrohttpd)
        _ = try UnderstudyServer(configuration: configuration(host: "127.0.0.1"), transport: .libmicrohttpd)
    }

    @Test func theDashboardIsOneSelfContainedPage() async throws {
        let server = try UnderstudyTestServer()
        let page = try await admin("GET", "/", server: server)
        #expect(page.status == 200)
        #expect(page.header("Content-Type") == "text/html; charset=utf-8")
        #expect(page.text.contains("<script>") && page.text.contains("/__admin"))
        #expect(!page.text.contains("http://") && !page.text.contains("https://"), "no CDN or external resource")
    }
}

/// The admin answers' bytes come from the shared wire types: key order and `null`s as they always were.
@Suite struct AdminWireBytesTests {
    func text<Answer: Encodable>(_ answer: Answer) -> String {
        String(decoding: JSONWriter().template(JSONValueEncoder.encode(answer)).render(origin: Origin("")), as: UTF8.self)
    }

    @Test func aSessionsPageWritesEveryField() {
        let session = UnderstudyWire.SessionState(id: "a", scenario: nil, apis: [:], idleSeconds: 0)
        let page = UnderstudyWire.Sessions(count: 1, ttlSeconds: 3600, maxSessions: 10, sessions: ["a": session], next: nil)
        #expect(
            text(page)
                == #"{"count":1,"ttl_seconds":3600,"max_sessions":10,"sessions":{"a":{"id":"a","scenario":null,"apis":{},"idle_seconds":0}},"next":null}"#
        )
    }

    @Test func anErrorBodyIsErrorThenDetail() {
        #expect(String(decoding: ErrorBody.bytes(error: "e", detail: "d"), as: UTF8.self) == #"{"error":"e","detail":"d"}"#)
        #expect(
            String(decoding: ErrorBody.bytes(error: "e", detail: "d", problems: ["p"]), as: UTF8.self)
                == #"{"error":"e","detail":"d","problems":["p"]}"#)
    }
}
