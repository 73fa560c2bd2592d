import Logging
import UnderstudyAdminWire
import UnderstudyHTTP
import UnderstudyStaging

/// Reading the shared state back from Redis and applying it to this replica: the global selections
/// (with the version and the reset epoch), one session, or everything (on every connect, and when
/// the version moved without a message: pub/sub alone loses messages).
extension RedisSharedState {
    /// Reads the global state; true when the version moved since the last read.
    @discardableResult
    func readGlobal() throws(SharedStateFailure) -> Bool {
        guard let control else { return false }
        let replies = try run([["GET", SharedKeys.version], ["GET", SharedKeys.epoch], ["HGETALL", SharedKeys.global]])
        let version = replies[0].integer ?? 0
        let epoch = replies[1].integer ?? 0
        let fields = try pairs(replies[2], what: "the global state")
        var global = SharedGlobal()
        for (field, text) in fields {
            guard let selection = selection(text, where: "the global '\(field)'") else { continue }
            if field == SharedKeys.activeField {
                global.active = selection
            } else if let api = UnderstudyAPI(rawValue: field) {
                global.overrides[api] = selection
            }
        }
        let (moved, reset) = status.withLock { status -> (Bool, Bool) in
            defer {
                status.version = version
                status.epoch = epoch
            }
            return (status.version != version, status.epoch.map { $0 != epoch } ?? false)
        }
        if reset {
            logger.notice("shared state: another replica reset the state (epoch \(epoch)); clearing this replica's journal and sessions")
            control.applySharedReset()
        }
        let missing = control.applyShared(global: global)
        if !missing.isEmpty {
            logger.warning(
                "shared state: scenarios \(missing) are selected by another replica but not loaded here (the replicas' scenario files differ; see GET /__admin/scenarios)"
            )
        }
        return moved
    }

    /// Reads one session and applies it (an absent one is removed here).
    func readSession(_ id: String, via chosen: RedisLink? = nil) throws(SharedStateFailure) {
        guard let control else { return }
        let reply = try run([["HGETALL", SharedKeys.session(id)]], via: chosen)[0]
        control.applyShared(session: id, session(from: try pairs(reply, what: "session '\(id)'"), id: id))
    }

    /// Reads everything: the global state, then every session in chunks, one round trip each.
    func readAll() throws(SharedStateFailure) {
        guard let control else { return }
        try readGlobal()
        let reply = try run([["SMEMBERS", SharedKeys.sessions]])[0]
        let ids = (reply.elements ?? []).compactMap { $0.text.flatMap(SharedKeys.sessionID) }
        var stored = Set<String>()
        var index = 0
        while index < ids.count {
            let chunk = Array(ids[index..<min(ids.count, index + 256)])
            index += chunk.count
            let replies = try run(chunk.map { ["HGETALL", SharedKeys.session($0)] })
            for (id, reply) in zip(chunk, replies) {
                let session = session(from: try pairs(reply, what: "session '\(id)'"), id: id)
                if !session.isEmpty { stored.insert(id) }
                control.applyShared(session: id, session)
            }
        }
        // Sessions this replica holds that the store no longer has (deleted or expired meanwhile).
        for id in control.sessionIDs() where !stored.contains(id) { control.applyShared(session: id, SharedSession()) }
    }

    private func session(from fields: [(String, String)], id: String) -> SharedSession {
        var session = SharedSession()
        for (field, text) in fields {
            guard let selection = selection(text, where: "session '\(id)' '\(field)'") else { continue }
            if field == SharedKeys.allField {
                session.all = selection
            } else if let api = UnderstudyAPI(rawValue: field) {
                session.apis[api] = selection
            }
        }
        return session
    }

    /// A hash's fields and values; a reply that is not one is a failure.
    private func pairs(_ reply: RedisValue, what: String) throws(SharedStateFailure) -> [(String, String)] {
        guard let items = reply.elements, items.count % 2 == 0 else {
            throw SharedStateFailure("Redis answered \(what) with \(Self.describe(reply)), not a hash")
        }
        return stride(from: 0, to: items.count, by: 2).compactMap { index in
            guard let field = items[index].text, let value = items[index + 1].text else { return nil }
            return (field, value)
        }
    }

    /// The selection stored as `text` (the same object as the last time it was read); nil, and a
    /// warning, for a value that does not decode: it is skipped, never half-applied.
    private func selection(_ text: String, where place: String) -> Selection? {
        if let known = decoded.withLock({ $0[text] }) { return known }
        let parsed: (steps: [Selection.Step], key: String?)
        do {
            parsed = try SelectionCodec.decode(text)
        } catch {
            logger.warning("shared state: \(place) in Redis is not a selection Understudy wrote (\(error.message)); ignored")
            return nil
        }
        let selection = Selection(steps: parsed.steps, shared: parsed.key.map { SharedSequence(key: $0, store: self) })
        decoded.withLock { cache in
            if cache.count >= Self.maxDecoded { cache.removeAll(keepingCapacity: true) }
            cache[text] = selection
        }
        return selection
    }
}
