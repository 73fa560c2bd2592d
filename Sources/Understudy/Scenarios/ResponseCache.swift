import Atomics
import UnderstudyHTTP

/// The memory every response cache and target memo of the process may keep, in bytes:
/// one budget for all scenarios (and all scenario sets a reload has not yet let go of).
/// Past it, responses are rendered per request instead of kept. Each cache gives its
/// bytes back when it goes (a reload replaces the scenarios, and their caches with them).
final class CacheBudget: Sendable {
    /// 64 MiB for the server's cached responses and remembered targets together.
    static let shared = CacheBudget(limit: 64 << 20)

    let limit: Int
    private let used = ManagedAtomic<Int>(0)

    init(limit: Int) {
        self.limit = limit
    }

    var usedBytes: Int { used.load(ordering: .relaxed) }

    /// Takes `bytes` from the budget; false (taking nothing) when they do not fit.
    func reserve(_ bytes: Int) -> Bool {
        var current = used.load(ordering: .relaxed)
        while current + bytes <= limit {
            let (exchanged, original) = used.compareExchange(expected: current, desired: current + bytes, ordering: .relaxed)
            if exchanged { return true }
            current = original
        }
        return false
    }

    func release(_ bytes: Int) {
        guard bytes > 0 else { return }
        used.wrappingDecrement(by: bytes, ordering: .relaxed)
    }
}

/// Rendered responses of one scenario, per route and host. Bounded three ways: at most
/// `limit` entries, at most `hostsPerRoute` hosts for one route (a further `Host` gets the
/// route's template, kept once, filled in per request: never another kept copy of a
/// large body), and the bytes of the shared ``CacheBudget``. Past a bound, responses are rendered per request
/// instead of growing the cache; nothing kept is ever evicted, so a memo may point at it.
final class ResponseCache: Sendable {
    struct Key: Hashable, Sendable {
        var route: RouteKey
        var host: String
        var malformed: Bool
    }

    /// A route as rendered for any host.
    private struct Route: Hashable {
        var route: RouteKey
        var malformed: Bool
    }

    private struct Store {
        var entries: [Key: PreparedResponse] = [:]
        /// Hosts kept per route.
        var hosts: [Route: Int] = [:]
        /// The responses of routes that had more hosts than they keep, before their links are
        /// filled in: one copy serves every further host.
        var templates: [RouteKey: APIResponse] = [:]
        var bytes = 0
    }

    static let limit = 4096
    /// Links are rendered per `Host`; a client sees one or two (localhost, an emulator's or a LAN address).
    static let hostsPerRoute = 8
    private let store = Locked(Store())
    private let budget: CacheBudget

    init(budget: CacheBudget = .shared) {
        self.budget = budget
    }

    deinit {
        budget.release(store.current.bytes)
    }

    /// The response kept for `key`, or one prepared from the route's `template`; `kept` says
    /// whether the response is in the cache (and stays there as long as the cache), so a memo
    /// may remember it.
    func response(for key: Key, template render: () -> APIResponse,
                  prepare: (APIResponse) -> PreparedResponse) -> (response: PreparedResponse, kept: Bool) {
        if let cached = store.withLock({ $0.entries[key] }) { return (cached, true) }
        let kept = store.withLock { $0.templates[key.route] }
        let template = kept ?? render()
        let response = prepare(template)
        // The key's route holds the request's words (a search, fields): count them as printed.
        let keyBytes = key.host.utf8.count + String(describing: key.route).utf8.count + 128
        let bytes = response.retainedBytes + keyBytes
        let route = Route(route: key.route, malformed: key.malformed)
        return store.withLock { store in
            if let present = store.entries[key] { return (present, true) }  // another thread rendered it first
            guard store.entries.count < Self.limit, store.hosts[route, default: 0] < Self.hostsPerRoute else {
                // A host past the few: keep the template, so that further hosts only fill it in.
                if kept == nil, store.templates[key.route] == nil, store.templates.count < Self.limit {
                    let templateBytes = template.body.segments.reduce(keyBytes) { total, segment in
                        if case .bytes(let bytes) = segment { return total + bytes.count + 32 }
                        return total + 32
                    }
                    if budget.reserve(templateBytes) {
                        store.templates[key.route] = template
                        store.bytes += templateBytes
                    }
                }
                return (response, false)
            }
            guard budget.reserve(bytes) else { return (response, false) }
            store.entries[key] = response
            store.hosts[route, default: 0] += 1
            store.bytes += bytes
            return (response, true)
        }
    }

    /// Entries kept and the bytes they count against the budget.
    var usage: (entries: Int, bytes: Int) {
        store.withLock { ($0.entries.count, $0.bytes) }
    }
}

/// The response already chosen for an exact request target (path, query, host)
/// of an API: a repeated request skips routing, the host's `String` and the
/// route's cache key, which cost more than the rest of answering it. Looked up
/// by the request's raw bytes in an open-addressing table, so a hit makes no
/// `String` and runs no SipHash. Bounded like the cache (its count, and its key
/// bytes against the ``CacheBudget``; targets over `maxKeyBytes` are not kept);
/// only responses the cache keeps, of routes whose response depends on nothing
/// else, are remembered, so the memo pins no body of its own.
final class TargetMemo: Sendable {
    /// A target as received: views of the request's bytes, valid during the call they are passed to.
    struct Target {
        var path: UnsafeBufferPointer<UInt8>
        var query: UnsafeBufferPointer<UInt8>
        var host: UnsafeBufferPointer<UInt8>
        var malformed: Bool

