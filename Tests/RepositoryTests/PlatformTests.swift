import Foundation
import Testing

/// What can be proved on Linux about the macOS build: platform code sits in the platform files,
/// each platform branch has a counterpart, and the paths macOS takes (poll, the peeking hang-up
/// probe, FD_CLOEXEC by fcntl, `ps` instead of /proc) work here too.
@Suite struct PlatformTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The files allowed to hold platform-specific code: one per module, the C target's included.
    static let platformFiles: Set<String> = [
        "Sources/UnderstudyHTTP/Platform.swift",
        "Sources/UnderstudyMicroHTTPD/Platform.swift",
        "Sources/UnderstudyStaging/Platform.swift",
        "Sources/UnderstudyDocuments/Platform.swift",
        "Sources/UnderstudyBuiltinAPIs/Platform.swift",
        "Sources/UnderstudyRecording/Platform.swift",
        "Sources/UnderstudyTesting/Platform.swift",
        "Sources/UnderstudyTLS/Platform.swift",
        // hiredis's timeval and the shared-state watcher's sleeps.
        "Sources/UnderstudyReplicas/Platform.swift",
        // The C target's send flag (MSG_NOSIGNAL) and start-up code pages (ELF program headers).
        "Sources/CUnderstudyHTTPWire/platform.c",
        // The executable's one platform file: its sigwait signal thread (pthread_t is a pointer on
        // Darwin, a number in glibc), its C library import and exit(). Its helpers run through the engine's.
        "Sources/understudy/Serve.swift",
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
}
