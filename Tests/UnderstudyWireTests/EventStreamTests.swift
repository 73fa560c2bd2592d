import Foundation
import HTTPTypes
import Testing
import UnderstudyDocuments
import UnderstudyHTTP
import UnderstudyMicroHTTPD
import UnderstudyTestSupport
import UnderstudyTesting

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// How a raw read of a connection ended.
enum RawEnd: Equatable {
    case closed, reset, silent
}

/// Reads `fd` until the server closes it, resets it, or `seconds` pass without a byte (a watchdog).
func readToEnd(_ fd: Int32, silentAfter seconds: Int = 5) -> (String, RawEnd) {
    var wait = timeval(tv_sec: .init(seconds), tv_usec: 0)
    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &wait, socklen_t(MemoryLayout<timeval>.size))
    var received = [UInt8]()
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
        let count = recv(fd, &buffer, buffer.count, 0)
        if count > 0 {
            received.append(contentsOf: buffer[0..<count])
            continue
        }
        let end: RawEnd = count == 0 ? .closed : (errno == ECONNRESET ? .reset : .silent)
        return (String(decoding: received, as: UTF8.self), end)
    }
}

/// The transport's streamed bodies: pieces at their times, chunked, each ending, parked between pieces.
@Suite struct StreamedBodyTests {
    func stream(_ pieces: [(Int, String)], _ ending: StreamedBody.Ending) -> Reply {
        let response = Response(status: .ok, headerFields: [.contentType: "text/event-stream"])
        return Reply(.stream(response, StreamedBody(pieces: pieces.map { .init(after: $0.0, bytes: Array($0.1.utf8)) }, ending: ending)))
    }

    func exchange(_ server: HTTPServer, silentAfter seconds: Int = 5) throws -> (String, RawEnd) {
        let fd = try RawHTTP.connect(port: server.port)
        defer { close(fd) }
        RawHTTP.send(fd, "GET / HTTP/1.1\r\nHost: x\r\n\r\n")
        return readToEnd(fd, silentAfter: seconds)
    }

    @Test func piecesGoOutChunkedThenTheLastChunk() throws {
        let server = try startServer { _ in stream([(0, "data: 1\n\n"), (30, "data: 2\n\n"), (30, "")], .close) }
        defer { server.stop() }
        let (raw, end) = try exchange(server, silentAfter: 1)
        #expect(raw.contains("Transfer-Encoding: chunked"))
        #expect(raw.contains("data: 1\n\n") && raw.contains("data: 2\n\n"))
        #expect(raw.hasSuffix("0\r\n\r\n"), "the last chunk: a clean end")
        #expect(end == .silent, "the connection is kept for the next request")
    }

    /// A cut or a reset in the middle of a stream reaches the client at once, not at the connection timeout.
    @Test(arguments: [(StreamedBody.Ending.cut, RawEnd.closed), (.reset, .reset)])
    func anEndInTheMiddleArrivesAtOnce(_ ending: StreamedBody.Ending, _ expected: RawEnd) throws {
        let server = try startServer { _ in stream([(0, "data: 1\n\n"), (20, "data: 2\n")], ending) }
        defer { server.stop() }
        let (raw, end) = try exchange(server)
        #expect(end == expected)
        #expect(raw.contains("data: 2\n") && !raw.hasSuffix("0\r\n\r\n"))
    }

    @Test func aHoldSendsHeartbeatsUntilTheMaximumDelay() throws {
        let server = try startServer(maxDelay: 400) { _ in
            stream([(0, "data: 1\n\n")], .hold(heartbeat: .init(after: 50, bytes: Array(": heartbeat\n\n".utf8))))
        }
        defer { server.stop() }
        let (raw, end) = try exchange(server, silentAfter: 1)
        #expect(raw.components(separatedBy: ": heartbeat").count > 2, "\(raw)")
        #expect(raw.hasSuffix("0\r\n\r\n") && end == .silent)
    }

