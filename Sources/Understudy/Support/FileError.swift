#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The reason a file operation failed, in words: the system's text for the
/// errno behind it ("No such file or directory"). FoundationEssentials has no
/// `localizedDescription`, and its errors print as `CocoaError(code: …)`.
struct FileError: CustomStringConvertible {
    let error: any Error

    init(_ error: any Error) {
        self.error = error
    }

    var description: String {
        let posix = (error as? POSIXError) ?? ((error as? CocoaError)?.underlying as? POSIXError)
        if let posix { return String(cString: strerror(posix.code.rawValue)) }
        return "\(error)"
    }
}
