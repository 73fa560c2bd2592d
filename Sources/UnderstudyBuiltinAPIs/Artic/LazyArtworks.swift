import UnderstudyAPIService
import UnderstudyDocuments
import UnderstudyHTTP

/// A dataset read once, by whichever request (or the warm-up) needs it first.
final class LazyArtworks: Sendable {
    private let state: Locked<Result<ArtworkIndex, FileProblems>?>
    private let load: @Sendable () throws(FileProblems) -> ArtworkIndex

    package init(_ ready: ArtworkIndex) {
        state = Locked(.success(ready))
        load = { ready }
    }

    package init(load: @escaping @Sendable () throws(FileProblems) -> ArtworkIndex) {
        state = Locked(nil)
        self.load = load
    }

    package var value: Result<ArtworkIndex, FileProblems> {
        state.withLock { state in
            if let state { return state }
            let result = Result { () throws(FileProblems) in try load() }
            state = result
            return result
        }
    }
}