    /// A pause longer than the heartbeat gets heartbeats, at line ends only: never inside a line a piece left open.
    @Test func heartbeatsFillLongPausesAtLineEndsOnly() throws {
        let beat = StreamedBody.Piece(after: 40, bytes: Array(": hb\n".utf8))
        let server = try startServer { request in
            let pieces: [StreamedBody.Piece] =
                request.path == "/open-line"
                ? [.init(after: 0, bytes: Array("data: par".utf8)), .init(after: 300, bytes: Array("t\n\n".utf8))]
                : [.init(after: 0, bytes: Array("data: 1\n\n".utf8)), .init(after: 300, bytes: Array("data: 2\n\n".utf8))]
            let response = Response(status: .ok, headerFields: [.contentType: "text/event-stream"])
            return Reply(.stream(response, StreamedBody(pieces: pieces, ending: .close, heartbeat: beat)))
        }
        defer { server.stop() }
        func read(_ path: String) throws -> String {
            let fd = try RawHTTP.connect(port: server.port)
            defer { close(fd) }
            RawHTTP.send(fd, "GET \(path) HTTP/1.1\r\nHost: x\r\n\r\n")
            return readToEnd(fd, silentAfter: 1).0
        }
        let paused = try read("/pause")
        #expect(paused.components(separatedBy: ": hb\n").count > 3, "\(paused)")
        #expect(paused.contains("data: 1\n\n") && paused.hasSuffix("0\r\n\r\n"))
        let open = try read("/open-line")
        #expect(!open.contains(": hb") && open.contains("data: par") && open.contains("t\n\n"), "\(open)")
    }

    @Test func aRepeatGoesRoundUntilTheClientLeaves() throws {
        let server = try startServer { _ in stream([(0, "data: a\n\n"), (5, "data: b\n\n")], .repeatFrom(0)) }
        defer { server.stop() }
        let fd = try RawHTTP.connect(port: server.port)
        RawHTTP.send(fd, "GET / HTTP/1.1\r\nHost: x\r\n\r\n")
        var seen = ""
        var buffer = [UInt8](repeating: 0, count: 4096)
        while seen.components(separatedBy: "data: a").count < 6 {
            let count = recv(fd, &buffer, buffer.count, 0)
            guard count > 0 else { break }
            seen += String(decoding: buffer[0..<count], as: UTF8.self)
        }
        close(fd)
        #expect(seen.components(separatedBy: "data: a").count >= 6)
    }

    /// Streams waiting for their next piece hold no thread: an undelayed request is answered while 100 wait,
    /// and a stop ends every stream cleanly (the last chunk), at once.
    @Test func waitingStreamsHoldNoThreadAndAStopEndsThem() async throws {
        let server = try startServer(threads: 2) { request in
            request.path == "/now" ? Reply(.respond(text("now"))) : stream([(0, "data: 1\n\n"), (60_000, "data: 2\n\n")], .close)
        }
        var sockets: [Int32] = []
        defer { for fd in sockets { close(fd) } }
        for _ in 0..<100 {
            let fd = try RawHTTP.connect(port: server.port)
            RawHTTP.send(fd, "GET /stream HTTP/1.1\r\nHost: x\r\n\r\n")
            sockets.append(fd)
        }
        try await waitUntil(seconds: 60) {
            server.parkedConnections == 100
        } state: {
            "\(server.parkedConnections) parked"
        }
        let (now, http) = try await get(server.baseURL + "/now")
        #expect(http.statusCode == 200 && String(decoding: now, as: UTF8.self) == "now")
        #expect(server.openStreams == 100)
        server.stop()
        let (raw, _) = readToEnd(sockets[0])
        #expect(raw.contains("data: 1\n\n") && !raw.contains("data: 2") && raw.hasSuffix("0\r\n\r\n"))
    }
}

/// A scenario file's `stream:` through the real server, read by a server-sent events client over URLSession:
/// the bundled chat completions stream under each scenario, and a ticker resumed with `Last-Event-ID`.
@Suite struct EventStreamScenarioTests {
    static let chat = "/myapp/v1/chat/completions"

    func read(
        _ path: String, scenario: String, method: String = "POST", headers: [String: String] = [:], timeout: TimeInterval = 5, limit: Int = .max
    )
        async -> ServerSentEvents.Outcome
    {
        var request = URLRequest(url: shared.url(path))
        request.httpMethod = method
        request.setValue(scenario, forHTTPHeaderField: "X-Understudy-Scenario")
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        return await ServerSentEvents.read(request, timeout: timeout, limit: limit)
    }

    struct Chunk: Decodable {
        struct Choice: Decodable {
            struct Delta: Decodable { var content: String? }
            var delta: Delta
            var finishReason: String?
            enum CodingKeys: String, CodingKey {
                case delta
                case finishReason = "finish_reason"
            }
        }
        var object: String
        var choices: [Choice]
    }

