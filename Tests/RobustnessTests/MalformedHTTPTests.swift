import Foundation
import Testing
import UnderstudyTestSupport
import UnderstudyTesting

/// Bad HTTP of every kind: each gets a 4xx or a closed connection, the server
/// keeps serving, and its memory stays flat.
@Suite(.serialized) struct MalformedHTTPTests {
    static let corpus: [(String, String)] = [
        ("no spaces", "GARBAGE\r\n\r\n"),
        ("no version", "GET /catfact/fact\r\n\r\n"),
        ("unsupported version", "GET /catfact/fact HTTP/9.9\r\nHost: x\r\n\r\n"),
        ("unknown method", "BREW /catfact/fact HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"),
        ("invalid method characters", "G@T{} / HTTP/1.1\r\nHost: x\r\n\r\n"),
        ("header without colon", "GET / HTTP/1.1\r\nHost x\r\n\r\n"),
        ("1 MB header", "GET / HTTP/1.1\r\nHost: x\r\nX-Big: " + String(repeating: "a", count: 1 << 20) + "\r\n\r\n"),
        ("header flood", "GET / HTTP/1.1\r\nHost: x\r\n" + String(repeating: "X-A: b\r\n", count: 20_000) + "\r\n"),
        ("40 KB URL", "GET /" + String(repeating: "a", count: 40_000) + " HTTP/1.1\r\nHost: x\r\n\r\n"),
        ("bad percent-encoding", "GET /swapi/api/%zz%ff%/people/ HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"),
        ("NUL in the path", "GET /swapi\u{0}/api HTTP/1.1\r\nHost: x\r\n\r\n"),
        ("NUL in a header", "GET / HTTP/1.1\r\nHost: x\r\nX-A: a\u{0}b\r\nConnection: close\r\n\r\n"),
        ("body without a length", "POST /catfact/fact HTTP/1.1\r\nHost: x\r\n\r\n{\"not\":\"announced\"}\r\n\r\n"),
        ("absurd Content-Length", "POST /catfact/fact HTTP/1.1\r\nHost: x\r\nContent-Length: 99999999999999999999999\r\n\r\nabc"),
        ("negative Content-Length", "POST /catfact/fact HTTP/1.1\r\nHost: x\r\nContent-Length: -5\r\n\r\nabc"),
        ("two Content-Lengths", "POST /catfact/fact HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\nContent-Length: 9\r\n\r\nabc"),
        ("bad chunk size", "POST /__admin/scenario HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nZZZ\r\nabc\r\n0\r\n\r\n"),
        ("pipelined garbage", "GET /catfact/fact HTTP/1.1\r\nHost: x\r\n\r\n\u{1}\u{2}\u{3}GARBAGE \r\n\r\n"),
        ("binary junk", String(decoding: (0..<512).map { UInt8(truncatingIfNeeded: $0 &* 7919) }, as: UTF8.self)),
        ("header injection in the host", "GET /swapi/api/people/1/ HTTP/1.1\r\nHost: a\"b\r\nConnection: close\r\n\r\n"),
    ]

    @Test func everyMalformedRequestIsRejectedAndTheServerKeepsServing() throws {
        let (server, port) = try startServerProcess()
        defer {
            server.signal(SIGKILL)
            _ = server.finish()
        }
        for (name, payload) in Self.corpus {
            let reply = try RawHTTP.exchange(port: port, payload, timeout: 1.5)
            let status = statusCode(reply)
            if name == "unsupported version" {
                #expect(status == 505, "the protocol's own answer: \(reply.prefix(40))")
            } else if name == "pipelined garbage" {
                #expect(status == 200, "the valid request before the garbage is answered")
            } else if name == "header injection in the host" {
                #expect(status == 400, "a malformed Host is a 400 (RFC 9112 3.2): \(reply.prefix(120).debugDescription)")
            } else {
                #expect(status == nil || (400..<500).contains(status!), "\(name): \(reply.prefix(120).debugDescription)")
            }
            #expect(healthy(port), "still serving after \(name)")
        }
        #expect(server.isRunning)
    }

    @Test(.disabled(if: underSanitizer, "a sanitizer's allocator (quarantine, shadow memory) makes RSS meaningless"))
    func memoryStaysFlatUnderRepeatedAbuse() throws {
        let (server, port) = try startServerProcess()
        defer {
            server.signal(SIGKILL)
            _ = server.finish()
        }
        func round() {
            // The whole corpus at once: some payloads leave the server waiting for more bytes until the client gives up.
            DispatchQueue.concurrentPerform(iterations: Self.corpus.count) { index in
                _ = try? RawHTTP.exchange(port: port, Self.corpus[index].1, timeout: 1)
            }
        }
        round()
        round()
        let settled = try #require(server.residentKilobytes)
        for _ in 0..<10 { round() }
        let after = try #require(server.residentKilobytes)
        #expect(after - settled < 4096, "RSS grew from \(settled) kB to \(after) kB over 10 rounds")
        #expect(healthy(port))
    }

    @Test func slowlorisConnectionsAreClosedAndDoNotBlockOthers() async throws {
        let (server, port) = try startServerProcess(["--connection-timeout", "2"])
        defer {
            server.signal(SIGKILL)
            _ = server.finish()
        }
        var sockets: [Int32] = []
        defer { for socket in sockets { close(socket) } }
        for _ in 0..<100 {
            let fd = try RawHTTP.connect(port: port)
            RawHTTP.send(fd, "GET /catfact/fact HTTP/1.1\r\nHo")
            sockets.append(fd)
        }
        #expect(healthy(port), "other clients are served while the slow ones dawdle")
        // One more byte now and then does not keep a connection forever: the timeout closes it.
        let start = Date()
        var open = sockets.count
        while open > 0, Date().timeIntervalSince(start) < 8 {
            try await Task.sleep(for: .milliseconds(500))
            open =
                sockets.filter { fd in
                    RawHTTP.send(fd, "s")
                    var byte: UInt8 = 0
                    return recv(fd, &byte, 1, Int32(MSG_DONTWAIT | MSG_PEEK)) < 0 && errno == EAGAIN
                }.count
        }
        #expect(open == 0, "\(open) slow connections still open after \(Date().timeIntervalSince(start)) s")
        #expect(healthy(port))
    }
}
