import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// SIGINT and SIGTERM, taken by a thread of our own with `sigwait`.
///
/// Blocking them first, before any other thread exists, means a signal sent at
/// any moment, even while the scenarios load, stays pending until that thread
/// takes it. (A Dispatch signal source registers asynchronously after setting
/// the signal to SIG_IGN: a SIGTERM in that window was lost and the server
/// never stopped.)
struct StopSignals {
    private var set = sigset_t()

    /// Blocks SIGINT and SIGTERM in the calling thread and every thread it starts afterwards.
    static func block() -> StopSignals {
        var signals = StopSignals()
        sigemptyset(&signals.set)
        sigaddset(&signals.set, SIGINT)
        sigaddset(&signals.set, SIGTERM)
        pthread_sigmask(SIG_BLOCK, &signals.set, nil)
        return signals
    }

    /// Runs `handler` on a dedicated thread when the first SIGINT or SIGTERM arrives.
    func onSignal(_ handler: @escaping @Sendable () -> Void) {
        let set = set
        let thread = Thread {
            var pending = set
            var number: Int32 = 0
            while sigwait(&pending, &number) != 0 {}
            handler()
        }
        thread.name = "understudy.signals"
        thread.start()
    }
}