    @Test func theChatStreamIsOpenAIsChunksThenDone() async throws {
        let outcome = await read(Self.chat, scenario: "custom-routes")
        #expect(outcome.error == nil)
        #expect(outcome.response?.statusCode == 200)
        #expect(outcome.response?.value(forHTTPHeaderField: "Content-Type") == "text/event-stream")
        #expect(outcome.response?.value(forHTTPHeaderField: "Cache-Control") == "no-cache")
        #expect(outcome.events.map(\.data).last == "[DONE]")
        let chunks = try outcome.events.dropLast().map { try JSONDecoder().decode(Chunk.self, from: Data($0.data.utf8)) }
        #expect(chunks.map(\.object) == Array(repeating: "chat.completion.chunk", count: 3))
        #expect(chunks.compactMap(\.choices.first?.delta.content).joined() == "Hello")
        #expect(chunks.last?.choices.first?.finishReason == "stop")
    }

    /// Each fault, after the route's `fault_after: 2` events, as the app's client sees it.
    @Test(arguments: ["timeout", "connection-reset", "truncated-body", "malformed-json", "slow-body", "delay", "server-error"])
    func eachFaultInTheMiddleOfTheStream(_ scenario: String) async throws {
        // The delay each event is spread over (slow-body) or waited before the first (delay), shortened.
        let outcome = await read(Self.chat, scenario: scenario, headers: ["X-Understudy-Delay": "200"], timeout: scenario == "timeout" ? 1 : 15)
        switch scenario {
        case "timeout":
            #expect(outcome.events.count == 2 && outcome.error?.code == .timedOut, "\(outcome)")
        case "connection-reset":
            #expect(outcome.events.count == 2 && outcome.error?.code == .networkConnectionLost && outcome.pending.isEmpty, "\(outcome)")
        case "truncated-body":
            #expect(outcome.events.count == 2 && outcome.error != nil && outcome.pending.hasPrefix("data: {"), "\(outcome)")
        case "malformed-json":
            #expect(outcome.error == nil && outcome.events.count == 4)
            let decoded = outcome.events.prefix(3).map { (try? JSONDecoder().decode(Chunk.self, from: Data($0.data.utf8))) != nil }
            #expect(decoded == [true, true, false], "each event's JSON is cut after the first two")
        case "slow-body", "delay":
            #expect(outcome.error == nil && outcome.events.count == 4 && outcome.events.last?.data == "[DONE]")
        default:
            #expect(outcome.response?.statusCode == 500 && outcome.events.isEmpty, "the status fault comes before the stream")
        }
    }

    /// The health answer (and so the dashboard) counts the streams open, and only while they are.
    @Test func healthCountsOpenStreams() async throws {
        let server = try UnderstudyTestServer(scenario: "custom-routes")
        let fd = try RawHTTP.connect(port: server.port)
        RawHTTP.send(fd, "GET /myapp/ticker HTTP/1.1\r\nHost: x\r\n\r\n")
        try await waitUntil {
            server.openStreams == 1
        } state: {
            "\(server.openStreams) open"
        }
        let open = try await fetchOverTheWire("/__admin/health", server: server)
        #expect(open.text == #"{"status":"ok","open_streams":1}"#)
        close(fd)
        try await waitUntil {
            server.openStreams == 0
        } state: {
            "\(server.openStreams) open"
        }
        #expect(try await fetchOverTheWire("/__admin/health", server: server).text == #"{"status":"ok"}"#)
    }

    @Test func aTickerResumesAfterTheLastEventID() async throws {
        let outcome = await read("/myapp/ticker", scenario: "custom-routes", method: "GET", headers: ["Last-Event-ID": "2"], limit: 2)
        #expect(outcome.retry == 2000)
        #expect(outcome.events.map(\.id) == ["3", "1"], "after 2, round again")
        #expect(outcome.events.map(\.event) == ["price", "price"])
        // An id the stream does not have (or a long one) starts from the first event.
        let unknown = await read(
            "/myapp/ticker", scenario: "custom-routes", method: "GET", headers: ["Last-Event-ID": String(repeating: "9", count: 4000)], limit: 1)
        #expect(unknown.events.map(\.id) == ["1"])
    }
}
