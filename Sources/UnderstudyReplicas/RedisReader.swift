import CHiredis

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
