import Foundation
import Testing
import UnderstudyTesting

@testable import UnderstudyHTTP
@testable import UnderstudyMicroHTTPD
@testable import UnderstudyTestSupport

/// What can be proved on Linux about the macOS build: platform code sits in the platform files,
/// each platform branch has a counterpart, and the paths macOS takes (poll, the peeking hang-up
/// probe, FD_CLOEXEC by fcntl, `ps` instead of /proc) work here too.
@Suite struct PlatformTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The files allowed to hold platform-specific code: one per module, the C target's included.
    static let platformFiles: Set<String> = [
        "Sources/UnderstudyHTTP/Platform.swift",
        "Sources/UnderstudyMicroHTTPD/Platform.swift",
        "Sources/Understudy/Platform.swift",
        "Sources/UnderstudyDocuments/Platform.swift",
        "Sources/UnderstudyRecording/Platform.swift",
        "Sources/UnderstudyTesting/Platform.swift",
        // The C target's send flag (MSG_NOSIGNAL) and start-up code pages (ELF program headers).
        "Sources/CUnderstudyHTTPWire/platform.c",
        // The executable's one platform file: its sigwait signal thread (pthread_t is a pointer on
        // Darwin, a number in glibc), its C library import and exit().
        "Sources/understudy/Serve.swift",
        "Sources/understudy/Platform.swift",
        "Sources/understudy-upstream/Platform.swift",
    ]

    /// Names that differ between Glibc and Darwin, or exist on one only.
    static let platformTokens = [
        "import Glibc", "import Darwin", "Glibc.", "Darwin.", "#if os(", "canImport(Glibc)", "canImport(Darwin)",
        "canImport(Musl)", "__linux__", "__APPLE__", "SOCK_CLOEXEC", "MSG_NOSIGNAL", "SO_NOSIGPIPE", "POLLRDHUP",
        "SOCK_STREAM", "RLIMIT_NOFILE", "MHD_USE_EPOLL", "MHD_USE_POLL", "MHD_USE_AUTO", "/proc/", "st_mtim",
        "getauxval", "ElfW", "<link.h>", "<sys/auxv.h>", "epoll_", "TCP_DEFER_ACCEPT", "CLOCK_MONOTONIC_COARSE",
        "clock_gettime_nsec_np",
    ]

    static func sourceFiles() throws -> [String] {
        try FileManager.default.subpathsOfDirectory(atPath: root.appendingPathComponent("Sources").path)
            .filter { $0.hasSuffix(".swift") || $0.hasSuffix(".h") || $0.hasSuffix(".c") }
            .map { "Sources/\($0)" }
            .sorted()
    }

    static func lines(of file: String) throws -> [String] {
        try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8).components(separatedBy: "\n")
    }

    @Test func platformCodeSitsOnlyInThePlatformFiles() throws {
        let files = try Self.sourceFiles()
        #expect(files.count > 50)
        for file in files where !Self.platformFiles.contains(file) {
            for (index, line) in try Self.lines(of: file).enumerated() {
                let code = line.trimmingCharacters(in: .whitespaces)
                guard !code.hasPrefix("//"), !code.hasPrefix("*"), !code.hasPrefix("/*") else { continue }
                for token in Self.platformTokens where code.contains(token) {
                    Issue.record("\(file):\(index + 1) uses \(token): move it into the module's Platform.swift")
                }
            }
        }
    }

    /// Every `#if` on the system (`os(…)`, `canImport(Glibc/Darwin)`, `__linux__`, `__APPLE__`) has an
    /// `#elseif`/`#elif` or `#else`: no call is left without its other system's counterpart.
    @Test func everyPlatformConditionHasAnotherBranch() throws {
        var conditions = 0
        for file in try Self.sourceFiles() {
            var open: [(line: Int, isPlatform: Bool, branches: Int)] = []
            for (index, line) in try Self.lines(of: file).enumerated() {
                let directive = line.trimmingCharacters(in: .whitespaces)
                if directive.hasPrefix("#if") {
                    let isPlatform = ["os(", "canImport(Glibc)", "canImport(Darwin)", "canImport(Musl)", "__linux__", "__APPLE__"]
                        .contains { directive.contains($0) }
                    open.append((index + 1, isPlatform, 0))
                    if isPlatform { conditions += 1 }
                } else if directive.hasPrefix("#elseif") || directive.hasPrefix("#elif") || directive.hasPrefix("#else") {
                    if !open.isEmpty { open[open.count - 1].branches += 1 }
                } else if directive.hasPrefix("#endif") {
                    guard let closed = open.popLast() else {
                        Issue.record("\(file):\(index + 1): #endif without #if")
                        continue
                    }
                    #expect(!closed.isPlatform || closed.branches > 0, "\(file):\(closed.line): a platform #if with no other branch")
                }
            }
            #expect(open.isEmpty, "\(file): unclosed #if")
        }
        #expect(conditions >= 5, "the platform files were scanned")
    }

    /// The branches of a conditional import (`FoundationEssentials` here, `Foundation` on Apple systems) import at
    /// one access level: with internal imports by default, a `public` API that uses `URL` compiles on Linux and
    /// not on macOS when only the Linux branch says `public import`. Linux never compiles the other branch,
    /// so this reads it.
    @Test func everyBranchOfAConditionalImportHasTheSameAccess() throws {
        var blocks = 0
        for file in try Self.sourceFiles() where file.hasSuffix(".swift") {
            let lines = try Self.lines(of: file).map { $0.trimmingCharacters(in: .whitespaces) }
            for (index, line) in lines.enumerated() where line.hasPrefix("#if canImport(") {
                var accesses: [String] = []
                for next in lines[(index + 1)...] {
                    if next.hasPrefix("#endif") { break }
                    if next.hasPrefix("#else") || next.hasPrefix("#elseif") { continue }
                    guard let range = next.range(of: "import ") else {
                        accesses = []  // not an import block
                        break
                    }
                    accesses.append(String(next[..<range.lowerBound]).trimmingCharacters(in: .whitespaces))
                }
                guard accesses.count > 1 else { continue }
                blocks += 1
                #expect(Set(accesses).count == 1, "\(file):\(index + 1): the branches import as \(accesses)")
            }
        }
        #expect(blocks >= 10, "the conditional imports were scanned")
    }

    /// The platform files name an #error for systems that are neither.
    @Test func otherSystemsStopAtAnError() throws {
        for file in Self.platformFiles where file.hasSuffix("Platform.swift") || file.hasSuffix("platform.c") {
            #expect(try Self.lines(of: file).contains { $0.contains("#error") }, "\(file) has an #error branch")
        }
    }

    /// The configured loop is in force: `make check` runs this suite with UNDERSTUDY_EVENT_LOOP=poll.
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
