// Everything in the replicas module that differs between Linux and Darwin, in one place: the C
// library (for hiredis's `timeval`, whose microseconds are an Int on glibc, an Int32 on Darwin)
// and the sleeps of the watcher threads. Other systems stop at #error.
// With them, the module's one door to C: hiredis's connection (its context, the argument vectors of commands),
// its reply objects copied into values within a budget, and its protocol reader fed from bytes in hand.
import CHiredis

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

// MARK: - RedisConnection

/// One blocking connection to Redis over hiredis: commands written in a pipeline and their replies
/// read back with a bound (``RedisLimits``), each with a timeout. After any error the connection
/// is broken for good (hiredis's context is unusable then): its owner drops it and connects anew.
/// Not shared between threads: each owner keeps it under its own lock or on its own thread.
package final class RedisConnection {
    private let context: UnsafeMutablePointer<redisContext>
    private(set) package var broken: RedisError?

    /// Connects, then authenticates and selects the URL's database.
    /// - Parameter timeoutMilliseconds: for the connect and for each reply; nil: replies wait for
    ///   ever (the subscriber, which hiredis's TCP keep-alive watches instead).
    package init(_ url: RedisURL, connectTimeoutMilliseconds: Int, timeoutMilliseconds: Int?) throws(RedisError) {
        guard let made = redisConnectWithTimeout(url.host, Int32(url.port), Platform.timeval(connectTimeoutMilliseconds)) else {
            throw RedisError("could not make a Redis connection (out of memory)")
        }
        guard made.pointee.err == 0 else {
            let reason = String(cString: us_redis_errstr(made))
            redisFree(made)
            throw RedisError("cannot connect to \(url): \(reason)")
        }
        // From here on, deinit frees the context, a failed handshake included.
        context = made
        _ = redisEnableKeepAlive(made)
        _ = redisSetTimeout(made, Platform.timeval(timeoutMilliseconds ?? 0))
        var hello: [[String]] = []
        if let password = url.password { hello.append(url.user.map { ["AUTH", $0, password] } ?? ["AUTH", password]) }
        if url.database != 0 { hello.append(["SELECT", String(url.database)]) }
        if !hello.isEmpty {
            for reply in try send(hello) {
                if case .error(let message) = reply { throw RedisError("\(url) refused the connection: \(Self.shown(message))") }
            }
        }
    }

    deinit {
        redisFree(context)
    }

    /// Sends the commands in one write and returns their replies in order. An error reply is a
    /// value (`.error`), not a failure; a failure breaks the connection.
    package func send(_ commands: [[String]]) throws(RedisError) -> [RedisValue] {
        if let broken { throw broken }
        for command in commands { try append(command) }
        var replies: [RedisValue] = []
        for _ in commands { replies.append(try receive()) }
        return replies
    }

    /// The next reply (the subscriber's next message).
    package func receive() throws(RedisError) -> RedisValue {
        if let broken { throw broken }
        var reply: UnsafeMutablePointer<redisReply>?
        guard us_redis_get_reply(context, &reply, RedisLimits.maxReads) == REDIS_OK, let reply else {
            throw fail(String(cString: us_redis_errstr(context)))
        }
        defer { freeReplyObject(reply) }
        var budget = RedisBudget()
        do {
            return try RedisReply.value(of: reply, budget: &budget)
        } catch {
            throw fail(error.message)
        }
    }

    private func append(_ command: [String]) throws(RedisError) {
        let arguments = command.map { Array($0.utf8) }
        var lengths = arguments.map(\.count)
        let copies = arguments.map { bytes -> UnsafeMutablePointer<CChar> in
            let copy = UnsafeMutablePointer<CChar>.allocate(capacity: max(1, bytes.count))
            bytes.withUnsafeBufferPointer { source in
                source.withMemoryRebound(to: CChar.self) { copy.initialize(from: $0.baseAddress!, count: bytes.count) }
            }
            return copy
        }
        defer { for copy in copies { copy.deallocate() } }
        var argv = copies.map { UnsafePointer<CChar>?($0) }
        guard redisAppendCommandArgv(context, Int32(argv.count), &argv, &lengths) == REDIS_OK else {
            throw fail("could not queue a Redis command: \(String(cString: us_redis_errstr(context)))")
        }
    }

    private func fail(_ reason: String) -> RedisError {
        let error = RedisError(reason.isEmpty ? "the Redis connection was lost" : "Redis: \(Self.shown(reason))")
        broken = error
        return error
    }

    /// Text from the server as an error shows it: printable and short.
    static func shown(_ text: String) -> String {
        String(text.unicodeScalars.prefix(200).map { $0.value >= 0x20 && $0.value < 0x7f ? Character($0) : "?" })
    }
}

