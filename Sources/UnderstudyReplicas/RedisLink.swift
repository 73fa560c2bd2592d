import Dispatch
import UnderstudyHTTP

/// The command connection every caller shares (admin writes, sequence counts, session reads, the
/// watcher's reads), one round trip at a time under a lock. After a failure it connects again on
/// the next call, but at most once per ``retryMilliseconds``: while Redis is down a request that
/// needs it is refused at once with the last cause, not after a connect timeout of its own.
package final class RedisLink: Sendable {
    package let url: RedisURL
    private let state = Locked(LinkState())
    private static let connectTimeoutMilliseconds = 500
    private static let replyTimeoutMilliseconds = 1000
    private static let retryMilliseconds: Int64 = 250

    private struct LinkState {
        var connection: RedisConnection?
        var lastAttempt: Int64?
        var lastError = RedisError("not connected yet")
        /// Raised on each new connection, so the watcher knows to read everything again.
        var generation = 0
    }

    package init(url: RedisURL) {
        self.url = url
    }

    /// Runs the commands in one round trip; a failure drops the connection.
    package func send(_ commands: [[String]]) throws(RedisError) -> [RedisValue] {
        let result = state.withLock { (link: inout LinkState) -> Result<[RedisValue], RedisError> in
            do throws(RedisError) {
                return .success(try Self.connected(&link, url: url).send(commands))
            } catch {
                link.connection = nil
                link.lastError = error
                return .failure(error)
            }
        }
        return try result.get()
    }

    /// A count of the connections made so far.
    package var generation: Int { state.withLock { $0.generation } }

    private static func connected(_ link: inout LinkState, url: RedisURL) throws(RedisError) -> RedisConnection {
        if let connection = link.connection { return connection }
        let now = Clock.milliseconds()
        if let last = link.lastAttempt, now - last < retryMilliseconds { throw link.lastError }
        link.lastAttempt = now
        do {
            let connection = try RedisConnection(
                url, connectTimeoutMilliseconds: connectTimeoutMilliseconds, timeoutMilliseconds: replyTimeoutMilliseconds)
            link.connection = connection
            link.generation += 1
            return connection
        } catch {
            link.lastError = error
            throw error
        }
    }
}

/// Milliseconds of a monotonic clock, for retry and cache deadlines.
package enum Clock {
    package static func milliseconds() -> Int64 {
        Int64(DispatchTime.now().uptimeNanoseconds / 1_000_000)
    }
}
