import Dispatch
import Logging
import UnderstudyHTTP
import UnderstudyStaging

/// Keeps a replica's copy of the shared state current, on two threads of its own (never a worker):
///
/// - the subscriber holds a connection of its own on `understudy:changes` and applies each change
///   as it is announced; after every (re)connect it reads everything again, since messages sent
///   while it was away are lost;
/// - the checker reads the version every ``checkMilliseconds`` and reads everything when it moved
///   without a message (pub/sub delivers at most once), renews the TTL of the sessions this
///   replica served, and tells the store which scenario files this replica serves.
package enum SharedStateWatcher {
    static let checkMilliseconds = 250
    static let retryMilliseconds = 250
    /// How often the checker reports this replica's scenario-files hash.
    static let reportMilliseconds: Int64 = 5000

    /// Reads the shared state once, before the first request (so that a replica that joins serves
    /// what the others serve from its first answer), then starts the two threads.
    package static func start(_ store: RedisSharedState) {
        do throws(SharedStateFailure) {
            try store.readAll()
            store.markUp()
        } catch {
            store.logger.warning("shared state: \(error.cause); serving the start scenario until Redis answers")
        }
        DispatchQueue(label: "understudy.replicas.subscriber").async { subscribe(store) }
        DispatchQueue(label: "understudy.replicas.checker").async { check(store) }
    }

    private static func subscribe(_ store: RedisSharedState) {
        while true {
            do throws(RedisError) {
                let connection = try RedisConnection(store.link.url, connectTimeoutMilliseconds: 1000, timeoutMilliseconds: nil)
                let confirmation = try connection.send([["SUBSCRIBE", SharedKeys.channel]])[0]
                guard confirmation.elements?.first?.text == "subscribe" else {
                    throw RedisError("SUBSCRIBE answered \(RedisSharedState.describe(confirmation))")
                }
                // Subscribed first, then read: a change made in between is both read and announced.
                try? store.readAll()
                while true {
                    let message = try connection.receive()
                    guard let parts = message.elements, parts.count == 3, parts[0].text == "message",
                        let text = parts[2].text, let change = SharedKeys.Message(text)
                    else { continue }
                    apply(change, to: store)
                }
            } catch {
                store.markDown(error.message)
            }
            Platform.sleep(milliseconds: retryMilliseconds)
        }
    }

    private static func apply(_ change: SharedKeys.Message, to store: RedisSharedState) {
        switch change {
        case .global: _ = try? store.readGlobal()
        case .reset: try? store.readAll()
        case .session(let id, let version):
            store.forgetMiss(id)
            guard (try? store.readSession(id)) != nil else { return }
            // Read: the version it made is this replica's now, unless a change before it was missed.
            store.status.withLock { status in
                if status.version == version - 1 { status.version = version }
            }
        }
    }

    private static func check(_ store: RedisSharedState) {
        var generation = -1
        var lastReport: Int64 = -reportMilliseconds
        var lastRenewal = Clock.milliseconds()
        while true {
            do throws(SharedStateFailure) {
                let now = Clock.milliseconds()
                let moved = try store.readGlobal()
                let connection = store.link.generation
                // A new connection, or a version that moved: everything again.
                if moved || connection != generation {
                    try store.readAll()
                    generation = connection
                }
                store.markUp()
                if now - lastReport >= reportMilliseconds {
                    _ = try store.run([["HSET", SharedKeys.sets, store.replicaKey, store.filesHash.current]])
                    lastReport = now
                }
                let ttl = Int64(store.control?.sessionTTLSeconds ?? 0)
                if ttl > 0, now - lastRenewal >= max(1000, ttl * 250) {
                    try store.renewSessions(usedSince: lastRenewal, ttlSeconds: ttl)
                    lastRenewal = now
                }
            } catch {
                // Already marked down by the store; the next round tries again.
            }
            Platform.sleep(milliseconds: checkMilliseconds)
        }
    }
}

extension RedisSharedState {
    func markUp() {
        let wasDown = status.withLock { status in
            defer {
                status.connected = true
                status.everConnected = true
                status.detail = nil
            }
            return !status.connected
        }
        if wasDown { logger.notice("shared state: connected to Redis at \(link.url), version \(status.current.version ?? 0)") }
    }

    /// Keeps the sessions this replica served alive in the store for another TTL.
    func renewSessions(usedSince milliseconds: Int64, ttlSeconds: Int64) throws(SharedStateFailure) {
        guard let control else { return }
        let ids = control.sessionsUsed(since: milliseconds)
        var index = 0
        while index < ids.count {
            let chunk = ids[index..<min(ids.count, index + 256)]
            index += chunk.count
            _ = try run(chunk.map { ["EXPIRE", SharedKeys.session($0), String(ttlSeconds)] })
        }
    }
}
