import Foundation
import Testing
import UnderstudyTestSupport
import UnderstudyTesting

/// A chunked body's first size line sent with no data after it. libmicrohttpd 0.9.75 parses the line and
/// then waits for that chunk's data without calling the server, so `ffffffffffffffff` (2^64-1) alone held
/// the connection until it timed out, however the client split its bytes. Each delivery here is answered at
/// once (400 for a size no body can have, 413 over the limit) and closed; a good body is still read, however
/// it is split; a size line that never comes gets a 408 at the connection timeout.
@Suite(.serialized) struct FirstChunkSizeTests {
    static let head =
        "POST /__admin/scenario HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n"

    /// Sends each piece on one connection (a pause of `gap` seconds between them) and reads the answer until the
    /// server closes; with the time from the last piece to the close.
    func deliver(_ port: Int, _ pieces: [String], gap: Double = 0.15) throws -> (reply: String, seconds: Double) {
        let fd = try RawHTTP.connect(port: port)
        defer { close(fd) }
        for (index, piece) in pieces.enumerated() {
            if index > 0 { Thread.sleep(forTimeInterval: gap) }
            let bytes = Array(piece.utf8)
            _ = bytes.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        }
        let start = Date()
        let reply = readUntilClosed(fd, seconds: 4)
        return (reply, Date().timeIntervalSince(start))
    }

    @Test func aSizeLineAloneIsAnsweredAtOnceHoweverItArrives() throws {
        let (server, port) = try startServerProcess()
        defer {
            server.signal(SIGKILL)
            _ = server.finish()
        }
        let head = Self.head + "\r\n"
        let keepAlive = "GET /__admin/health HTTP/1.1\r\nHost: localhost\r\n\r\n"
        let deliveries: [(name: String, pieces: [String], status: Int)] = [
            ("with the headers", [head + "ffffffffffffffff\r\n"], 400),
            ("after the headers", [head, "ffffffffffffffff\r\n"], 400),
            ("in three pieces", [head, "ffffffff", "ffffffff\r", "\n"], 400),
            ("over the limit, after the headers", [head, "ffffffff\r\n"], 413),
            ("with a chunk extension", [head, "FFFFFFFFFFFFFFFF;name=value\r\n"], 400),
            ("on a connection's second request", [keepAlive + head + "ffffffffffffffff\r\n"], 400),
            ("on a second request, after its headers", [keepAlive + head, "ffffffffffffffff\r\n"], 400),
            ("after Expect: 100-continue", [Self.head + "Expect: 100-continue\r\n\r\n", "ffffffffffffffff\r\n"], 400),
        ]
        for (name, pieces, status) in deliveries {
            let (reply, seconds) = try deliver(port, pieces)
            let answers = reply.matches(of: /HTTP\/1\.1 (\d{3})/).map { Int($0.1)! }.filter { $0 != 100 && $0 != 200 }
            #expect(answers == [status], "\(name): \(reply.suffix(200).debugDescription)")
            #expect(seconds < 2, "\(name): answered and closed at once, not at the timeout (\(seconds) s)")
            #expect(reply.lowercased().contains("connection: close"), "\(name): says it closes")
            if name.contains("Expect") { #expect(reply.hasPrefix("HTTP/1.1 100 Continue\r\n\r\n"), "\(reply.prefix(60))") }
        }
        // None of them reached the responder, and the server is well.
        #expect(healthy(port))
    }

    @Test func aGoodBodyIsStillReadHoweverItIsSplit() throws {
        let (server, port) = try startServerProcess()
        defer {
            server.signal(SIGKILL)
            _ = server.finish()
        }
        let head = Self.head.replacingOccurrences(of: "POST", with: "PUT") + "Connection: close\r\n"
        let body = "8\r\n{\"name\":\r\n9\r\n\"empty\"}\r\n0\r\n\r\n"
        let deliveries: [(name: String, pieces: [String])] = [
            ("at once", [head + "\r\n" + body]),
            ("after the headers", [head + "\r\n", body]),
            ("size line split", [head + "\r\n", "8", "\r\n{\"name\":\r\n9\r\n\"empty\"}\r\n0\r\n\r\n"]),
            ("after Expect: 100-continue", [head + "Expect: 100-continue\r\n\r\n", body]),
        ]
        for (name, pieces) in deliveries {
            let (reply, _) = try deliver(port, pieces)
            #expect(reply.contains("HTTP/1.1 200"), "\(name): \(reply.prefix(300).debugDescription)")
            #expect(reply.contains("\"empty\""), "\(name): the body was read")
        }
    }

    @Test func aSizeLineThatNeverComesGetsA408AtTheTimeout() throws {
        let (server, port) = try startServerProcess(["--connection-timeout", "1"])
        defer {
            server.signal(SIGKILL)
            _ = server.finish()
        }
        let (reply, seconds) = try deliver(port, [Self.head + "\r\n"])
        #expect(statusCode(reply) == 408, "\(reply.prefix(200).debugDescription)")
        #expect(seconds < 3.5, "within the one-second timeout and a step (\(seconds) s)")
        #expect(healthy(port))
    }
}
