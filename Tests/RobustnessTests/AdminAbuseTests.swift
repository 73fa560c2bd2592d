import Foundation
import Testing
import UnderstudyHTTP
import UnderstudyTestSupport
import UnderstudyTesting

/// The admin API under hostile input: everything is a clear 4xx, the state
/// never changes by accident, nothing outside the scenarios folder is read.
@Suite(.serialized) struct AdminAbuseTests {
    func call(_ port: Int, _ method: String, _ path: String, body: String = "") throws -> (Int?, String) {
        let reply = try RawHTTP.exchange(
            port: port,
            "\(method) \(path) HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)",
            timeout: 5)
        return (statusCode(reply), reply)
    }

    @Test func hostileBodiesAreRejected() throws {
        let (server, port) = try startServerProcess()
        defer {
            server.signal(SIGKILL)
            _ = server.finish()
        }
        let cases: [(String, String, Int)] = [
            ("deep nesting", String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000), 413),
            ("deep but small", String(repeating: "[", count: 5_000) + String(repeating: "]", count: 5_000), 400),
            ("huge", #"{"name":""# + String(repeating: "x", count: 3_000_000) + #""}"#, 413),
            ("unknown fields", #"{"name":"happy","drop":"tables","admin":true}"#, 400),
            ("wrong types", #"{"name":["happy"],"api":7}"#, 400),
            ("not JSON", "name=happy", 400),
            ("invalid UTF-8", "{\"name\":\"\u{FFFD}\u{FFFD}\"}", 400),
        ]
        for (name, body, status) in cases {
            let (code, reply) = try call(port, "PUT", "/__admin/scenario", body: body)
            #expect(code == status, "\(name): \(reply.prefix(200))")
            #expect(reply.contains(#""error":"#) || code == nil, "\(name) says what was wrong")
        }
        #expect(try call(port, "GET", "/__admin/scenario").1.contains(#""active":"happy""#), "state unchanged")
        #expect(server.isRunning)
    }

    @Test func traversalInNamesAndIdsIsRejected() throws {
        let (server, port) = try startServerProcess()
        defer {
            server.signal(SIGKILL)
            _ = server.finish()
        }
        for path in [
            "/__admin/scenario/..%2F..%2Fetc%2Fpasswd", "/__admin/scenario/%2Fetc%2Fpasswd", "/__admin/scenario/..",
            "/__admin/scenario/happy%00.yaml",
        ] {
            let (code, reply) = try call(port, "PUT", path)
            #expect(code == 404 || code == 400, "\(path): \(reply.prefix(120))")
            #expect(!reply.contains("root:"), "no file content leaks")
        }
        for id in ["..%2F..%2Fetc", "a%20b", String(repeating: "x", count: 200), "%00"] {
            let (code, _) = try call(port, "PUT", "/__admin/sessions/\(id)/scenario", body: #"{"name":"happy"}"#)
            #expect(code == 400 || code == 404, "session id \(id)")
        }
        let (code, reply) = try call(port, "PUT", "/__admin/scenario", body: #"{"name":"../../etc/passwd"}"#)
        #expect(code == 400 && reply.contains("unknown scenario"))
    }

    @Test func reloadNeverReadsOutsideTheScenariosFolder() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("understudy-abuse-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: bundledScenarios, to: folder)
        defer { try? FileManager.default.removeItem(at: folder) }
        let server = try UnderstudyProcess(["serve", "--port", "0", "--scenarios", folder.path, "--log-level", "warning"])
        let port = URL(string: try server.waitUntilListening())!.port!
        defer {
            server.signal(SIGKILL)
            _ = server.finish()
        }
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("data/escape").path, withDestinationPath: "/etc")
        for (file, contents) in [
            ("evil1.yaml", "response:\n  body_file: ../../../../etc/passwd\n"),
            ("evil2.yaml", "response:\n  body_file: /etc/passwd\n"),
            ("evil3.yaml", "response:\n  body_file: data/escape/passwd\n"),
            ("evil4.yaml", "apis:\n  swapi:\n    dataset: data/escape\n"),
        ] {
            try contents.write(to: folder.appendingPathComponent(file), atomically: true, encoding: .utf8)
            let (code, reply) = try call(port, "POST", "/__admin/reload")
            #expect(code == 422, "\(file): \(reply.prefix(200))")
            #expect(reply.contains("outside the scenarios folder") || reply.contains("absolute"), "\(file)")
            #expect(!reply.contains("root:x"), "no content of the target file leaks")
            try FileManager.default.removeItem(at: folder.appendingPathComponent(file))
        }
        #expect(try call(port, "GET", "/__admin/scenario/").0 == 200)
    }

    @Test func concurrentConflictingSwitchesLeaveOneConsistentState() throws {
        let (server, port) = try startServerProcess()
        defer {
            server.signal(SIGKILL)
            _ = server.finish()
        }
        let names = ["happy", "empty", "server-error", "delay", "not-found"]
        let statuses = Locked<[Int]>([])
        DispatchQueue.concurrentPerform(iterations: 200) { index in
            let body =
                index % 7 == 0
                ? #"{"name":"nope"}"# : #"{"name":"\#(names[index % names.count])","api":"\#(["swapi", "artic", "catfact"][index % 3])"}"#
            let code = (try? call(port, "PUT", "/__admin/scenario", body: body).0) ?? nil
            statuses.withLock { $0.append(code ?? 0) }
        }
        #expect(statuses.current.allSatisfy { $0 == 200 || $0 == 400 })
        let state = try call(port, "GET", "/__admin/scenario").1
        for api in ["swapi", "artic", "catfact"] {
            #expect(names.contains { state.contains(#""\#(api)":"\#($0)""#) }, "\(api) override is one of the names sent")
        }
        #expect(!state.contains("nope"))
    }
}
