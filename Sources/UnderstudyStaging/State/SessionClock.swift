import Atomics
import UnderstudyDocuments

/// A session's last use, in milliseconds of a coarse monotonic clock (read only for
/// requests that name a session, and by admin calls).
package final class SessionClock: Sendable {
    private let last = ManagedAtomic<Int64>(SessionClock.now())

    var milliseconds: Int64 { last.load(ordering: .relaxed) }

    func mark(_ now: Int64 = SessionClock.now()) {
        // Many threads may serve one session: write the shared line only when the time moved.
        if last.load(ordering: .relaxed) != now { last.store(now, ordering: .relaxed) }
    }

    static func now() -> Int64 { Platform.monotonicMilliseconds() }
}
