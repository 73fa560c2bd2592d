import Foundation
import Testing
import Understudy
import UnderstudyHTTP
import UnderstudyMicroHTTPD
import UnderstudyStaging
import UnderstudyTestSupport
import UnderstudyTesting

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Sessions, switches and reloads while traffic flows.
@Suite struct AdminConcurrencyTests {
    @Test func parallelSessionsNeverSeeEachOthersScenarios() async throws {
        let server = try UnderstudyTestServer()
        let assignments = [
            "s-happy": "happy", "s-empty": "empty", "s-error": "server-error", "s-404": "not-found",
            "s-401": "unauthorized", "s-429": "rate-limited",
        ]
        let expectedStatus = ["happy": 200, "empty": 200, "server-error": 500, "not-found": 404, "unauthorized": 401, "rate-limited": 429]
        for (session, scenario) in assignments {
            _ = try await admin("PUT", "/sessions/\(session)/scenario", json: #"{"name":"\#(scenario)"}"#, server: server)
        }
        let session = makeSession()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for (id, scenario) in assignments {
                for index in 0..<40 {
                    group.addTask {
                        let path = ["/swapi/api/people/", "/artic/api/v1/artworks", "/catfact/facts"][index % 3]
                        let response = try await fetchOverTheWire(path, headers: ["X-Understudy-Session": id], server: server, session: session)
                        #expect(response.header("X-Understudy-Scenario") == scenario)
                        #expect(response.status == expectedStatus[scenario])
                        if scenario == "empty" { #expect(response.text.contains(#""data":[]"#) || response.text.contains(#""results":[]"#)) }
                    }
                }
            }
            try await group.waitForAll()
        }
        for (id, scenario) in assignments {
            let journal = try await admin("GET", "/requests?session=\(id)", server: server).json()
            let entries = journal["requests"]?.arrayValue ?? []
            #expect(entries.count == 40, "\(id)")
            #expect(entries.allSatisfy { $0["session"]?.stringValue == id && $0["scenario"]?.stringValue == scenario }, "\(id)")
        }
    }

    /// A journal read right after an answer sees that request: the exchange is recorded when it
    /// completes, just after its last byte, and the read waits for answers not yet recorded (as
    /// `session.verify` right after the app's call needs). Over separate connections, with admin
    /// traffic running.
    @Test func aJournalReadRightAfterAnAnswerSeesIt() async throws {
        let server = try UnderstudyTestServer(journalSize: 1_000_000)
        // Other sessions' requests keep both threads busy, so the one that wrote the app's answer may be
        // preempted before it records it. Stopped by a flag, not by cancelling: a URLSession task
        // cancelled as it completes can deadlock on Linux.
        let done = Locked(false)
        let noise = (0..<4).map { lane in
            Task {
                let session = makeSession()
                while !done.current {
                    _ = try? await fetchOverTheWire(
                        "/catfact/facts", headers: ["X-Understudy-Session": "noise-\(lane)"], server: server, session: session)
                }
            }
        }
        let appSession = makeSession()
        let adminSession = makeSession()
        var misses: [String] = []
        for index in 1...200 {
            _ = try await fetchOverTheWire("/catfact/fact", headers: ["X-Understudy-Session": "app"], server: server, session: appSession)
            let journal = try await admin("GET", "/requests?session=app", server: server, session: adminSession).json()
            let count = journal["requests"]?.arrayValue?.count ?? 0
            if count != index { misses.append("after request \(index) the journal held \(count)") }
        }
        done.withLock { $0 = true }
        for lane in noise { await lane.value }
        #expect(misses.isEmpty, "\(misses.count) reads missed the answer just given: \(misses.prefix(2))")
    }

    @Test func switchingUnderLoadServesWhollyOneScenarioOrTheOther() async throws {
        let server = try UnderstudyTestServer()
        let done = Locked(false)
        let adminSession = makeSession()
        let flipper = Task {
            var flips = 0
            while !done.current {
                _ = try await admin("PUT", "/scenario/\(flips % 2 == 0 ? "empty" : "happy")", server: server, session: adminSession)
                flips += 1
                try await Task.sleep(for: .milliseconds(3))
            }
            return flips
        }
        let session = makeSession()
        let deadline = Date().addingTimeInterval(1.5)
        var seen: [String: Int] = [:]
        try await withThrowingTaskGroup(of: [String: Int].self) { group in
            for worker in 0..<8 {
                group.addTask {
                    var seen: [String: Int] = [:]
                    var index = worker
                    while Date() < deadline {
                        let path = index % 2 == 0 ? "/swapi/api/people/" : "/catfact/facts"
                        index += 1
                        let response = try await fetchOverTheWire(path, server: server, session: session)
                        let scenario = response.header("X-Understudy-Scenario") ?? "?"
                        let body = try response.json()
                        let count = body["count"]?.intValue ?? body["total"]?.intValue ?? -1
                        // The body must be the scenario's own: happy has items, empty has none.
                        let consistent = scenario == "happy" ? count > 0 : (scenario == "empty" && count == 0)
                        #expect(consistent, "a \(scenario) response with \(count) items")
                        seen[scenario, default: 0] += 1
                    }
                    return seen
                }
            }
            for try await partial in group { seen.merge(partial, uniquingKeysWith: +) }
        }
        done.withLock { $0 = true }
        let flips = try await flipper.value
        #expect(Set(seen.keys) == ["happy", "empty"], "\(seen)")
        #expect(flips > 10)
    }

    @Test func reloadAcceptsAGoodSetRejectsABadOneAndKeepsServing() async throws {
        let folder = try copyOfBundledScenarios()
        defer { try? FileManager.default.removeItem(at: folder) }
        let server = try UnderstudyTestServer(scenarios: folder)

        // Good: a new scenario appears.
        try "description: Added at run time.\nextends: happy\ndelay: 10\n".write(
            to: folder.appendingPathComponent("added.yaml"), atomically: true, encoding: .utf8)
        let good = try await admin("POST", "/reload", server: server)
        #expect(good.status == 200)
        #expect(try good.json()["scenarios"]?.arrayValue?.contains(.string("added")) == true)
        #expect(try await fetch("/catfact/fact", scenario: "added", server: server).status == 200)

        // Bad: the error is reported, the old set keeps serving, GET /scenarios shows it until a good reload.
        try "description: broken\nfault: meltdown\n".write(to: folder.appendingPathComponent("added.yaml"), atomically: true, encoding: .utf8)
        let bad = try await admin("POST", "/reload", server: server)
        #expect(bad.status == 422)
        let problems = try bad.json()["problems"]?.arrayValue?.compactMap(\.stringValue) ?? []
        #expect(problems.contains { $0.contains("added.yaml:2:8: fault: unknown fault 'meltdown'") })
        #expect(try await fetch("/catfact/fact", scenario: "added", server: server).status == 200, "the previous set still serves")
        let listed = try await admin("GET", "/scenarios", server: server).json()
        #expect(listed["last_reload_error"]?["problems"]?.arrayValue?.isEmpty == false)

        try FileManager.default.removeItem(at: folder.appendingPathComponent("added.yaml"))
        #expect(try await admin("POST", "/reload", server: server).status == 200)
        #expect(try await admin("GET", "/scenarios", server: server).json()["last_reload_error"] == .null)
        #expect(try await fetch("/catfact/fact", scenario: "added", server: server).status == 400, "gone after the good reload")
    }

    @Test func reloadIsRejectedWhenTheActiveScenarioWouldDisappear() async throws {
        let folder = try copyOfBundledScenarios()
        defer { try? FileManager.default.removeItem(at: folder) }
        let server = try UnderstudyTestServer(scenarios: folder)
        _ = try await admin("PUT", "/scenario/truncated-body", server: server)
        try FileManager.default.removeItem(at: folder.appendingPathComponent("truncated-body.yaml"))
        let response = try await admin("POST", "/reload", server: server)
        #expect(response.status == 422)
        #expect(
            try response.json()["detail"]?.stringValue?.contains("scenario 'truncated-body', used by the active scenario, is not in the new set")
                == true)
        #expect(try await admin("GET", "/scenario", server: server).json()["active"]?.stringValue == "truncated-body")
    }

