import UnderstudyHTTP

/// `{{counter}}`: how many requests each route has answered for each session (the requests without a session
/// counted together), from 1. Bounded: past ``maxEntries`` routes and sessions the counts start again, as a reset
/// starts them again.
package final class RouteCounters: Sendable {
    package static let maxEntries = 100_000
    private let counts = Locked<[String: Int]>([:])

    package init() {}

    /// The next count of `route` for `session`.
    package func next(route: String, session: String?) -> Int {
        let key = (session ?? "") + "\u{0}" + route
        return counts.withLock { counts in
            if counts.count >= Self.maxEntries, counts[key] == nil { counts = [:] }
            let next = (counts[key] ?? 0) + 1
            counts[key] = next
            return next
        }
    }

    /// Every count starts again (a reset, a reload).
    package func reset() { counts.withLock { $0 = [:] } }
}