        /// Seeded per process, so clients cannot pick targets that collide.
        private static let seed = UInt64.random(in: .min ... .max)

        var hash: UInt64 {
            var hash = TargetHash(seed: Self.seed ^ (malformed ? 1 : 0))
            hash.combine(path)
            hash.combine(query)
            hash.combine(host)
            return hash.value
        }
    }

    private struct Entry {
        let hash: UInt64
        /// The path's, query's and host's bytes, one after the other.
        let key: [UInt8]
        let pathCount: Int
        let queryCount: Int
        let malformed: Bool
        let response: PreparedResponse

        func matches(_ target: Target, hash: UInt64) -> Bool {
            guard self.hash == hash, malformed == target.malformed, pathCount == target.path.count, queryCount == target.query.count,
                  key.count == pathCount + queryCount + target.host.count else { return false }
            return key.withUnsafeBufferPointer { key in
                Self.same(key.baseAddress!, target.path) && Self.same(key.baseAddress! + pathCount, target.query)
                    && Self.same(key.baseAddress! + pathCount + queryCount, target.host)
            }
        }

        func hasSameKey(as other: Entry) -> Bool {
            hash == other.hash && malformed == other.malformed && pathCount == other.pathCount && queryCount == other.queryCount
                && key == other.key
        }

        private static func same(_ stored: UnsafePointer<UInt8>, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
            bytes.isEmpty || memcmp(stored, bytes.baseAddress!, bytes.count) == 0
        }
    }

    /// Linear probing; at most half full, so a miss ends at an empty slot soon.
    private struct Table {
        var slots = [Entry?](repeating: nil, count: 16)
        var count = 0
    }

    private let table = Locked(Table())
    private let budget: CacheBudget
    /// Bytes taken from the budget.
    private let bytes = ManagedAtomic<Int>(0)
    /// A longer target (path, query and host together) is answered through the cache.
    static let maxKeyBytes = 2048

    init(budget: CacheBudget = .shared) {
        self.budget = budget
    }

    deinit {
        budget.release(bytes.load(ordering: .relaxed))
    }

    subscript(target: Target) -> PreparedResponse? {
        let hash = target.hash
        return table.withLock { table in
            let mask = table.slots.count - 1
            var index = Int(truncatingIfNeeded: hash) & mask
            while let entry = table.slots[index] {
                if entry.matches(target, hash: hash) { return entry.response }
                index = (index + 1) & mask
            }
            return nil
        }
    }

    func remember(_ response: PreparedResponse, for target: Target) {
        let keyCount = target.path.count + target.query.count + target.host.count
        guard keyCount <= Self.maxKeyBytes else { return }
        let hash = target.hash
        let entry = Entry(hash: hash, key: Array(target.path) + Array(target.query) + Array(target.host), pathCount: target.path.count,
                          queryCount: target.query.count, malformed: target.malformed, response: response)
        // The key's bytes and the entry, in its slot and in the spare slots beside it.
        let cost = keyCount + 32 + 2 * MemoryLayout<Entry?>.stride
        table.withLock { table in
            guard table.count < ResponseCache.limit, budget.reserve(cost) else { return }
            bytes.wrappingIncrement(by: cost, ordering: .relaxed)
            if 2 * (table.count + 1) > table.slots.count {
                let old = table.slots
                table.slots = [Entry?](repeating: nil, count: 2 * old.count)
                for case let moved? in old { Self.insert(moved, into: &table.slots) }
            }
            if Self.insert(entry, into: &table.slots) {
                table.count += 1
            } else {
                budget.release(cost)
                bytes.wrappingDecrement(by: cost, ordering: .relaxed)
            }
        }
    }

    /// False when an equal target is there already (another thread rendered it first).
    @discardableResult
    private static func insert(_ entry: Entry, into slots: inout [Entry?]) -> Bool {
        let mask = slots.count - 1
        var index = Int(truncatingIfNeeded: entry.hash) & mask
        while let present = slots[index] {
            if present.hasSameKey(as: entry) { return false }
            index = (index + 1) & mask
        }
        slots[index] = entry
        return true
    }
}

/// A fast, seeded 64-bit hash of byte strings, eight bytes per step. Not SipHash: the
/// table it serves is bounded and seeded, and this runs on every request.
struct TargetHash {
    private(set) var value: UInt64

    init(seed: UInt64) {
        value = seed
    }

    mutating func combine(_ bytes: UnsafeBufferPointer<UInt8>) {
        let raw = UnsafeRawBufferPointer(bytes)
        let count = raw.count
        var offset = 0
        while offset + 8 <= count {
            mix(raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
            offset += 8
        }
        var last: UInt64 = 0
        if offset < count {
            if count >= 8 {
                // The last eight bytes, overlapping the word before: no byte loop.
                last = raw.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
            } else {
                for index in 0..<count { last |= UInt64(raw[index]) << UInt64(8 * index) }
            }
        }
        // The length goes in too, so ("ab", "c") and ("a", "bc") differ.
        mix(last ^ UInt64(truncatingIfNeeded: count) &* 0xFF51_AFD7_ED55_8CCD)
    }

    private mutating func mix(_ word: UInt64) {
        var state = (value ^ word) &* 0x9E37_79B9_7F4A_7C15
        state ^= state >> 32
        value = state &* 0xD6E8_FEB8_6659_FD93 ^ (state >> 29)
    }
}
