import Foundation
import Testing
import UnderstudyTestSupport
import UnderstudyTesting

/// SIGTERM in the middle of traffic: every accepted request is answered in
/// full, the process exits 0, and the port is free at once.
@Suite(.serialized) struct ShutdownTests {
    @Test func sigtermDrainsInFlightRequestsAndFreesThePort() async throws {
        let (server, port) = try startServerProcess()
        // 300 requests in flight: parked for 1.5 s, or dribbling a body.
        var sockets: [Int32] = []
        for index in 0..<300 {
            let fd = try RawHTTP.connect(port: port)
            let scenario = index % 3 == 0 ? "slow-body" : "delay"
            RawHTTP.send(
                fd,
                "GET /catfact/facts HTTP/1.1\r\nHost: x\r\nConnection: close\r\nX-Understudy-Scenario: \(scenario)\r\nX-Understudy-Delay: 1500\r\n\r\n"
            )
            sockets.append(fd)
        }
        try await Task.sleep(for: .milliseconds(300))
        server.signal(SIGTERM)
        // Read every reply to the end: complete responses only.
        let replies = sockets.map { fd -> String in
            defer { close(fd) }
            return readUntilClosed(fd, seconds: 10)
        }
        let complete = replies.filter { reply in
            guard reply.hasPrefix("HTTP/1.1 200"), let length = reply.firstMatch(of: /Content-Length: (\d+)/).flatMap({ Int($0.1) }),
                let body = reply.components(separatedBy: "\r\n\r\n").dropFirst().first
            else { return false }
            return body.utf8.count == length
        }
        #expect(complete.count == 300, "\(300 - complete.count) requests cut short")
        let result = server.finish()
        // A crash report starts with its cause; the end is only the list of loaded images.
        #expect(result.status == 0, "exit status \(result.status): \(result.stderr.prefix(2000))")
        // The port can be bound again right away.
        let probe = socket(AF_INET, RawHTTP.streamSocket, 0)
        defer { close(probe) }
        var one: Int32 = 1
        setsockopt(probe, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(probe, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        #expect(bound == 0, "port \(port) is free: \(String(cString: strerror(errno)))")
    }
}
