import UnderstudyDocuments
import UnderstudyHTTP

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A dataset read once, by whichever request needs it first, not while a server starts: artic's 1 MB of artworks
/// and SWAPI's six files were most of a start-up (issue 38: 20.8 ms to the first 200 against nginx's 6.2).
/// `validate` and the tests read them at load (``APIServices/builtin`` with `lazily` false), so a broken dataset is
/// still reported there, located; a server that meets one answers the API's requests with a 500 naming it.
final class LazyDataset<Value: Sendable>: Sendable {
    private let state: Locked<Result<Value, FileProblems>?>
    private let load: @Sendable () throws(FileProblems) -> Value

    init(_ ready: Value) {
        state = Locked(.success(ready))
        load = { ready }
    }

    /// `load` runs later, outside the scenario load, yet inside its scope (`LoadScope`): the file stays confined to
    /// the scenarios folder and bounded in size when it is finally read.
    init(reading load: @escaping @Sendable () throws(FileProblems) -> Value) {
        state = Locked(nil)
        let scope = LoadScope.current
        self.load = { () throws(FileProblems) in
            try LoadScope.$current.withValue(scope) { Result { () throws(FileProblems) in try load() } }.get()
        }
    }

    var value: Result<Value, FileProblems> {
        state.withLock { state in
            if let state { return state }
            let result = Result { () throws(FileProblems) in try load() }
            state = result
            return result
        }
    }
}
