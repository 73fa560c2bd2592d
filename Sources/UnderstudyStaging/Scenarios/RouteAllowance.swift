import Atomics

/// What is left of a session route's `times:`: the route answers that many requests, then the next
/// route (or the scenario) does, so `times: 2` on a 503 before a 200 stages "fails twice, then works".
/// A reference, shared by the copies of the route that requests take out of the session's lock, and
/// counted down without a lock: two requests racing for the last answer get it once between them.
package final class RouteAllowance: Sendable {
    private let remaining: ManagedAtomic<Int>

    package init(_ count: Int) { remaining = ManagedAtomic(count) }

    package var left: Int { remaining.load(ordering: .relaxed) }

    /// Takes one answer; false when none is left.
    func take() -> Bool {
        var left = remaining.load(ordering: .relaxed)
        while left > 0 {
            let (exchanged, original) = remaining.compareExchange(expected: left, desired: left - 1, ordering: .relaxed)
            if exchanged { return true }
            left = original
        }
        return false
    }
}
