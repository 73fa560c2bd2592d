import Dispatch
package import Logging
package import UnderstudyAdminWire
import UnderstudyHTTP
package import UnderstudyStaging

/// The state replicas share, kept in Redis (`serve --redis URL`): the engine's ``SharedStateStore``.
///
/// Each replica serves from its own copy of the state. A change through the admin API is written to
/// Redis first (the state, then the version counter raised, in one MULTI/EXEC), then announced on a
/// channel; every replica's ``SharedStateWatcher`` applies it. Only two kinds of request need Redis:
/// one of a shared sequence still counting (one INCR, until the sequence's last step) and the first
/// of a session this replica has not seen (one read, then kept; a miss is kept for ``missSeconds``).
/// No worker thread waits for them: the request is parked, and the request thread does the round
/// trip on a connection of its own (``perform(_:)``); an admin call that waits on Redis is parked
/// for the admin thread likewise (``performAdmin(_:)``); at most ``waitingLimit`` of both at a time.
package final class RedisSharedState: SharedStateStore {
    /// The admin writes' and the watcher's connection.
    package let link: RedisLink
    /// The request thread's connection: a watcher's full read or an admin write never holds a parked
    /// request up behind it.
    let requestLink: RedisLink
    /// The request thread: one round trip at a time, in the order the requests came.
    private let requestQueue = DispatchQueue(label: "understudy.replicas.requests")
    /// The admin thread: the admin calls that wait on Redis (on ``link``), one at a time.
    private let adminQueue = DispatchQueue(label: "understudy.replicas.admin")
    /// Requests and admin calls handed to the two threads and not yet answered.
    private let waiting = Locked(0)
    /// How many requests may wait for Redis at once; past it a request is refused (503) at once, so a
    /// Redis that is slow or down never piles up parked connections without bound.
    package let waitingLimit: Int
    package let replica: String?
    let logger: Logger
    let attached = Locked<ServerControl?>(nil)
    let status = Locked(Status())
    /// Selections already decoded, by their stored text: a re-read that finds the same text keeps
    /// the same object (and a sequence its count). Cleared when it holds more than ``maxDecoded``.
    let decoded = Locked<[String: Selection]>([:])
    /// Sessions Redis did not have, with when to ask again.
    private let misses = Locked<[String: Int64]>([:])
    /// This replica's scenario-files hash (``ScenarioFilesHash``), made at start and on each read of `/__admin/scenarios`.
    let filesHash = Locked("")

    static let maxDecoded = 10_000
    static let maxMisses = 10_000
    static let missSeconds: Int64 = 2

    struct Status {
        var connected = false
        var everConnected = false
        var detail: String? = "connecting"
        /// The version last applied; nil before the first read.
        var version: Int64?
        var epoch: Int64?
    }

    package init(url: RedisURL, replica: String?, logger: Logger, waitingLimit: Int = 1024) {
        link = RedisLink(url: url)
        requestLink = RedisLink(url: url)
        self.replica = replica
        self.logger = logger
        self.waitingLimit = waitingLimit
    }

    package func attach(_ control: ServerControl) {
        attached.withLock { $0 = control }
        filesHash.withLock { $0 = ScenarioFilesHash.of(control.directory) }
    }

    var control: ServerControl? { attached.current }

    // MARK: - Writes

    package func write(_ change: SharedChange) throws(SharedStateFailure) {
        let ttl = control?.sessionTTLSeconds ?? 0
        var commands: [[String]] = [["MULTI"]]
        /// What the channel is told: a session's message carries the version the write made, so it is sent after EXEC.
        let message: (Int64) -> SharedKeys.Message
        switch change {
        case .selection(let session, let api, let selection):
            let key = session.map(SharedKeys.session) ?? SharedKeys.global
            let field = SharedKeys.field(api, session: session != nil)
            if let selection {
                let text = SelectionCodec.encode(selection)
                commands.append(["HSET", key, field, text])
                // Read back by this replica's watcher, the text finds this very object (and its count).
                decoded.withLock { $0[text] = selection }
            } else {
                commands.append(["HDEL", key, field])
            }
            if let session {
                commands.append(["SADD", SharedKeys.sessions, session])
                if ttl > 0 { commands.append(["EXPIRE", key, String(ttl)]) }
            }
            message = { version in session.map { .session($0, version: version) } ?? .global }
        case .deleteSession(let id):
            commands += [["DEL", SharedKeys.session(id)], ["SREM", SharedKeys.sessions, id]]
            // The session's resource copies go with it.
            let keys = try run([["SMEMBERS", SharedKeys.resourceKeys]])[0].elements?.compactMap(\.text) ?? []
            for key in keys where key.hasPrefix(SharedKeys.resources(of: id)) {
                commands += [["DEL", key], ["SREM", SharedKeys.resourceKeys, key]]
            }
            message = { .session(id, version: $0) }
        case .reset:
            // The sessions' keys are found first: a reset removes every one of them.
            let ids = try run([["SMEMBERS", SharedKeys.sessions]])[0].elements?.compactMap(\.text) ?? []
            commands += ids.compactMap(SharedKeys.sessionID).map { ["DEL", SharedKeys.session($0)] }
            // Every resource copy, the shared one included, back to its seed.
            let resources = try run([["SMEMBERS", SharedKeys.resourceKeys]])[0].elements?.compactMap(\.text) ?? []
            commands += resources.map { ["DEL", $0] } + [["DEL", SharedKeys.resourceKeys]]
            commands += [["DEL", SharedKeys.sessions], ["DEL", SharedKeys.global], ["INCR", SharedKeys.epoch]]
            message = { _ in .reset }
        }
        commands += [["INCR", SharedKeys.version], ["EXEC"]]
        let replies = try run(commands)
        // EXEC's reply: one per queued command, or nil/an error when the transaction did not run.
        guard let results = replies[replies.count - 1].elements, !results.contains(where: { if case .error = $0 { true } else { false } }),
            let version = results.last?.integer
        else {
            throw SharedStateFailure("Redis did not apply the change (\(Self.describe(replies[replies.count - 1])))")
        }
        // The change is made: an announcement that fails now is caught up by every replica's version check,
        // so it is no reason to tell the caller the change was not made.
        if (try? run([["PUBLISH", SharedKeys.channel, message(version).text]])) == nil {
            logger.notice("shared state: a change was stored but not announced; the replicas' version check picks it up")
        }
        if case .reset = change, results.count >= 2, let epoch = results[results.count - 2].integer {
            // This replica resets itself (the admin API does); its watcher must not reset it again when it
            // reads the new epoch, clearing the journal of requests answered since. Only when no other
            // replica's reset came in between.
            status.withLock { status in
                if status.epoch == epoch - 1 { status.epoch = epoch }
            }
        }
    }

    // MARK: - Requests

    package func makeSequenceKey() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<2).map { _ in String(generator.next() as UInt64, radix: 16) }.joined(separator: "-")
    }

    package func perform(_ work: @escaping @Sendable () -> Void) -> Bool {
        enqueue(work, on: requestQueue)
    }

    package func performAdmin(_ work: @escaping @Sendable () -> Void) -> Bool {
        enqueue(work, on: adminQueue)
    }

    /// Requests and admin calls share one bound: parked connections, whichever thread they wait for.
    private func enqueue(_ work: @escaping @Sendable () -> Void, on queue: DispatchQueue) -> Bool {
        let taken = waiting.withLock { count in
            guard count < waitingLimit else { return false }
            count += 1
            return true
        }
        guard taken else { return false }
        queue.async { [waiting] in
            work()
            waiting.withLock { $0 -= 1 }
        }
        return true
    }

    /// Requests waiting for the request thread now.
    package var waitingCount: Int { waiting.current }

    package func advance(sequence key: String) throws(SharedStateFailure) -> Int {
        let counter = SharedKeys.sequence(key)
        let replies = try run([["INCR", counter], ["EXPIRE", counter, String(SharedKeys.sequenceSeconds)]], via: requestLink)
        guard let position = replies[0].integer, position > 0, position < Int64(Int32.max) else {
            throw SharedStateFailure("Redis answered the sequence count with \(Self.describe(replies[0]))")
        }
        return Int(position)
    }

    package func mustRead(session id: String) -> Bool {
        guard let until = misses.withLock({ $0[id] }) else { return true }
        return until <= Clock.milliseconds()
    }

    package func read(session id: String) throws(SharedStateFailure) {
        // Another request of the session may have been answered while this one waited.
        guard let control, !control.hasSession(id), mustRead(session: id) else { return }
        // One read; a failure refuses this request, and the next one tries again (after the link's back-off).
        try readSession(id, via: requestLink)
        guard !control.hasSession(id) else { return }
        misses.withLock { misses in
            if misses.count >= Self.maxMisses { misses.removeAll(keepingCapacity: true) }
            misses[id] = Clock.milliseconds() + Self.missSeconds * 1000
        }
    }

    func forgetMiss(_ id: String) {
        _ = misses.withLock { $0.removeValue(forKey: id) }
    }

    // MARK: - Status

    package var health: UnderstudyWire.SharedHealth {
        let status = status.current
        return UnderstudyWire.SharedHealth(
            status: status.connected ? "connected" : status.everConnected ? "unavailable" : "connecting",
            store: link.url.description, replica: replica, detail: status.connected ? nil : status.detail,
            version: status.version.map { Int($0) }, servingFromCache: !status.connected)
    }

    package func scenarioSets() -> UnderstudyWire.ScenarioSets {
        let hash = control.map { ScenarioFilesHash.of($0.directory) } ?? ""
        filesHash.withLock { $0 = hash }
        var replicas: [String: String] = [:]
        if let reply = try? run([["HGETALL", SharedKeys.sets]])[0], let pairs = reply.elements {
            for index in stride(from: 0, to: pairs.count - 1, by: 2) {
                if let name = pairs[index].text, let value = pairs[index + 1].text { replicas[name] = value }
            }
        }
        replicas[replicaKey] = hash
        return UnderstudyWire.ScenarioSets(hash: hash, replicas: replicas, agree: replicas.values.allSatisfy { $0 == hash })
    }

    /// This replica's name in `understudy:sets`.
    var replicaKey: String { replica ?? "unnamed" }

    /// Runs commands (on the admin and watcher connection unless told); a lost connection becomes a
    /// failure that names the store and the cause.
    func run(_ commands: [[String]], via chosen: RedisLink? = nil) throws(SharedStateFailure) -> [RedisValue] {
        do {
            return try (chosen ?? link).send(commands)
        } catch {
            markDown(error.message)
            throw SharedStateFailure("Redis at \(link.url) is unavailable (\(error.message))")
        }
    }

    func markDown(_ detail: String) {
        let wasUp = status.withLock { status in
            defer {
                status.connected = false
                status.detail = detail
            }
            return status.connected
        }
        if wasUp { logger.warning("shared state: Redis at \(link.url) unavailable (\(detail)); serving the last state read") }
    }

    static func describe(_ value: RedisValue) -> String {
        switch value {
        case .error(let message): "error \(RedisConnection.shown(message))"
        case .null: "nil"
        case .integer(let number): "\(number)"
        case .array(let items): "an array of \(items.count)"
        case .status(let text): RedisConnection.shown(text)
        case .string(let bytes): "a string of \(bytes.count) bytes"
        }
    }
}
