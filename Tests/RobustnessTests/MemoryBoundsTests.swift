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

/// The traffic shapes that used to pin memory by the gigabyte, against a server process:
/// the resident memory it grows by stays under the documented bounds (README, "Resource bounds").
@Suite(.serialized, .disabled(if: underSanitizer, "RSS figures mean nothing under a sanitizer's allocator"))
struct MemoryBoundsTests {
    /// What the responses may add: the response caches' budget (64 MiB) and the journal's body budget
    /// (16 MiB), plus room for the bodies in flight and the allocator's own keeping.
    static let growthBoundKilobytes = (64 + 16 + 32) * 1024

    /// RSS once a few requests of every kind have warmed the server up.
    private static func warmedUp(_ server: UnderstudyProcess, port: Int) throws -> Int {
        for path in ["/catfact/facts", "/swapi/api/people/1/", "/artic/api/v1/artworks?limit=100"] {
            _ = try RawHTTP.exchange(port: port, "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n\r\n")
        }
        return try #require(server.residentKilobytes)
    }

    /// Bodies up to the limit, each kept by the journal until then (600 of 1 MiB pinned 600 MB;
    /// at 2,400 it was 2.2 GB). Now the journal keeps each body's first 64 KiB within a 16 MiB budget.
    @Test func largeRequestBodies() async throws {
        let (server, port) = try startServerProcess()
        defer {
            server.signal(SIGKILL)
            _ = server.finish()
        }
        let before = try Self.warmedUp(server, port: port)
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpMaximumConnectionsPerHost = 4
        let session = URLSession(configuration: configuration)
        let body = Data(repeating: UInt8(ascii: "x"), count: 1 << 20)
        let posts = 600
        let statuses = Locked([Int: Int]())
        await withTaskGroup(of: Void.self) { group in
            for worker in 0..<4 {
                group.addTask {
                    for index in stride(from: worker, to: posts, by: 4) {
                        var request = URLRequest(url: URL(string: "http://127.0.0.1:\(port)/catfact/facts?n=\(index)")!)
                        request.httpMethod = "POST"
                        request.httpBody = body
                        let status = ((try? await session.data(for: request))?.1 as? HTTPURLResponse)?.statusCode ?? 0
                        statuses.withLock { $0[status, default: 0] += 1 }
                    }
                }
            }
        }
        let after = try #require(server.residentKilobytes)
        print("memory bounds: \(posts) POSTs of 1 MiB: RSS \(before) kB → \(after) kB")
        #expect(statuses.current == [405: posts], "every POST was read and answered: \(statuses.current)")
        let journal = try await UnderstudyAdmin(baseURL: URL(string: "http://127.0.0.1:\(port)")!, session: session).requests(limit: 1)
        #expect(journal.first?.method == "POST")
        #expect(after - before < Self.growthBoundKilobytes, "RSS grew \(after - before) kB")
    }

    /// One large list under 1,500 `Host` values: each used to keep its own rendered copy
    /// (460 MB). Now a route keeps a few hosts' copies; the others are rendered per request.
    @Test func manyHostsOnALargeList() throws {
        let (server, port) = try startServerProcess()
        defer {
            server.signal(SIGKILL)
            _ = server.finish()
        }
        let before = try Self.warmedUp(server, port: port)
        var bodyBytes = 0
        for index in 0..<1500 {
            let host = "host-\(index).example:\(port)"
            let reply = try RawHTTP.exchange(
                port: port, "GET /artic/api/v1/artworks?limit=100 HTTP/1.1\r\nHost: \(host)\r\nConnection: close\r\n\r\n")
            #expect(statusCode(reply) == 200)
            if index == 0 || index == 1499 {
                #expect(reply.contains("http://\(host)/artic/api/v1/artworks/"), "links follow the Host")
                bodyBytes = reply.utf8.count
            }
        }
        let after = try #require(server.residentKilobytes)
        print("memory bounds: 1,500 hosts on a \(bodyBytes / 1024) KiB list: RSS \(before) kB → \(after) kB")
        #expect(bodyBytes > 50_000, "a large list")
        // A copy per host would grow by 1,500 bodies; a quarter of that is far above a few hosts' copies.
        let bound = min(Self.growthBoundKilobytes, 1500 * bodyBytes / 1024 / 4)
        #expect(after - before < bound, "RSS grew \(after - before) kB (bound \(bound) kB)")
    }