// MARK: - RedisReply

/// hiredis's reply objects copied into ``RedisValue``s, within a ``RedisBudget``.
enum RedisReply {
    /// Copies `reply` (hiredis keeps ownership; the caller frees it).
    static func value(of reply: UnsafeMutablePointer<redisReply>, depth: Int = 0, budget: inout RedisBudget) throws(RedisError) -> RedisValue {
        let object = reply.pointee
        switch object.type {
        case REDIS_REPLY_STRING, REDIS_REPLY_STATUS, REDIS_REPLY_ERROR:
            try budget.spend(bytes: object.len)
            let bytes: [UInt8] =
                object.str.map { start in
                    UnsafeRawBufferPointer(start: start, count: object.len).map { $0 }
                } ?? []
            switch object.type {
            case REDIS_REPLY_STRING: return .string(bytes)
            case REDIS_REPLY_STATUS: return .status(String(decoding: bytes, as: UTF8.self))
            default: return .error(String(decoding: bytes, as: UTF8.self))
            }
        case REDIS_REPLY_INTEGER:
            return .integer(object.integer)
        case REDIS_REPLY_NIL:
            return .null
        case REDIS_REPLY_ARRAY:
            guard depth < RedisLimits.maxDepth else { throw RedisError("a reply nested deeper than \(RedisLimits.maxDepth)") }
            try budget.spend(elements: object.elements)
            var elements: [RedisValue] = []
            elements.reserveCapacity(object.elements)
            for index in 0..<object.elements {
                guard let element = object.element?[index] else { throw RedisError("a reply with a missing array element") }
                elements.append(try value(of: element, depth: depth + 1, budget: &budget))
            }
            return .array(elements)
        default:
            throw RedisError("a reply of unknown type \(object.type)")
        }
    }
}

// MARK: - RedisReader

/// hiredis's protocol reader on bytes already in hand: what a connection does with the bytes it
/// reads, without a socket, so the tests can hand it garbage, truncated and huge replies.
package final class RedisReader {
    private let reader: UnsafeMutablePointer<redisReader>
    private var fed = 0

    package init() {
        reader = redisReaderCreate()
    }

    deinit {
        redisReaderFree(reader)
    }

    /// Adds bytes; refused once more than ``RedisLimits/maxBytes`` were fed in total.
    package func feed(_ bytes: [UInt8]) throws(RedisError) {
        fed += bytes.count
        guard fed <= RedisLimits.maxBytes else { throw RedisError("a reply over \(RedisLimits.maxBytes) bytes") }
        let status = bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { redisReaderFeed(reader, $0.baseAddress, $0.count) }
        }
        guard status == REDIS_OK else { throw RedisError("the reply could not be read: \(String(cString: us_redis_reader_errstr(reader)))") }
    }

    /// The next complete reply, or nil while one is incomplete.
    package func next() throws(RedisError) -> RedisValue? {
        var raw: UnsafeMutableRawPointer?
        guard redisReaderGetReply(reader, &raw) == REDIS_OK else {
            throw RedisError("Redis answered something that is not its protocol: \(String(cString: us_redis_reader_errstr(reader)))")
        }
        guard let raw else { return nil }
        defer { freeReplyObject(raw) }
        var budget = RedisBudget()
        return try RedisReply.value(of: raw.assumingMemoryBound(to: redisReply.self), budget: &budget)
    }
}
