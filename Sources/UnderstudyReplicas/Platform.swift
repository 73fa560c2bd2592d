// Everything in the replicas module that differs between Linux and Darwin, in one place: the C
// library (for hiredis's `timeval`, whose microseconds are an Int on glibc, an Int32 on Darwin)
// and the sleeps of the watcher threads. Other systems stop at #error.
#if os(Linux)
@_exported import Glibc
#elseif canImport(Darwin)
@_exported import Darwin
#else
#error("Understudy builds on Linux (Glibc) and on Darwin (macOS); add this system's branch to Platform.swift")
#endif

enum Platform {
    /// A hiredis timeout of `milliseconds` (0: none).
    static func timeval(_ milliseconds: Int) -> timeval {
        #if os(Linux)
        Glibc.timeval(tv_sec: milliseconds / 1000, tv_usec: (milliseconds % 1000) * 1000)
        #else
        Darwin.timeval(tv_sec: milliseconds / 1000, tv_usec: Int32((milliseconds % 1000) * 1000))
        #endif
    }

    /// Sleeps the calling thread (one of the module's own watcher threads, never a worker).
    static func sleep(milliseconds: Int) {
        usleep(UInt32(milliseconds * 1000))
    }

    // MARK: - A peer's address and one exchange with it (PeerSocket)

    /// getaddrinfo's answers for `host`, every address (IPv4 and IPv6), as PeerSocket keeps them.
    static func resolve(_ host: String, port: Int) -> [PeerSocket.Address] {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        #if os(Linux)
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        #else
        hints.ai_socktype = SOCK_STREAM
        #endif
        var list: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, String(port), &hints, &list) == 0, let first = list else { return [] }
        defer { freeaddrinfo(first) }
        var found: [PeerSocket.Address] = []
        var next: UnsafeMutablePointer<addrinfo>? = first
        while let entry = next, found.count < 64 {
            next = entry.pointee.ai_next
            guard let address = entry.pointee.ai_addr else { continue }
            let length = Int(entry.pointee.ai_addrlen)
            let bytes = Array(UnsafeRawBufferPointer(start: address, count: length))
            var name = [CChar](repeating: 0, count: Int(NI_MAXHOST))
            guard getnameinfo(address, entry.pointee.ai_addrlen, &name, socklen_t(name.count), nil, 0, NI_NUMERICHOST) == 0 else { continue }
            let text = String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            let shown = entry.pointee.ai_family == AF_INET6 ? "[\(text)]:\(port)" : "\(text):\(port)"
            if !found.contains(where: { $0.text == shown }) { found.append(.init(text: shown, family: entry.pointee.ai_family, bytes: bytes)) }
        }
        return found
    }

    /// Connects, sends `request`, reads until the peer hangs up (at most `maxBytes`), each step within the timeout.
    static func exchange(_ address: PeerSocket.Address, request: [UInt8], timeoutMilliseconds: Int, maxBytes: Int) throws(PeerFailure) -> [UInt8] {
        #if os(Linux)
        let fd = socket(address.family, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let fd = socket(address.family, SOCK_STREAM, 0)
        #endif
        guard fd >= 0 else { throw PeerFailure("no socket for \(address.text): errno \(errno)") }
        defer { close(fd) }
        var timeout = timeval(timeoutMilliseconds)
        // SO_SNDTIMEO bounds connect() too (Linux and Darwin), SO_RCVTIMEO each read.
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        let connected = address.bytes.withUnsafeBytes { raw in
            connect(fd, raw.baseAddress!.assumingMemoryBound(to: sockaddr.self), socklen_t(raw.count))
        }
        guard connected == 0 else { throw PeerFailure("\(address.text) did not accept a connection (\(String(cString: strerror(errno))))") }
        var sent = 0
        while sent < request.count {
            let count = request.withUnsafeBytes { send(fd, $0.baseAddress! + sent, $0.count - sent, 0) }
            guard count > 0 else { throw PeerFailure("\(address.text) hung up before the request was sent") }
            sent += count
        }
        var answer: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 64 << 10)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if count == 0 { return answer }
            guard count > 0 else { throw PeerFailure("\(address.text) did not answer in time (\(String(cString: strerror(errno))))") }
            answer += buffer[..<count]
            guard answer.count <= maxBytes else { throw PeerFailure("\(address.text) answered more than \(maxBytes) bytes") }
        }
    }
}
