import Dispatch
import Understudy

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The command line's ``UpstreamClient``: each request runs in an `understudy-upstream` process (installed
/// next to `understudy`), which alone links AsyncHTTPClient. Linking it here cost `serve` some 3 MB of
/// resident memory and a few milliseconds at every start, proxy or not; a helper costs nothing until a
/// request is proxied or recorded, then a process start (tens of milliseconds) per request.
final class HelperUpstreamClient: UpstreamClient {
    let timeoutSeconds: Int
    let maxBodyBytes: Int
    /// Blocking reads and writes of the helper's pipes happen here, never on a server worker thread.
    private let queue = DispatchQueue(label: "understudy.upstream", attributes: .concurrent)

    init(timeoutSeconds: Int = 30, maxBodyBytes: Int = 16 << 20) {
        self.timeoutSeconds = timeoutSeconds
        self.maxBodyBytes = maxBodyBytes
    }

    /// `understudy-upstream` beside the running executable (symlinks resolved).
    static var helperPath: String {
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
        let executable = count > 0 ? String(decoding: buffer[0..<Int(count)].map { UInt8(bitPattern: $0) }, as: UTF8.self) : CommandLine.arguments[0]
        let folder = executable.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
        return (folder.isEmpty ? "." : folder) + "/understudy-upstream"
    }

    func send(_ request: UpstreamRequest, completion: @escaping @Sendable (Result<UpstreamResponse, UpstreamError>) -> Void) {
        let input = UpstreamWire.encode(request, timeoutSeconds: timeoutSeconds, maxBodyBytes: maxBodyBytes)
        let upstream = Self.origin(of: request.url)
        queue.async {
            completion(Self.run(input, upstream: upstream))
        }
    }

    private static func run(_ input: [UInt8], upstream: String) -> Result<UpstreamResponse, UpstreamError> {
        let path = helperPath
        var toChild: [Int32] = [0, 0]
        var fromChild: [Int32] = [0, 0]
        guard pipe(&toChild) == 0 else { return .failure(.broken(upstream: upstream, reason: "pipe: \(String(cString: strerror(errno)))")) }
        guard pipe(&fromChild) == 0 else {
            close(toChild[0])
            close(toChild[1])
            return .failure(.broken(upstream: upstream, reason: "pipe: \(String(cString: strerror(errno)))"))
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, toChild[0], 0)
        posix_spawn_file_actions_adddup2(&actions, fromChild[1], 1)
        for fd in [toChild[0], toChild[1], fromChild[0], fromChild[1]] { posix_spawn_file_actions_addclose(&actions, fd) }
        // serve blocks its stop signals in every thread; the helper should take them as any process does.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK))
        var pid: pid_t = 0
        let arguments: [UnsafeMutablePointer<CChar>?] = [strdup(path), nil]
        defer { for argument in arguments { free(argument) } }
        let spawned = posix_spawn(&pid, path, &actions, &attributes, arguments, environ)
        close(toChild[0])
        close(fromChild[1])
        guard spawned == 0 else {
            close(toChild[1])
            close(fromChild[0])
            return .failure(.unreachable(upstream: upstream, reason: "cannot start \(path): \(String(cString: strerror(spawned)))"))
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
        do throws(UpstreamWire.Malformed) {
            return try UpstreamWire.decodeResult(output)
        } catch {
            return .failure(.broken(upstream: upstream, reason: "\(path) gave no answer (exit status \(status))"))
        }
    }

    static func origin(of url: String) -> String {
        guard let schemeEnd = url.firstRange(of: "://") else { return url }
        let host = url[schemeEnd.upperBound...].prefix { $0 != "/" && $0 != "?" }
        return String(url[..<schemeEnd.upperBound]) + host
    }
}
