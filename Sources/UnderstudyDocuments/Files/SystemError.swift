import SystemPackage

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension Errno {
    /// The errno behind an error Foundation's file calls throw, so a problem reads in the system's
    /// words ("No such file or directory"): FoundationEssentials has no `localizedDescription`, and
    /// its errors print as `CocoaError(code: …)`. Nil when the error carries no errno.
    package init?(_ error: any Error) {
        guard let posix = (error as? POSIXError) ?? ((error as? CocoaError)?.underlying as? POSIXError) else { return nil }
        self.init(rawValue: posix.code.rawValue)
    }
}
