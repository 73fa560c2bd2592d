package import UnderstudyDocuments
import UnderstudyHTTP

/// OpenAPIKit's verdicts that `serve`'s first load does not wait for.
///
/// Why: on a large document OpenAPIKit's decode (in its helper) is the longer half of the load (Plaid's 3 MB document:
/// 3.8 billion instructions against Understudy's own 2.5), so a server that waits for it answers its first request
/// after the gate rather than after its own reading. `serve` answers as soon as its own load is done (every bound and
/// reference already checked by then) and takes the verdicts once it is listening: a refusal then ends it with the
/// located problems and exit status 1, as a refusal before it listened did; a lenient document's refusals are logged as
/// warnings. Reloads, `validate` and embedding programs keep waiting: a verdict is deferred only until
/// ``stopTaking()``, which `serve` calls once its first load is done.
package final class DeferredGateVerdicts: Sendable {
    /// A document's verdict: the problems OpenAPIKit found, none when it accepted the document.
    package struct Verdict: Sendable {
        package let displayName: String
        /// Served whatever OpenAPIKit says (`--openapi-lenient`, or `lenient: true` in the scenario file).
        package let lenient: Bool
        package let problems: [FileProblem]
    }

    private struct Pending {
        let displayName: String
        let lenient: Bool
        let wait: @Sendable () -> [FileProblem]
    }

    /// The verdicts taken, and whether more are.
    private let state = Locked<(taken: [Pending], open: Bool)>(([], true))

    package init() {}

    /// Takes a document's verdict to be waited for later; false once ``stopTaking()`` was called (the loader waits).
    package func take(displayName: String, lenient: Bool, wait: @escaping @Sendable () -> [FileProblem]) -> Bool {
        state.withLock { state in
            guard state.open else { return false }
            state.taken.append(Pending(displayName: displayName, lenient: lenient, wait: wait))
            return true
        }
    }

    /// From now on every load waits for its own verdict.
    package func stopTaking() { state.withLock { $0.open = false } }

    /// Every verdict taken, waited for in the order the documents were loaded (taking stops).
    package func verdicts() -> [Verdict] {
        let taken = state.withLock { state in
            state.open = false
            defer { state.taken = [] }
            return state.taken
        }
        return taken.map { Verdict(displayName: $0.displayName, lenient: $0.lenient, problems: $0.wait()) }
    }
}
