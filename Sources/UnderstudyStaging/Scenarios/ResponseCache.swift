package import UnderstudyAPIService
import UnderstudyDocuments
package import UnderstudyHTTP

/// The responses of one scenario, looked up by the exact request target (host, path, raw query)
/// that asked for them: a repeated request skips routing and rendering, which cost more than the
/// rest of answering it.
///
/// Behind the target index, responses are kept once per route and host, so targets that differ
/// only in what the route ignores (an unknown query parameter, another escaping) share one body.
/// Bounded three ways: at most `limit` responses and `limit` targets, at most `hostsPerRoute`
/// hosts for one route (a further `Host` gets the route's template, kept once, filled in per
/// request: never another kept copy of a large body), and the bytes of the shared
/// ``CacheBudget``. Past a bound, responses are rendered per request instead of growing the
/// cache; nothing kept is ever evicted.
package final class ResponseCache: Sendable {
    /// A target as received, and whether the scenario's fault cuts the body (`malformed-json`).
    package struct Target: Hashable, Sendable {
        package var target: RequestTarget
        package var malformed: Bool
    }

    /// A route as rendered for one host and scheme (links differ between http and https).
    package struct Key: Hashable, Sendable {
        package var route: RouteKey
        package var host: String
        package var isSecure = false
        package var malformed: Bool
    }

    /// A route as rendered for any host.
    private struct Route: Hashable {
        package var route: RouteKey
        package var malformed: Bool
    }

    private struct Store {
        var targets = TargetTable()
        package var entries: [Key: Response] = [:]
        /// Hosts kept per route.
        var hosts: [Route: Int] = [:]
        /// The responses of routes that had more hosts than they keep, before their links are
        /// filled in: one copy serves every further host.
        var templates: [RouteKey: APIResponse] = [:]
        package var bytes = 0
    }

    package static let limit = 4096
    /// Links are rendered per `Host`; a client sees one or two (localhost, an emulator's or a LAN address).
    static let hostsPerRoute = 8
    /// A longer target (path, query and host together) is answered through the routes.
    static let maxTargetBytes = 2048
    private let store = Locked(Store())
    private let budget: CacheBudget

    package init(budget: CacheBudget = .shared) {
        self.budget = budget
    }

    deinit {
        budget.release(store.current.bytes)
    }

    /// The response remembered for `target`, if any.
    subscript(target: Target) -> Response? {
        store.withLock { $0.targets[target] }
    }

    /// The response kept for `key`, or one prepared from the route's `template`; `kept` says
    /// whether the response is in the cache, so that ``remember(_:for:)`` may index it.
    package func response(
        for key: Key, template render: () -> APIResponse,
        prepare: (APIResponse) -> Response
    ) -> (response: Response, kept: Bool) {
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

    /// Indexes a response the cache keeps (see ``response(for:template:prepare:)``) under the target
    /// that asked for it. Only responses of routes that depend on nothing but the target belong here.
    func remember(_ response: Response, for target: Target) {
        let request = target.target
        let keyBytes = request.path.utf8.count + request.query.utf8.count + (request.host?.utf8.count ?? 0)
        guard keyBytes <= Self.maxTargetBytes else { return }
        // The strings and the entry, in its slot and in the spare slots beside it.
        let cost = keyBytes + 96 + 2 * MemoryLayout<TargetTable.Entry?>.stride
        store.withLock { store in
            guard store.targets.count < Self.limit, store.targets[target] == nil, budget.reserve(cost) else { return }
            store.targets.insert(response, for: target)
            store.bytes += cost
        }
    }

    /// Entries kept and the bytes they count against the budget.
    var usage: (entries: Int, bytes: Int) {
        store.withLock { ($0.entries.count + $0.targets.count, $0.bytes) }
    }
}

/// Responses by target: open addressing on the target's precomputed digest, so a lookup hashes
/// nothing (a `Dictionary` would run SipHash over the digest on every request). The digests sit
/// in an array of their own: a probe compares words and touches an entry (and its strings'
/// reference counts) only when the digest matches.
private struct TargetTable {
    /// An object, so a probe that reads a slot costs one reference count, not one per string of the target.
    package final class Entry {
        package let target: ResponseCache.Target
        package let response: Response
        package init(target: ResponseCache.Target, response: Response) {
            self.target = target
            self.response = response
        }
    }

    /// Linear probing; at most half full, so a miss ends at an empty slot soon. A slot is empty
    /// when its entry is nil; its digest is then 0.
    private var digests = [UInt64](repeating: 0, count: 16)
    private var entries = [Entry?](repeating: nil, count: 16)
    private(set) var count = 0

    subscript(target: ResponseCache.Target) -> Response? {
        let digest = Self.digest(of: target)
        let mask = digests.count - 1
        var index = Int(truncatingIfNeeded: digest) & mask
        while true {
            let stored = digests[index]
            if stored == digest, let entry = entries[index], entry.target == target { return entry.response }
            if stored == 0, entries[index] == nil { return nil }
            index = (index + 1) & mask
        }
    }

    /// Adds an entry for a target the table does not have.
    package mutating func insert(_ response: Response, for target: ResponseCache.Target) {
        if 2 * (count + 1) > digests.count {
            let old = entries
            digests = [UInt64](repeating: 0, count: 2 * old.count)
            entries = [Entry?](repeating: nil, count: 2 * old.count)
            for case let moved? in old { place(moved) }
        }
        place(Entry(target: target, response: response))
        count += 1
    }

    private mutating func place(_ entry: Entry) {
        let digest = Self.digest(of: entry.target)
        let mask = digests.count - 1
        var index = Int(truncatingIfNeeded: digest) & mask
        while entries[index] != nil { index = (index + 1) & mask }
        digests[index] = digest
        entries[index] = entry
    }

    private static func digest(of target: ResponseCache.Target) -> UInt64 {
        target.target.digest ^ (target.malformed ? 0x9E37_79B9_7F4A_7C15 : 0)
    }
}