    /// 2,000 sessions: admin answers carry their count, not them; one past the cap is refused.
    @Test func manySessions() async throws {
        let limit = 2000
        let (server, port) = try startServerProcess(["--session-limit", String(limit)])
        defer {
            server.signal(SIGKILL)
            _ = server.finish()
        }
        let base = URL(string: "http://127.0.0.1:\(port)")!
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpMaximumConnectionsPerHost = 4
        let session = URLSession(configuration: configuration)
        let admin = UnderstudyAdmin(baseURL: base, session: session)
        await withTaskGroup(of: Void.self) { group in
            for worker in 0..<4 {
                group.addTask {
                    for index in stride(from: worker, to: limit, by: 4) {
                        try? await admin.setScenario(index % 2 == 0 ? "empty" : "server-error", session: "shard-\(index)")
                    }
                }
            }
        }
        func get(_ path: String) async throws -> (status: Int, body: Data) {
            let (data, response) = try await session.data(from: base.appendingPathComponent("__admin").appendingPathComponent(path))
            return ((response as? HTTPURLResponse)?.statusCode ?? 0, data)
        }
        let state = try await get("scenario")
        let fields = json(state.body)
        #expect(fields["session_count"]?.intValue == limit)
        #expect(state.body.count < 512, "GET /__admin/scenario is \(state.body.count) bytes with \(limit) sessions")
        let page = try await get("sessions")
        let listed = json(page.body)
        #expect(listed["sessions"]?.members?.count == 100 && listed["count"]?.intValue == limit)
        #expect(page.body.count < 16 * 1024, "one page of sessions is \(page.body.count) bytes")

        // Past the cap: a clear 429, and the sessions already there keep working.
        do {
            try await admin.setScenario("empty", session: "one-too-many")
            Issue.record("a session past the cap was created")
        } catch let failure as UnderstudyAdmin.Failure {
            #expect(failure.status == 429 && failure.error == "too many sessions")
        }
        try await admin.setScenario("happy", session: "shard-1")
        var request = URLRequest(url: base.appendingPathComponent("catfact/fact"))
        request.setValue("shard-3", forHTTPHeaderField: "X-Understudy-Session")
        #expect(((try await session.data(for: request)).1 as? HTTPURLResponse)?.statusCode == 500)
        try await admin.deleteSession("shard-0")
        try await admin.setScenario("empty", session: "one-too-many")
    }

    /// Sessions idle past `--session-ttl` expire; a request that names a session keeps it alive.
    @Test func idleSessionsExpire() async throws {
        let (server, port) = try startServerProcess(["--session-ttl", "1"])
        defer {
            server.signal(SIGKILL)
            _ = server.finish()
        }
        let base = URL(string: "http://127.0.0.1:\(port)")!
        let admin = UnderstudyAdmin(baseURL: base)
        try await admin.setScenario("server-error", session: "idle")
        try await admin.setScenario("server-error", session: "busy")
        var request = URLRequest(url: base.appendingPathComponent("catfact/fact"))
        request.setValue("busy", forHTTPHeaderField: "X-Understudy-Session")
        for _ in 0..<8 {
            #expect(((try await URLSession.shared.data(for: request)).1 as? HTTPURLResponse)?.statusCode == 500)
            try await Task.sleep(for: .milliseconds(250))
        }
        let (data, _) = try await URLSession.shared.data(from: base.appendingPathComponent("__admin/sessions"))
        let listed = json(data)
        #expect(listed["sessions"]?.members.map { Set($0.map(\.key)) } == ["busy"], "\(listed)")
        #expect(listed["ttl_seconds"]?.intValue == 1)
        request.setValue("idle", forHTTPHeaderField: "X-Understudy-Session")
        #expect(
            ((try await URLSession.shared.data(for: request)).1 as? HTTPURLResponse)?.statusCode == 200,
            "an expired session follows the active scenario")
    }

    /// 10,000 sessions, each defining routes and sending bodies: session routes stop at 64 MiB across
    /// sessions (a clear 507 past it) and journal bodies at 16 MiB, so RSS grows by their budgets, not by
    /// 10,000 times a session's limits.
    @Test func tenThousandSessionsWithRoutesAndBodies() async throws {
        let (server, port) = try startServerProcess()
        defer {
            server.signal(SIGKILL)
            _ = server.finish()
        }
        let before = try Self.warmedUp(server, port: port)
        let base = URL(string: "http://127.0.0.1:\(port)")!
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpMaximumConnectionsPerHost = 4
        let session = URLSession(configuration: configuration)
        let admin = UnderstudyAdmin(baseURL: base, session: session)
        let routeBody = String(repeating: "r", count: 7_000)
        let requestBody = Data(repeating: UInt8(ascii: "b"), count: 64 << 10)
        let outcomes = Locked([String: Int]())
        await withTaskGroup(of: Void.self) { group in
            for worker in 0..<4 {
                group.addTask {
                    for index in stride(from: worker, to: 10_000, by: 4) {
                        let id = "s\(index)"
                        do {
                            try await admin.addRoutes([.init(method: "POST", path: "/mine/orders", status: 201, body: routeBody)], session: id)
                            outcomes.withLock { $0["route kept", default: 0] += 1 }
                        } catch let failure as UnderstudyAdmin.Failure {
                            outcomes.withLock { $0["route refused \(failure.status)", default: 0] += 1 }
                        } catch {
                            outcomes.withLock { $0["\(error)", default: 0] += 1 }
                        }
                        guard index % 20 == 0 else { continue }
                        var request = URLRequest(url: base.appendingPathComponent("mine/orders"))
                        request.httpMethod = "POST"
                        request.httpBody = requestBody
                        request.setValue(id, forHTTPHeaderField: "X-Understudy-Session")
                        _ = try? await session.data(for: request)
                    }
                }
            }
        }
        let after = try #require(server.residentKilobytes)
        let counts = outcomes.current
        print("memory bounds: 10,000 sessions with routes and bodies: \(counts); RSS \(before) kB → \(after) kB")
        #expect(counts.keys.allSatisfy { $0 == "route kept" || $0 == "route refused 507" }, "\(counts)")
        #expect((counts["route refused 507"] ?? 0) > 0, "the 64 MiB across sessions was reached")
        #expect((counts["route kept"] ?? 0) > 4_000, "about 64 MiB of routes of 14 KB each")
        #expect(after - before < (64 + 16 + 64 + 32) * 1024, "RSS grew \(after - before) kB")
        let journal = try await admin.requests(limit: 1)
        #expect(journal.first?.bodyBytes == 64 << 10)
    }
}
