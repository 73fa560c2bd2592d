/// Why the server could not start.
public enum ServerStartError: Error, CustomStringConvertible, Equatable {
    case resolve(host: String, reason: String)
    case bind(host: String, port: Int, reason: String)
    case daemon(reason: String)

    public var description: String {
        switch self {
        case .resolve(let host, let reason): "cannot resolve host '\(host)': \(reason)"
        case .bind(let host, let port, let reason): "cannot listen on \(host):\(port): \(reason)"
        case .daemon(let reason): "cannot start the HTTP daemon: \(reason)"
        }
    }
}

/// A bound, listening TCP socket. Binding it ourselves (instead of letting
/// libmicrohttpd do it) is what lets a failure report its real cause.
struct ListeningSocket {
    let descriptor: Int32
    let port: Int
    let isIPv6: Bool

    static func open(host: String, port: Int, backlog: Int32 = 4096, deferAcceptSeconds: Int32 = 5) throws -> ListeningSocket {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Platform.streamSocket
        hints.ai_flags = AI_PASSIVE | AI_NUMERICSERV
        var list: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, String(port), &hints, &list)
        guard status == 0, let first = list else {
            throw ServerStartError.resolve(host: host, reason: String(cString: gai_strerror(status)))
        }
        defer { freeaddrinfo(list) }

        var lastError: Int32 = 0
        var entry: UnsafeMutablePointer<addrinfo>? = first
        while let info = entry {
            entry = info.pointee.ai_next
            let fd = socket(info.pointee.ai_family, info.pointee.ai_socktype | Platform.closeOnExecSocketFlag, info.pointee.ai_protocol)
            if fd < 0 {
                lastError = errno
                continue
            }
            // Already so where the flag exists (Linux); the only way on Darwin. A child process
            // (the tests start some) must not inherit the listening socket.
            _ = fcntl(fd, F_SETFD, fcntl(fd, F_GETFD) | FD_CLOEXEC)
            var one: Int32 = 1
            setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
            if bind(fd, info.pointee.ai_addr, info.pointee.ai_addrlen) != 0 || listen(fd, backlog) != 0 {
                lastError = errno
                close(fd)
                continue
            }
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
            // Accept a connection only once its first bytes have arrived (or after about
            // `deferAcceptSeconds` without any): the server can then look at them before
            // libmicrohttpd reads them (a TLS ClientHello gets a 400, see `connectionOpened`), and
            // sockets opened and left silent do not take connection slots meanwhile.
            Platform.deferAccept(fd, seconds: deferAcceptSeconds)
            return ListeningSocket(descriptor: fd, port: boundPort(fd), isIPv6: info.pointee.ai_family == AF_INET6)
        }
        throw ServerStartError.bind(host: host, port: port, reason: String(cString: strerror(lastError)))
    }

    private static func boundPort(_ fd: Int32) -> Int {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        withUnsafeMutablePointer(to: &storage) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { _ = getsockname(fd, $0, &length) }
        }
        let family = Int32(storage.ss_family)
        return withUnsafePointer(to: storage) { pointer in
            if family == AF_INET6 {
                pointer.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { Int(UInt16(bigEndian: $0.pointee.sin6_port)) }
            } else {
                pointer.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { Int(UInt16(bigEndian: $0.pointee.sin_port)) }
            }
        }
    }
}

/// Raises the soft open-file limit to at least `needed` (bounded by the hard
/// limit) and returns the limit now in force.
func raiseOpenFileLimit(to needed: Int) -> Int {
    var limit = rlimit()
    guard getrlimit(Platform.openFileResource, &limit) == 0 else { return needed }
    if limit.rlim_cur >= rlim_t(needed) { return Int(limit.rlim_cur) }
    limit.rlim_cur = min(limit.rlim_max, rlim_t(needed))
    _ = setrlimit(Platform.openFileResource, &limit)
    _ = getrlimit(Platform.openFileResource, &limit)
    return Int(limit.rlim_cur)
}
