// The command line's own system calls that differ between Linux and Darwin, or need a buffer's
// address: where the running executable is, and running the `understudy-upstream` helper over
// pipes. The signal thread and `exit` stay in Serve.swift. Other systems stop at #error.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#else
#error("understudy builds on Linux (Glibc) and on Darwin (macOS); add this system's branch to Platform.swift")
#endif

enum Platform {
    /// The running executable's path with symlinks resolved, or nil when the system will not say.
    static var executablePath: String? {
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

    enum RunFailure: Error {
        case cannotStart(String)
        case broken(String)
    }

    /// Runs the program at `path` with `input` on its stdin and returns its stdout and exit status.
    /// The program gets the signals unblocked (serve blocks its stop signals in every thread).
    /// `arguments` follow the program's path in its argument vector.
    static func run(_ path: String, arguments: [String] = [], input: [UInt8]) -> Result<(output: [UInt8], status: Int32), RunFailure> {
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
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK))
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
