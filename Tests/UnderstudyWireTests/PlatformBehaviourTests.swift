import Foundation
import Testing
import UnderstudyTesting

@testable import UnderstudyHTTP
@testable import UnderstudyMicroHTTPD
@testable import UnderstudyTestSupport

/// What differs between systems, seen working: the event loop the environment picks, the hang-up
/// probe, parked connections released on each loop, and the process facts the tests read.
@Suite struct PlatformBehaviourTests {
    /// The configured loop is in force: `make check` runs it under AddressSanitizer with UNDERSTUDY_EVENT_LOOP=poll.
    @Test func theDefaultEventLoopFollowsTheEnvironment() {
        let asked = ProcessInfo.processInfo.environment["UNDERSTUDY_EVENT_LOOP"]
        #if os(Linux)
        #expect(MicroHTTPDOptions().eventLoop == (asked == "poll" ? .poll : .epoll))
        #else
        #expect(MicroHTTPDOptions().eventLoop == .poll, "no epoll here, whatever \(asked ?? "nil") says")
        #endif
    }

    static var eventLoops: [MicroHTTPDOptions.EventLoop] {
        UnderstudyMicroHTTPD.Platform.hasEpoll ? [.epoll, .poll] : [.poll]
    }

    /// The hang-up probe on a socket pair: quiet while the peer is there (with or without bytes
    /// waiting), true once it has closed.
    @Test(arguments: eventLoops) func theHangUpProbeSeesAClosedPeer(_ eventLoop: MicroHTTPDOptions.EventLoop) throws {
        var pair: [Int32] = [-1, -1]
        #expect(socketpair(AF_UNIX, UnderstudyMicroHTTPD.Platform.streamSocket, 0, &pair) == 0)
        defer { close(pair[0]) }
        #expect(!UnderstudyMicroHTTPD.Platform.peerHungUp(pair[0], eventLoop: eventLoop), "peer present, nothing sent")
        let byte: [UInt8] = [0x47]
        #expect(write(pair[1], byte, 1) == 1)
        #expect(!UnderstudyMicroHTTPD.Platform.peerHungUp(pair[0], eventLoop: eventLoop), "peer present, a byte waiting")
        var drained: UInt8 = 0
        #expect(read(pair[0], &drained, 1) == 1)
        close(pair[1])
        #expect(UnderstudyMicroHTTPD.Platform.peerHungUp(pair[0], eventLoop: eventLoop), "peer closed")
        #expect(!UnderstudyMicroHTTPD.Platform.peerHungUp(-1, eventLoop: eventLoop))
    }

    struct HoldEverything: HTTPResponder {
        func reply(to request: ServerRequest) -> Reply { Reply(.hold) }
        func completed(_ exchange: CompletedExchange) {}
    }

    /// A server on each loop serves, parks, and releases parked connections whose clients left.
    @Test(arguments: eventLoops) func eachEventLoopReleasesParkedConnectionsWhoseClientLeft(_ eventLoop: MicroHTTPDOptions.EventLoop) async throws {
        let server = HTTPServer(
            configuration: ServerConfiguration(port: 0), options: MicroHTTPDOptions(threads: 2, eventLoop: eventLoop), responder: HoldEverything())
        try server.start()
        defer { server.stop() }
        let clients = try (0..<8).map { _ in try RawHTTP.connect(port: server.port) }
        for fd in clients { RawHTTP.send(fd, "GET / HTTP/1.1\r\nHost: localhost\r\n\r\n") }
        try await waitUntil(seconds: 10) { server.parkedConnections == clients.count }
        for fd in clients { close(fd) }
        // The once-a-second sweep notices the hang-ups.
        try await waitUntil(seconds: 10) { server.parkedConnections == 0 }
    }

    @Test func theListeningSocketIsCloseOnExec() throws {
        let socket = try ListeningSocket.open(host: "127.0.0.1", port: 0)
        defer { close(socket.descriptor) }
        #expect(fcntl(socket.descriptor, F_GETFD) & FD_CLOEXEC != 0)
        #expect(socket.port > 0)
    }

    @Test func theCoreCountIsTheSystems() {
        #expect(MicroHTTPDOptions.coreCount == max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))))
    }

    /// macOS reads a child's memory with `ps`; here it must agree with /proc.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/bin/ps")))
    func psAgreesWithProcOnResidentMemory() throws {
        let pid = getpid()
        let fromPS = try #require(UnderstudyTestSupport.Platform.processStatus("rss", of: pid))
        #expect(fromPS > 1000)
        if UnderstudyTestSupport.Platform.hasProcFileSystem {
            let fromProc = try #require(UnderstudyTestSupport.Platform.procStatusField("VmRSS", of: pid))
            // Two readings moments apart of a process that is running tests.
            #expect(abs(fromPS - fromProc) < max(fromProc / 4, 8192), "ps \(fromPS) KiB, /proc \(fromProc) KiB")
        }
        #expect(UnderstudyTestSupport.Platform.processStatus("rss", of: 999_999_999) == nil, "no such process")
    }
}
