import Foundation
import Testing
import UnderstudyTestSupport
import UnderstudyTesting

/// Reloads never stall serving or shutdown: they run off the HTTP workers,
/// SIGHUP starts one, and SIGTERM in the middle of a slow one exits at once.
@Suite(.serialized) struct ReloadTests {
    static let reloadRequest = "POST /__admin/reload HTTP/1.1\r\nHost: localhost\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"

    func startServer(_ folder: ScratchScenarios, _ extra: [String] = []) throws -> (UnderstudyProcess, port: Int) {
        let server = try UnderstudyProcess(["serve", "--port", "0", "--scenarios", folder.scenarios.path, "--log-level", "warning"] + extra)
        return (server, URL(string: try server.waitUntilListening())!.port!)
    }

    /// Whether `fd` has something to read (or was closed) right now.
    func readable(_ fd: Int32) -> Bool {
        var probe = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        return poll(&probe, 1, 0) > 0
    }

    func readAll(_ fd: Int32, seconds: Int = 60) -> String { readUntilClosed(fd, seconds: seconds) }

    @Test func apiRequestsKeepAnsweringWhileALargeSetLoads() async throws {
        let folder = try ScratchScenarios()
        defer { folder.remove() }
        // One worker thread: a reload that ran on it would stop every request until it ended.
        let (server, port) = try startServer(folder, ["--threads", "1"])
        defer { if server.isRunning { server.signal(SIGKILL) } }
        try folder.addSlowSet(links: 40)
        let reload = try RawHTTP.connect(port: port)
        defer { close(reload) }
        RawHTTP.send(reload, Self.reloadRequest)
        var answered = 0
        var slowest = 0.0
        let deadline = Date().addingTimeInterval(120)
        while !readable(reload), Date() < deadline {
            let started = Date()
            let reply = try RawHTTP.exchange(port: port, "GET /catfact/fact HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n", timeout: 30)
            slowest = max(slowest, Date().timeIntervalSince(started))
            #expect(statusCode(reply) == 200)
            answered += 1
        }
        let result = readAll(reload)
        #expect(statusCode(result) == 200, "\(result.prefix(500))")
        #expect(result.contains("\"big39\""))
        #expect(answered >= 3, "only \(answered) requests answered while the set loaded")
        #expect(slowest < 3, "generous: a request waited \(slowest) s behind the reload")
        server.signal(SIGTERM)
        #expect(server.finish().status == 0)
    }

    @Test func concurrentReloadsAllGetAnAnswer() throws {
        let folder = try ScratchScenarios()
        defer { folder.remove() }
        let (server, port) = try startServer(folder)
        defer { if server.isRunning { server.signal(SIGKILL) } }
        let sockets = try (0..<6).map { _ in try RawHTTP.connect(port: port) }
        for fd in sockets { RawHTTP.send(fd, Self.reloadRequest) }
        for fd in sockets {
            let reply = readAll(fd)
            close(fd)
            #expect(statusCode(reply) == 200, "\(reply.prefix(500))")
        }
        #expect(healthy(port))
        server.signal(SIGTERM)
        #expect(server.finish().status == 0)
    }

    @Test func sighupReloadsAndTheProcessLives() async throws {
        let folder = try ScratchScenarios()
        defer { folder.remove() }
        let (server, port) = try startServer(folder)
        defer { if server.isRunning { server.signal(SIGKILL) } }
        let probe = "GET /catfact/fact HTTP/1.1\r\nHost: localhost\r\nX-Understudy-Scenario: added\r\nConnection: close\r\n\r\n"
        #expect(statusCode(try RawHTTP.exchange(port: port, probe)) == 400, "not there yet")
        try folder.write("added.yaml", "description: added by the test\nextends: happy\n")
        server.signal(SIGHUP)
        try await waitUntil(seconds: 30) {
            !server.isRunning || statusCode((try? RawHTTP.exchange(port: port, probe)) ?? "") == 200
        }
        #expect(server.isRunning, "SIGHUP killed the process: \(server.stderr.suffix(1000))")
        // Several in a row: still alive and serving.
        for _ in 0..<3 { server.signal(SIGHUP) }
        try await Task.sleep(for: .milliseconds(300))
        #expect(server.isRunning)
        #expect(healthy(port))
        server.signal(SIGTERM)
        #expect(server.finish().status == 0)
    }

    @Test func sigtermDuringASlowReloadExitsPromptly() async throws {
        let folder = try ScratchScenarios()
        defer { folder.remove() }
        let (server, port) = try startServer(folder)
        defer { if server.isRunning { server.signal(SIGKILL) } }
        // Tens of seconds of loading in a debug build.
        try folder.addSlowSet(links: 80)
        let reload = try RawHTTP.connect(port: port)
        defer { close(reload) }
        RawHTTP.send(reload, Self.reloadRequest)
        try await Task.sleep(for: .milliseconds(700))
        #expect(!readable(reload), "the reload ended before the signal; the test needs a slower set")
        let signalled = Date()
        server.signal(SIGTERM)
        // A stop that waits for the whole load would hold the test as long: cut it short.
        let watchdog = DispatchWorkItem { if server.isRunning { server.signal(SIGKILL) } }
        DispatchQueue.global().asyncAfter(deadline: .now() + 20, execute: watchdog)
        let result = server.finish()
        watchdog.cancel()
        let took = Date().timeIntervalSince(signalled)
        #expect(result.status == 0, "\(result.stderr.prefix(2000))")
        // The drain timeout is 10 s; a stop that waited for the reload took as long as the load.
        #expect(took < 5, "exit took \(took) s after SIGTERM")
        let reply = readAll(reload, seconds: 5)
        #expect(reply.isEmpty || statusCode(reply) == 503, "\(reply.prefix(500))")
    }
}
