import SystemPackage
import UnderstudyDocuments

// Everything in Understudy that differs between Linux and Darwin, in one place.
//
// The C library is imported here, once, for the whole module (clock_gettime,
// stat); the rest of the module uses only calls that exist on both
// systems (files, errno and standard streams go through swift-system). Other systems stop at #error.
#if os(Linux)
@_exported import Glibc
// `timespec` is declared by CoreFoundation's headers too, which GraphQLSwift's Foundation brings into the build:
// with member import visibility, the clock's fields must be visible through it as well.
import CoreFoundation
#elseif canImport(Darwin)
@_exported import Darwin
#else
#error("Understudy builds on Linux (Glibc) and on Darwin (macOS); add this system's branch to Platform.swift")
#endif

package enum Platform {
    #if os(Linux)
    /// A coarse monotonic clock in milliseconds (sessions' idle time): the coarse clock reads the
    /// kernel's tick without a vDSO time computation.
    static func monotonicMilliseconds() -> Int64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC_COARSE, &time)
        return Int64(time.tv_sec) * 1000 + Int64(time.tv_nsec) / 1_000_000
    }
    #elseif canImport(Darwin)
    /// Darwin has no coarse clock id; `clock_gettime_nsec_np` is its cheap monotonic read.
    static func monotonicMilliseconds() -> Int64 { Int64(clock_gettime_nsec_np(CLOCK_MONOTONIC) / 1_000_000) }
    #endif

    #if os(Linux)
    /// After a load: glibc keeps the pages a load freed (the parsed trees of a large OpenAPI document, a
    /// few MB) for the next allocation, which a server that has loaded never makes; they go back to the system.
    package static func returnFreedMemory() { _ = glibcMallocTrim(0) }
    #elseif canImport(Darwin)
    /// Darwin's allocator returns freed pages by itself.
    package static func returnFreedMemory() {}
    #endif

    // The running executable, and a helper run over pipes (`understudy-upstream`, `understudy-openapi-gate`,
    // `xcrun simctl`): the command line's and the OpenAPI gate's, which an embedding program runs too.
    /// The running executable's path with symlinks resolved, or nil when the system will not say.
    package static var executablePath: String? {
        var buffer = [CChar](repeating: 0, count: 4096)
        #if canImport(Darwin)
        var size = UInt32(buffer.count)
        var resolved = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let found = _NSGetExecutablePath(&buffer, &size) == 0 && realpath(buffer, &resolved) != nil
        let count = found ? strlen(resolved) : 0
        buffer = resolved
        #else
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        #endif
        guard count > 0 else { return nil }
        return String(decoding: buffer[0..<Int(count)].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    package enum RunFailure: Error {
        case cannotStart(String)
        case broken(String)
    }

    /// Runs the program at `path` with `input` on its stdin and returns its stdout and exit status.
    /// The program gets the signals unblocked (serve blocks its stop signals in every thread).
    /// `arguments` follow the program's path in its argument vector.
    package static func run(_ path: String, arguments: [String] = [], input: [UInt8]) -> Result<(output: [UInt8], status: Int32), RunFailure> {
        var toChild: [Int32] = [0, 0]
        var fromChild: [Int32] = [0, 0]
        guard pipe(&toChild) == 0 else { return .failure(.broken("pipe: \(String(cString: strerror(errno)))")) }
        guard pipe(&fromChild) == 0 else {
            close(toChild[0])
            close(toChild[1])
            return .failure(.broken("pipe: \(String(cString: strerror(errno)))"))
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, toChild[0], 0)
        posix_spawn_file_actions_adddup2(&actions, fromChild[1], 1)
        for fd in [toChild[0], toChild[1], fromChild[0], fromChild[1]] { posix_spawn_file_actions_addclose(&actions, fd) }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        // SIGPIPE back to its default: the server ignores it, and an ignored signal stays ignored across exec. A helper
        // whose parent had gone (serve stopped before the OpenAPI gate answered) then got EPIPE from its write, which
        // Foundation's FileHandle.write turns into a crash, with a backtrace on the terminal after serve had exited.
        var defaulted = sigset_t()
        sigemptyset(&defaulted)
        sigaddset(&defaulted, SIGPIPE)
        posix_spawnattr_setsigdefault(&attributes, &defaulted)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var pid: pid_t = 0
        let vector: [UnsafeMutablePointer<CChar>?] = ([path] + arguments).map { strdup($0) } + [nil]
        defer { for argument in vector { free(argument) } }
        let spawned = posix_spawn(&pid, path, &actions, &attributes, vector, environ)
        close(toChild[0])
        close(fromChild[1])
        guard spawned == 0 else {
            close(toChild[1])
            close(fromChild[0])
            return .failure(.cannotStart(String(cString: strerror(spawned))))
        }
        // The helper reads all of its input before it writes a byte, so writing first cannot deadlock.
        var offset = 0
        while offset < input.count {
            let written = input[offset...].withUnsafeBytes { write(toChild[1], $0.baseAddress, $0.count) }
            if written < 0 { if errno == EINTR { continue } else { break } }
            offset += written
        }
        close(toChild[1])
        var output: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = read(fromChild[0], &buffer, buffer.count)
            if count == 0 { break }
            if count < 0 { if errno == EINTR { continue } else { break } }
            output += buffer[0..<count]
        }
        close(fromChild[0])
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        return .success((output, status))
    }
}

#if os(Linux)
/// glibc's `malloc_trim`, which the Glibc module leaves out (it is in `<malloc.h>`); an `int` in and out,
/// so the Swift and C calling conventions agree.
@_silgen_name("malloc_trim")
private func glibcMallocTrim(_ pad: Int) -> Int32
#elseif canImport(Darwin)
// Darwin: nothing to declare (see `returnFreedMemory`).
#endif

extension Stat {
    /// Seconds since 1970 of the last modification. swift-system reads the field under one name
    /// (`st_mtimespec` on Darwin), but the name is glibc's, which the platform check looks for.
    var modifiedSeconds: Double {
        let time = st_mtim
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

}
