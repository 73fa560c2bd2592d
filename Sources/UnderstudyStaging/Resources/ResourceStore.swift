import HTTPTypes
package import UnderstudyDocuments
package import UnderstudyHTTP

/// Every resource of a scenario set and every copy of its items: the global copy (requests without a session)
/// and one per session that wrote, each starting from the seed (copy on write), so that two tests adding to two
/// carts never see each other's items. Made by each load: a reload starts every copy from its seed again.
package final class ResourceStore: Sendable {
    /// The resources, by their index (routes name a resource by it).
    package let definitions: [ResourceDefinition]
    /// What every copy starts from.
    let seeds: [ResourceItems]
    package let limits: ResourceLimits
    private let state = Locked(State())

    /// The copies one session holds (or, for ``State/global``, the requests without a session).
    private struct Copies {
        /// What ``ResourceLimits/maxSessionBytes`` counts: a session holds a copy of a few resources at most.
        var bytes: Int { items.values.reduce(0) { $0 + $1.bytes } }

        var items: [Int: ResourceItems] = [:]
        var lastUsed = SessionClock.now()
    }

    private struct State {
        var global = Copies()
        var sessions: [String: Copies] = [:]
        var totalBytes = 0
        /// A session's copies last this long unused (the server's session idle time).
        var idleMilliseconds: Int64 = 3_600_000
        /// The next write's ``ResourceItems/version``.
        var nextVersion = 1
        /// Answers to reads, by the copy's version and the request's variant (``cached(_:session:)``).
        var rendered: [RenderKey: Response] = [:]
        var renderedBytes = 0
        /// Bytes of ended sessions not yet given back to the system (``returnMemory(ifFreed:)``).
        var freedSinceTrim = 0
    }

    /// What the kept answers may hold: a read answered again costs a lookup, not a rendering (a list of 20 items
    /// was half a static route's speed); past this the cache starts again.
    static let maxRenderedBytes = 16 * 1024 * 1024
    static let maxRenderedBody = 256 * 1024

    /// The most sessions that hold copies at once.
    package static let maxSessions = 10_000

    package static let empty = ResourceStore(definitions: [], seeds: [], limits: .default)

    package init(definitions: [ResourceDefinition], seeds: [ResourceItems], limits: ResourceLimits) {
        self.definitions = definitions
        self.seeds = seeds
        self.limits = limits
    }

    /// Where a copy lives in a shared store (`--redis`): the session (`-` for the shared copy), then the path.
    package func sharedKey(_ index: Int, session: String?) -> String { "\(session ?? "-"):\(definitions[index].path)" }

    /// A copy as the shared store holds it: its items as a JSON array.
    package func itemsJSON(_ index: Int, session: String?) -> [UInt8] {
        var body: [UInt8] = []
        ResourceItems.append((try? read(index, session: session) { $0.items }) ?? [], to: &body)
        return body
    }

    /// The version of the copy `session` writes (0: the seed): it changes with every write.
    package func version(_ index: Int, session: String?) -> Int {
        state.withLock { state in
            (session.map { state.sessions[$0]?.items[index] } ?? state.global.items[index])?.version ?? 0
        }
    }

    /// This replica's copy made what the shared store holds: its items (a JSON array), or the seed for nil.
    package func restore(_ index: Int, session: String?, from stored: [UInt8]?) throws(ResourceRefusal) {
        guard let stored else {
            state.withLock { state in
                var copies = session.map { state.sessions[$0] ?? Copies() } ?? state.global
                guard let dropped = copies.items.removeValue(forKey: index) else { return }
                state.totalBytes -= dropped.bytes
                if let session { state.sessions[session] = copies.items.isEmpty ? nil : copies } else { state.global = copies }
            }
            return
        }
        guard case .array(let values)? = try? JSONParser.parse(stored, file: "stored").value else {
            throw ResourceRefusal(
                .internalServerError, "shared state unreadable", "The shared store's copy of \(definitions[index].path) is not a JSON array.")
        }
        try replace(index, session: session, with: values)
    }

    /// The resource whose collection is at `path`.
    package func index(ofPath path: String) -> Int? { definitions.firstIndex { $0.path == path } }

    /// Sets how long a session's copies last unused (the server's `--session-ttl`).
    package func expire(afterSeconds seconds: Int) { state.withLock { $0.idleMilliseconds = Int64(seconds) * 1000 } }

    /// Reads the copy `session` sees (the global one for nil) under the store's lock.
    package func read<T>(_ index: Int, session: String?, _ body: (ResourceItems) throws(ResourceRefusal) -> T) throws(ResourceRefusal) -> T {
        try state.withLock { state in
            Result { () throws(ResourceRefusal) -> T in
                if let session {
                    guard state.sessions[session] != nil else { return try body(seeds[index]) }
                    state.sessions[session]!.lastUsed = SessionClock.now()
                    return try body(state.sessions[session]!.items[index] ?? seeds[index])
                }
                return try body(state.global.items[index] ?? seeds[index])
            }
        }.get()
    }

    /// What a kept answer was made from: a copy in one state (its version names both), and what else the answer
    /// depends on (the request's target with its host and scheme, the scenario, `malformed-json`).
    package struct RenderKey: Hashable, Sendable {
        var index: Int
        var version = 0
        package var target: RequestTarget
        package var scenario: String
        package var malformed: Bool

        package init(index: Int, target: RequestTarget, scenario: String, malformed: Bool) {
            (self.index, self.target, self.scenario, self.malformed) = (index, target, scenario, malformed)
        }
    }

    /// The answer kept for the copy `session` reads, as it is now; nil, with the key to ``keep(_:as:)`` it under,
    /// when there is none.
    package func cached(_ key: RenderKey, session: String?) -> (response: Response?, key: RenderKey) {
        state.withLock { state in
            var key = key
            if let session, state.sessions[session] != nil {
                state.sessions[session]!.lastUsed = SessionClock.now()
                key.version = state.sessions[session]!.items[key.index]?.version ?? 0
            } else if session == nil {
                key.version = state.global.items[key.index]?.version ?? 0
            }
            return (state.rendered[key], key)
        }
    }

    /// Keeps a read's answer under the key ``cached(_:session:)`` gave.
    package func keep(_ response: Response, as key: RenderKey) {
        guard response.bodyCount <= Self.maxRenderedBody else { return }
        state.withLock { state in
            if state.renderedBytes + response.bodyCount > Self.maxRenderedBytes {
                state.rendered = [:]
                state.renderedBytes = 0
            }
            if state.rendered.updateValue(response, forKey: key) == nil { state.renderedBytes += response.bodyCount }
        }
    }

    /// Changes the copy `session` writes (the global one for nil). A change that throws, or that would pass a
    /// bound, is dropped whole: the copy stays as it was.
    package func write<T>(
        _ index: Int, session: String?, _ change: (inout ResourceItems) throws(ResourceRefusal) -> T
    ) throws(ResourceRefusal)
        -> T
    {
        try state.withLock { state in Result { () throws(ResourceRefusal) -> T in try Self.write(&state, index, session, seeds, limits, change) } }
            .get()
    }

    private static func write<T>(
        _ state: inout State, _ index: Int, _ session: String?, _ seeds: [ResourceItems], _ limits: ResourceLimits,
        _ change: (inout ResourceItems) throws(ResourceRefusal) -> T
    ) throws(ResourceRefusal) -> T {
        let now = SessionClock.now()
        // Taken out of the state while it changes, so the change happens in place (a copy still referenced from
        // the dictionary would be copied whole by every write) and is put back whatever the outcome.
        var copies: Copies
        if let session {
            if let held = state.sessions.removeValue(forKey: session) {
                copies = held
            } else {
                Self.sweep(&state, now: now)
                guard state.sessions.count < Self.maxSessions else {
                    throw ResourceRefusal(
                        .contentTooLarge, "too many sessions",
                        "\(Self.maxSessions) sessions hold resources; end some (DELETE /__admin/sessions/ID) or wait for them to expire.")
                }
                copies = Copies(lastUsed: now)
            }
        } else {
            copies = state.global
            state.global = Copies()
        }
        // A change that throws has changed nothing (``ResourceItems`` checks before it writes), so what goes
        // back is the copy as it is, or nothing for a session that had none.
        let hadCopy = copies.items[index] != nil
        var items = copies.items.removeValue(forKey: index) ?? seeds[index]
        let heldBytes = hadCopy ? items.bytes : 0
        var changed = false
        defer {
            if hadCopy || changed {
                copies.items[index] = items
                state.totalBytes += items.bytes - heldBytes
            }
            copies.lastUsed = now
            if let session {
                if !copies.items.isEmpty { state.sessions[session] = copies }
            } else {
                state.global = copies
            }
        }
        // A session's first write copies the seed: its bytes count from then on.
        let copied = items.bytes - heldBytes
        // The session's other copies (this one is out of `copies` while it changes), and this one as it is.
        let sessionRoom = limits.maxSessionBytes - copies.bytes - items.bytes
        let serverRoom = limits.maxTotalBytes - state.totalBytes - copied
        guard sessionRoom >= 0, serverRoom >= 0 else { throw sessionRoom < 0 ? Self.sessionFull(limits) : Self.serverFull(limits) }
        items.allowance = min(sessionRoom, serverRoom)
        defer { items.allowance = .max }
        do {
            let result = try change(&items)
            changed = true
            items.version = state.nextVersion
            state.nextVersion += 1
            return result
        } catch  where error.error == ResourceItems.overAllowance {
            throw sessionRoom <= serverRoom ? Self.sessionFull(limits) : Self.serverFull(limits)
        }
    }

    private static func sessionFull(_ limits: ResourceLimits) -> ResourceRefusal {
        ResourceRefusal(.contentTooLarge, "session full", "A session's resources hold at most \(limits.maxSessionBytes) bytes; delete items first.")
    }

    private static func serverFull(_ limits: ResourceLimits) -> ResourceRefusal {
        ResourceRefusal(
            .contentTooLarge, "server full", "Every session's resources together hold at most \(limits.maxTotalBytes) bytes; end sessions or reset.")
    }

    /// Replaces a copy's items whole (the admin API's seed), each checked as a POST's body is.
    package func replace(_ index: Int, session: String?, with values: [JSONValue]) throws(ResourceRefusal) {
        let items = try ResourceItems(seed: values, definition: definitions[index], limits: limits)
        try write(index, session: session) { (copy: inout ResourceItems) throws(ResourceRefusal) in try copy.replaceAll(with: items) }
    }

    /// A session's copies dropped: it ended, so its next write starts from the seed again.
    package func end(session: String) {
        let freed = state.withLock { state in
            guard let copies = state.sessions.removeValue(forKey: session) else { return 0 }
            state.totalBytes -= copies.bytes
            state.freedSinceTrim += copies.bytes
            guard state.freedSinceTrim >= Self.trimAfterBytes else { return 0 }
            defer { state.freedSinceTrim = 0 }
            return state.freedSinceTrim
        }
        Self.returnMemory(ifFreed: freed)
    }

    /// glibc keeps what sessions' items took once they are freed (200 ended sessions of 640 KB each left 97 MB
    /// resident): it is given back, outside the lock, each time ended sessions have freed this much.
    static let trimAfterBytes = 4 * 1024 * 1024

    private static func returnMemory(ifFreed bytes: Int) {
        if bytes >= trimAfterBytes { Platform.returnFreedMemory() }
    }

    /// Every copy back to its seed (`POST /__admin/reset`).
    package func reset() {
        let freed = state.withLock { state in
            defer { state.totalBytes = 0 }
            state.global = Copies()
            state.sessions = [:]
            state.rendered = [:]
            state.renderedBytes = 0
            state.freedSinceTrim = 0
            return max(state.totalBytes, Self.trimAfterBytes)
        }
        Self.returnMemory(ifFreed: freed)
    }

    /// What the store holds: the sessions with copies, and the bytes of all of them.
    package var usage: (sessions: Int, bytes: Int) { state.withLock { ($0.sessions.count, $0.totalBytes) } }

    /// Sessions unused for the idle time lose their copies (checked when a new session first writes).
    private static func sweep(_ state: inout State, now: Int64) {
        let idle = state.idleMilliseconds
        let stale = state.sessions.filter { now - $0.value.lastUsed > idle }
        for (session, copies) in stale {
            state.sessions.removeValue(forKey: session)
            state.totalBytes -= copies.bytes
        }
    }
}
