import Foundation
import Testing
import UnderstudyTestSupport
import UnderstudyTesting

/// Where RFC 9110/9112 say MUST, the server answers (400, 501, 413) and closes, instead of
/// serving a guess or going silent; and the admin listener stays reachable when idle sockets
/// pile up on it.
@Suite(.serialized) struct StrictHTTPTests {
    /// Sends `payload` on a fresh connection and returns the reply, whether the server closed the
    /// connection (rather than the client giving up after `timeout`), and how long it took.
    func exchange(_ port: Int, _ payload: [UInt8], timeout: Double = 3) throws -> (reply: String, closed: Bool, seconds: Double) {
        let fd = try RawHTTP.connect(port: port)
        defer { close(fd) }
        var wait = timeval(tv_sec: Int(timeout), tv_usec: Int((timeout - Double(Int(timeout))) * 1e6))
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &wait, socklen_t(MemoryLayout<timeval>.size))
        let start = Date()
        var offset = 0
        while offset < payload.count {
            let written = payload[offset...].withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if written <= 0 { break }
            offset += written
        }
        var received = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 65536)
        var closed = false
        while true {
            let count = recv(fd, &buffer, buffer.count, 0)
            if count == 0 || (count < 0 && errno == ECONNRESET) {
                closed = true
                break
            }
            if count < 0 { break }
            received.append(contentsOf: buffer[0..<count])
        }
        return (String(decoding: received, as: UTF8.self), closed, Date().timeIntervalSince(start))
    }

    func exchange(_ port: Int, _ payload: String, timeout: Double = 3) throws -> (reply: String, closed: Bool, seconds: Double) {
        try exchange(port, Array(payload.utf8), timeout: timeout)
    }

    static let rejected: [(name: String, payload: String, status: Int)] = [
        ("space before the colon", "GET /catfact/facts HTTP/1.1\r\nHost: x\r\nAccept : */*\r\n\r\n", 400),
        ("space before the colon of Host", "GET /catfact/facts HTTP/1.1\r\nHost : x\r\n\r\n", 400),
        ("header name with separators", "GET /catfact/facts HTTP/1.1\r\nHost: x\r\nX(A)/b: c\r\n\r\n", 400),
        ("empty header name", "GET /catfact/facts HTTP/1.1\r\nHost: x\r\n: c\r\n\r\n", 400),
        ("NUL in a header value", "GET /catfact/facts HTTP/1.1\r\nHost: x\r\nX-A: a\u{0}b\r\nAccept: */*\r\n\r\n", 400),
        ("NUL in the last header value", "GET /catfact/facts HTTP/1.1\r\nHost: x\r\nX-A: a\u{0}b\r\n\r\n", 400),
        ("NUL in Host", "GET /catfact/facts HTTP/1.1\r\nHost: good\u{0}evil\r\n\r\n", 400),
        ("bare CR in a header value", "GET /catfact/facts HTTP/1.1\r\nHost: x\r\nX-A: a\rb\r\n\r\n", 400),
        ("folded header line (obs-fold)", "GET /catfact/facts HTTP/1.1\r\nHost: x\r\nX-A: a\r\n b\r\n\r\n", 400),
        ("NUL at the end of a value", "GET /catfact/facts HTTP/1.1\r\nHost: x\r\nX-A: ab\u{0}\r\n\r\n", 400),
        ("space in the target", "GET /catfact/facts?a b HTTP/1.1\r\nHost: x\r\n\r\n", 400),
        ("raw NUL in the target", "GET /catfact/facts\u{0}/../../etc HTTP/1.1\r\nHost: x\r\n\r\n", 400),
        ("control character in the target", "GET /catfact/facts\u{1}x HTTP/1.1\r\nHost: x\r\n\r\n", 400),
        ("method that is not a token", "G@T /catfact/facts HTTP/1.1\r\nHost: x\r\n\r\n", 400),
        ("method with a NUL", "GE\u{0}T /catfact/facts HTTP/1.1\r\nHost: x\r\n\r\n", 400),
        ("target not in origin or absolute form", "GET catfact/facts HTTP/1.1\r\nHost: x\r\n\r\n", 400),
        ("HTTP/1.1 without Host", "GET /catfact/facts HTTP/1.1\r\nAccept: */*\r\n\r\n", 400),
        ("two Host fields", "GET /catfact/facts HTTP/1.1\r\nHost: a.example\r\nHost: b.example\r\n\r\n", 400),
        ("malformed Host", "GET /catfact/facts HTTP/1.1\r\nHost: a b@c/d\r\n\r\n", 400),
        ("Host with a bad port", "GET /catfact/facts HTTP/1.1\r\nHost: a.example:8x\r\n\r\n", 400),
        (
            "Content-Length with Transfer-Encoding",
            "POST /__admin/reset HTTP/1.1\r\nHost: localhost\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n", 400
        ),
        ("conflicting Content-Lengths", "POST /__admin/reset HTTP/1.1\r\nHost: localhost\r\nContent-Length: 3\r\nContent-Length: 9\r\n\r\nabc", 400),
        ("unknown transfer coding", "POST /__admin/reset HTTP/1.1\r\nHost: localhost\r\nTransfer-Encoding: gzip\r\n\r\nabc", 501),
        ("coding stacked on chunked", "POST /__admin/reset HTTP/1.1\r\nHost: localhost\r\nTransfer-Encoding: gzip, chunked\r\n\r\n0\r\n\r\n", 501),
        // The body is never sent: the answer must not wait for it.
        ("Content-Length over the body limit", "POST /__admin/reset HTTP/1.1\r\nHost: localhost\r\nContent-Length: 5000000\r\n\r\n", 413),
        ("absurd Content-Length", "POST /__admin/reset HTTP/1.1\r\nHost: localhost\r\nContent-Length: 99999999999999999999999999\r\n\r\n", 413),
    ]

    @Test func violationsGetTheirStatusAndACloseBeforeTheResponderRuns() throws {
        let (server, port) = try startServerProcess()
        defer {
            server.signal(SIGKILL)
            _ = server.finish()
        }
        for (name, payload, status) in Self.rejected {
            let (reply, closed, seconds) = try exchange(port, payload)
            #expect(statusCode(reply) == status, "\(name): \(reply.prefix(160).debugDescription)")
            #expect(closed && seconds < 2, "\(name): the connection is closed at once (\(closed), \(seconds) s)")
            #expect(reply.lowercased().contains("connection: close"), "\(name) says it closes")
        }
        // None of them reached the responder: the journal saw nothing, and the state is unchanged.
        let journal = try exchange(port, "GET /__admin/requests HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n").reply
        #expect(journal.contains(#""count":0"#), "\(journal.suffix(300))")
        #expect(healthy(port))
    }

    /// libmicrohttpd 0.9.75 takes a chunk size of up to 16 hex digits and then waits for that much
    /// body: `ffffffffffffffff` (2^64-1) held the connection until it timed out. Each of these is
    /// answered at once and closed: a size no body can have (400), one over the body limit (413),
    /// and libmicrohttpd's own answers to 17 digits (413) and to what is not hex at all (400).
    @Test func absurdChunkSizesAreAnsweredAtOnce() throws {
        let (server, port) = try startServerProcess()
        defer {
            server.signal(SIGKILL)
            _ = server.finish()
        }
        let cases: [(size: String, status: Int)] = [
            ("ffffffffffffffff", 400),
            ("FFFFFFFFFFFFFFFF;ext=1", 400),
            ("8000000000000000", 400),
            ("0000ffffffffffffffff", 400),
            ("7fffffffffffffff", 413),
            ("200000", 413),  // 2 MiB, over the 1 MiB limit
            ("fffffffffffffffff", 413),
            ("10000000000000000", 413),
            ("0x10", 400),
            ("0xffffffffffffffff", 400),
            ("-1", 400),
            (" 10", 400),
        ]
        for (size, status) in cases {
            let payload =
                "POST /__admin/scenario HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n"
                + "Transfer-Encoding: chunked\r\n\r\n\(size)\r\n{\"name\":\"empty\"}\r\n0\r\n\r\n"
            let (reply, closed, seconds) = try exchange(port, payload, timeout: 4)
            #expect(statusCode(reply) == status, "chunk size \(size): \(reply.prefix(160).debugDescription)")
            #expect(closed && seconds < 2, "chunk size \(size): closed at once (\(closed), \(seconds) s)")
            #expect(reply.lowercased().contains("connection: close"), "chunk size \(size): says it closes")
        }
        // A well-formed chunked body is still read and served.
        let good = try exchange(
            port,
            "PUT /__admin/scenario HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n"
                + "Connection: close\r\n\r\n8\r\n{\"name\":\r\n9\r\n\"happy\"}\r\n0\r\n\r\n"
        ).reply
        #expect(statusCode(good) == 200, "\(good.prefix(200).debugDescription)")
        #expect(healthy(port))
    }

    @Test func lenientWhereTheRFCAllowsIt() throws {
        let (server, port) = try startServerProcess()
        defer {
            server.signal(SIGKILL)
            _ = server.finish()
        }
        // HTTP/1.0 needs no Host; a Host with a port, an IPv6 literal, or empty (RFC 9112 3.2) is fine.
        for payload in [
            "GET /catfact/facts HTTP/1.0\r\n\r\n",
            "GET /catfact/facts HTTP/1.1\r\nHost: staging.example:9000\r\nConnection: close\r\n\r\n",
            "GET /catfact/facts HTTP/1.1\r\nHost: [::1]:80\r\nConnection: close\r\n\r\n",
            "GET /catfact/facts HTTP/1.1\r\nhOsT: x\r\nConnection: close\r\n\r\n",
            "GET /catfact/facts HTTP/1.1\r\nHost: x\r\nX-Padded:   a b \t \r\nX-Empty:\r\nConnection: close\r\n\r\n",
            "GET /catfact/facts HTTP/1.1\nHost: x\nAccept: */*\nConnection: close\n\n",
            "GET /catfact/facts HTTP/1.1\r\nHost: x\nConnection: close\r\n\n",
            "POST /__admin/reset HTTP/1.1\r\nHost: localhost\r\nTransfer-Encoding: Chunked\r\nConnection: close\r\n\r\n0\r\n\r\n",
            "POST /__admin/reset HTTP/1.1\r\nHost: localhost\r\nContent-Length: 0\r\nContent-Length: 0\r\nConnection: close\r\n\r\n",
        ] {
            let reply = try exchange(port, payload).reply
            #expect(statusCode(reply) == 200, "\(payload.debugDescription): \(reply.prefix(160).debugDescription)")
        }
        // Keep-alive is untouched by the checks: two requests on one connection.
        let two = try exchange(
            port, "GET /catfact/facts HTTP/1.1\r\nHost: x\r\n\r\nGET /catfact/breeds HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"
        ).reply
        #expect(two.components(separatedBy: "HTTP/1.1 200 OK").count == 3, "\(two.prefix(200).debugDescription)")
    }

    @Test func absoluteFormTargetsAreServedWithTheirAuthorityAsHost() throws {
        let (server, port) = try startServerProcess()
        defer {
            server.signal(SIGKILL)
            _ = server.finish()
        }
        let reply = try exchange(
            port, "GET http://staging.example:9000/swapi/api/people/?page=2 HTTP/1.1\r\nHost: other.example\r\nConnection: close\r\n\r\n"
        ).reply
        #expect(statusCode(reply) == 200, "\(reply.prefix(200).debugDescription)")
        #expect(
            reply.contains(#""next":"http://staging.example:9000/swapi/api/people/?page=3""#), "RFC 9112 3.2.2: the target's authority wins over Host"
        )
        let root = try exchange(port, "GET HTTPS://staging.example?x=1 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n").reply
        #expect(statusCode(root) == 404, "no path is /, which is not an API: \(root.prefix(120).debugDescription)")
        let bad = try exchange(port, "GET http://a b@evil/swapi/api/ HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(statusCode(bad.reply) == 400 && bad.closed)
    }

    /// libmicrohttpd 0.9.75 kept a 56-byte record per query parameter in the 16 KiB connection pool:
    /// past about 220 parameters the request got a 431, then no answer at all until the timeout.
    @Test func aURLWithHundredsOfQueryParametersIsAnswered() throws {
        let (server, port) = try startServerProcess()
        defer {
            server.signal(SIGKILL)
            _ = server.finish()
        }
        for count in [200, 250, 400, 1000] {
            let query = (0..<count).map { "p\($0)=v\($0)" }.joined(separator: "&") + "&limit=3"
            let (reply, _, seconds) = try exchange(port, "GET /catfact/facts?\(query) HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n", timeout: 5)
            #expect(statusCode(reply) == 200 && seconds < 2, "\(count) parameters (\(query.utf8.count) bytes): \(reply.prefix(80).debugDescription)")
            #expect(reply.contains(#""per_page":3"#), "the parameter after \(count) others is read")
        }
        // The query is split and decoded as before: '+' and %20 are spaces, %00 stays encoded,
        // an empty segment is an empty name, a bare name has an empty value, the first '=' splits.
        let reply = try exchange(port, "GET /catfact/facts?a+b=c%20d&&flag&e=%00&x=1=2&limit=2& HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
            .reply
        #expect(reply.contains(#""per_page":2"#))
        let journal = try exchange(port, "GET /__admin/requests?limit=1 HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n").reply
        #expect(journal.contains(#""query":"a%20b=c%20d&=&flag=&e=%2500&x=1%3D2&limit=2""#), "\(journal.suffix(400))")
    }

    @Test func tlsAndGarbageWithoutANewlineGetA400AndAClose() throws {
        let (server, port) = try startServerProcess()
        defer {
            server.signal(SIGKILL)
            _ = server.finish()
        }
        // A TLS 1.2/1.3 ClientHello's start: record type 0x16, version, handshake type 1, no newline.
        var hello: [UInt8] = [0x16, 0x03, 0x01, 0x00, 0xC8, 0x01, 0x00, 0x00, 0xC4, 0x03, 0x03]
        hello += (0..<32).map { UInt8($0 &* 37 & 0xFF) } + [0x00, 0x02, 0x13, 0x01, 0x01, 0x00] + [UInt8](repeating: 0, count: 150)
        let cases: [(String, [UInt8])] = [
            ("TLS ClientHello", hello.filter { $0 != 0x0A }),
            ("binary junk", [0x00, 0xFF, 0x01, 0x7F] + Array("junk junk junk".utf8)),
            ("no space after the method", Array("GARBAGE\r\n\r\n".utf8)),
            ("separator in the method", Array("G@T / HTTP/1.1\r\nHost: x\r\n\r\n".utf8)),
        ]
        for (name, payload) in cases {
            let (reply, closed, seconds) = try exchange(port, payload, timeout: 4)
            #expect(statusCode(reply) == 400, "\(name): \(reply.prefix(120).debugDescription)")
            #expect(closed && seconds < 2, "\(name): closed at once (\(closed), \(seconds) s)")
        }
        #expect(healthy(port))
    }

    /// `--admin-port` gets a 5 s header deadline and a limit that idle or half-sent sockets cannot
    /// fill: 120 of them, 100 half-sent (more than its limit of 64) and the operator's call still gets through.
    @Test func adminPortAnswersWithIdleSocketsPilingUp() async throws {
        let adminPort = try freePort()
        let (server, _) = try startServerProcess(["--admin-port", String(adminPort)])
        defer {
            server.signal(SIGKILL)
            _ = server.finish()
        }
        var sockets: [Int32] = []
        defer { for socket in sockets { close(socket) } }
        for index in 0..<120 {
            let fd = try RawHTTP.connect(port: adminPort)
            // Half a request (the listener accepts those at once, and they hold a connection each),
            // or nothing at all (held back by the kernel until they send something).
            if index % 6 != 5 { RawHTTP.send(fd, "GET /__admin/health HTTP/1.1\r\nHo") }
            sockets.append(fd)
        }
        try await Task.sleep(for: .milliseconds(300))
        for _ in 0..<3 {
            let (reply, _, seconds) = try exchange(
                adminPort, "GET /__admin/health HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n", timeout: 4)
            #expect(statusCode(reply) == 200 && seconds < 1, "health on the admin port: \(reply.prefix(60).debugDescription) after \(seconds) s")
        }
        // The half-sent ones are closed by the header deadline (5 s), not kept forever.
        try await Task.sleep(for: .seconds(7))
        let stillOpen = sockets.enumerated().filter { index, fd in
            guard index % 6 != 5 else { return false }
            var byte: UInt8 = 0
            return recv(fd, &byte, 1, Int32(MSG_DONTWAIT | MSG_PEEK)) < 0 && errno == EAGAIN
        }.count
        #expect(stillOpen == 0, "\(stillOpen) half-sent admin connections still open after 7 s")
    }
}

/// A port nothing listens on right now (bound to 0 and released).
func freePort() throws -> Int {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    defer { close(fd) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0 }
    }
    guard bound else { throw POSIXError(.EADDRNOTAVAIL) }
    return Int(UInt16(bigEndian: address.sin_port))
}
