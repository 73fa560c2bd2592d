import Atomics

/// The memory every response cache and target memo of the process may keep, in bytes:
/// one budget for all scenarios (and all scenario sets a reload has not yet let go of).
/// Past it, responses are rendered per request instead of kept. Each cache gives its
/// bytes back when it goes (a reload replaces the scenarios, and their caches with them).
package final class CacheBudget: Sendable {
    /// 64 MiB for the server's cached responses and remembered targets together.
    static let shared = CacheBudget(limit: 64 << 20)

    package let limit: Int
    private let used = ManagedAtomic<Int>(0)

    package init(limit: Int) {
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
