import Foundation
import HTTPTypes
import Testing
import UnderstudyMicroHTTPD
import UnderstudyTestSupport
import UnderstudyTesting

@testable import UnderstudyHTTP

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite struct HTTPServerTests {
    @Test func servesAResponseOnAnEphemeralPort() async throws {
        let response = text("hello")
        let server = try startServer { _ in Reply(.respond(response)) }
        defer { server.stop() }
        #expect(server.port > 0)
        let (data, http) = try await get("\(server.baseURL)/anything")
        #expect(http.statusCode == 200)
        #expect(http.value(forHTTPHeaderField: "Content-Type") == "text/plain")
        #expect(String(decoding: data, as: UTF8.self) == "hello")
    }

    @Test func passesMethodPathQueryHeadersAndBody() async throws {
        let seen = Locked<ServerRequest?>(nil)
        let server = try startServer { request in
            seen.withLock { $0 = request }
            return Reply(.respond(text("ok")))
        }
        defer { server.stop() }
        let payload = Data(repeating: 65, count: 200_000)
        _ = try await get("\(server.baseURL)/a%20b/c?x=1&y=hello%20world&flag", method: "POST", body: payload, headers: ["X-Thing": "42"])
        let request = try #require(seen.current)
        #expect(request.method == .post)
        #expect(request.path == "/a b/c")
        #expect(request.query == [.init(name: "x", value: "1"), .init(name: "y", value: "hello world"), .init(name: "flag", value: "")])
        #expect(request.headerFields[HTTPField.Name("X-Thing")!] == "42")
        #expect(request.body.count == 200_000)
    }

    @Test func keepsConnectionsAliveAcrossRequests() throws {
        let server = try startServer { _ in Reply(.respond(text("k"))) }
        defer { server.stop() }
        let reply = try rawExchange(port: server.port, "GET /1 HTTP/1.1\r\nHost: x\r\n\r\nGET /2 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        #expect(reply.components(separatedBy: "HTTP/1.1 200 OK").count == 3)
    }

    @Test func reportsAnAddressInUse() throws {
        let first = try startServer { _ in Reply(.respond(text("x"))) }
        defer { first.stop() }
        let second = HTTPServer(configuration: ServerConfiguration(port: first.port), responder: ClosureResponder { _ in Reply(.reset) })
        #expect(throws: ServerStartError.self) { try second.start() }
        do { try second.start() } catch {
            #expect("\(error)".contains("Address already in use"))
        }
    }

    @Test func rejectsOversizedBodiesWith413() async throws {
        let server = HTTPServer(
            configuration: ServerConfiguration(port: 0, maxRequestBodyBytes: 1000),
            responder: ClosureResponder { _ in Reply(.respond(text("ok"))) }
        )
        try server.start()
        defer { server.stop() }
        let (_, http) = try await get(server.baseURL + "/", method: "POST", body: Data(count: 5000))
        #expect(http.statusCode == 413)
    }

    @Test func delaysDoNotHoldThreads() async throws {
        // 200 requests parked on a 2-thread pool; an undelayed one is still answered while they
        // wait, and stopping the server answers them all. No clock: the delay outlasts the test.
        // The client waits longer than the watchdog: one request given up on a busy CI machine
        // (a SYN retried, a 10 s idle timeout) would keep the count below 200 forever.
        let server = try startServer(threads: 2) { request in
            request.path == "/now" ? Reply(.respond(text("now"))) : Reply(.respond(text("late")), delayMilliseconds: 60_000)
        }
        let session = makeSession(timeout: 120, connections: 300)
        try await withThrowingTaskGroup(of: String.self) { group in
            for i in 0..<200 { group.addTask { String(decoding: try await get("\(server.baseURL)/\(i)", session: session).0, as: UTF8.self) } }
            try await waitUntil(seconds: 60) {
                server.parkedConnections == 200
            } state: {
                "\(server.parkedConnections) parked"
            }
            let (now, http) = try await get(server.baseURL + "/now", session: session)
            #expect(http.statusCode == 200 && String(decoding: now, as: UTF8.self) == "now")
            #expect(server.parkedConnections == 200)
            server.stop()
            for try await body in group { #expect(body == "late") }
        }
    }

    @Test func resetClosesWithoutResponse() async throws {
        let server = try startServer { _ in Reply(.reset) }
        defer { server.stop() }
        await #expect(throws: URLError.self) { try await get(server.baseURL + "/") }
    }

    @Test func truncateSendsFewerBytesThanContentLength() throws {
        let server = try startServer { _ in Reply(.truncate(text(String(repeating: "x", count: 1000)))) }
        defer { server.stop() }
        let raw = try rawExchange(port: server.port, "GET / HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(raw.contains("Content-Length: 1000"))
        let body = raw.components(separatedBy: "\r\n\r\n").last ?? ""
        #expect(body.count == 500)
    }

    @Test func dribbleSpreadsTheBodyOverTime() async throws {
        let payload = String(repeating: "abcdefghij", count: 50)
        let server = try startServer { _ in Reply(.dribble(text(payload), milliseconds: 600, chunks: 5)) }
        defer { server.stop() }
        let start = Date()
        let (data, http) = try await get(server.baseURL + "/")
        #expect(http.statusCode == 200)
        #expect(String(decoding: data, as: UTF8.self) == payload)
        #expect(Date().timeIntervalSince(start) >= 0.45)
    }

    @Test func holdNeverAnswers() async throws {
        let server = try startServer { _ in Reply(.hold) }
        defer { server.stop() }
        await #expect(throws: URLError.self) { try await get(server.baseURL + "/", session: makeSession(timeout: 2)) }
    }

    @Test func stopAnswersParkedRequestsAtOnce() async throws {
        let server = try startServer { _ in Reply(.respond(text("drained")), delayMilliseconds: 60_000) }
        let url = server.baseURL
        let start = Date()
        async let first = get(url + "/1")
        async let second = get(url + "/2")
        try await waitUntil { server.parkedConnections == 2 }
        server.stop()
        let results = try await [first, second]
        #expect(results.allSatisfy { $0.1.statusCode == 200 && String(decoding: $0.0, as: UTF8.self) == "drained" })
        #expect(Date().timeIntervalSince(start) < 5)
    }
}

extension HTTPServerTests {
    /// While a stop drains, a new connection is closed unanswered; the request in flight is
    /// still answered, and once stopped the port is closed.
    @Test func connectionsArrivingDuringTheDrainAreClosed() async throws {
        // A handler that holds its worker for a while (only here: real responders never block)
        // keeps a request in flight, so the drain lasts long enough to connect during it.
        let server = try startServer { request in
            if request.path == "/slow" { usleep(600_000) }
            return Reply(.respond(text("ok")))
        }
        let port = server.port
        let inFlight = try RawHTTP.connect(port: port)
        defer { close(inFlight) }
        RawHTTP.send(inFlight, "GET /slow HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        try await waitUntil { server.requestsInFlight == 1 }
        let stopped = Task.detached { server.stop() }
        try await Task.sleep(for: .milliseconds(100))
        let late = try RawHTTP.connect(port: port)
        defer { close(late) }
        var wait = timeval(tv_sec: 5, tv_usec: 0)
        setsockopt(late, SOL_SOCKET, SO_RCVTIMEO, &wait, socklen_t(MemoryLayout<timeval>.size))
        RawHTTP.send(late, "GET /late HTTP/1.1\r\nHost: x\r\n\r\n")
        var byte: UInt8 = 0
        let received = recv(late, &byte, 1, 0)
        let error = errno
        // Closed without an answer: an orderly close, or a reset when the request was still unread
        // (not the 5 s timeout, EAGAIN).
        #expect(received == 0 || (received < 0 && error == ECONNRESET), "recv returned \(received), errno \(error)")
        await stopped.value
        var answer = [UInt8](repeating: 0, count: 4096)
        let answered = recv(inFlight, &answer, answer.count, 0)
        #expect(String(decoding: answer.prefix(max(0, answered)), as: UTF8.self).hasPrefix("HTTP/1.1 200"), "the request in flight is answered")
        #expect(throws: (any Error).self, "the port is closed after the stop") { try RawHTTP.connect(port: port) }
    }
}

@Suite struct ParkingTests {
    @Test func parkedConnectionsWhoseClientLeftAreReleased() async throws {
        let server = try startServer { _ in Reply(.hold) }
        defer { server.stop() }
        let clients = Task {
            await withTaskGroup(of: Void.self) { group in
                for _ in 0..<20 {
                    group.addTask { _ = try? await get(server.baseURL + "/", session: makeSession(timeout: 2)) }
                }
            }
        }
        // All twenty held first (whole seconds: Linux's Foundation truncates a timeout to them).
        try await waitUntil { server.parkedConnections == 20 }
        await clients.value
        // The clients gave up; the sweep (four times a second) releases their connections.
        try await waitUntil { server.parkedConnections == 0 }
    }
}