    @Test func watchReloadsWhenFilesChange() async throws {
        let folder = try copyOfBundledScenarios()
        defer { try? FileManager.default.removeItem(at: folder) }
        let server = try UnderstudyTestServer(scenarios: folder, watch: true)
        try "description: Watched.\nextends: empty\n".write(to: folder.appendingPathComponent("watched.yaml"), atomically: true, encoding: .utf8)
        var status = 0
        for _ in 0..<300 where status != 200 {
            try await Task.sleep(for: .milliseconds(100))
            status = try await fetch("/catfact/facts", scenario: "watched", server: server).status
        }
        #expect(status == 200, "picked up (watchdog: 30 s)")
        // A broken edit is rejected and reported; the previous set keeps serving.
        try "fault: [".write(to: folder.appendingPathComponent("watched.yaml"), atomically: true, encoding: .utf8)
        var reported = false
        for _ in 0..<300 where !reported {
            try await Task.sleep(for: .milliseconds(100))
            reported = try await admin("GET", "/scenarios", server: server).json()["last_reload_error"] != .null
        }
        #expect(reported)
        #expect(try await fetch("/catfact/facts", scenario: "watched", server: server).status == 200)
    }

    @Test func adminStaysReachableWith2000ParkedDelays() async throws {
        let server = try UnderstudyTestServer(connectionLimit: 8000, adminPort: 0)
        var sockets: [Int32] = []
        defer { for socket in sockets { close(socket) } }
        let request = "GET /catfact/fact HTTP/1.1\r\nHost: x\r\nX-Understudy-Scenario: delay\r\nX-Understudy-Delay: 20000\r\n\r\n"
        for _ in 0..<2000 {
            let fd = try RawHTTP.connect(port: server.port)
            sockets.append(fd)
            RawHTTP.send(fd, request)
        }
        try await waitUntil(seconds: 60) {
            server.parkedConnections == 2000
        } state: {
            "\(server.parkedConnections) parked"
        }
        let onMainPort = try await admin("GET", "/health", server: server)
        #expect(onMainPort.status == 200)
        let adminURL = try #require(server.adminBaseURL)
        let (data, response) = try await defaultSession.data(from: adminURL.appendingPathComponent("__admin/scenario"))
        #expect((response as! HTTPURLResponse).statusCode == 200)
        #expect(String(decoding: data, as: UTF8.self).contains(#""active":"happy""#))
        let (_, apiOnAdminPort) = try await defaultSession.data(from: adminURL.appendingPathComponent("catfact/fact"))
        #expect((apiOnAdminPort as! HTTPURLResponse).statusCode == 404, "the admin port serves only /__admin")
    }
}
