import CHiredis

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
