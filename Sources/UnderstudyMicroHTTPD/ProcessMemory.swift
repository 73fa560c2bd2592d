import CUnderstudyHTTPWire
import UnderstudyHTTP

/// The process's own resident memory.
package enum ProcessMemory {
    /// Unmaps the program's code pages once start-up is over: the kernel maps
    /// code in 64 KiB blocks around every page fault, so the scenario loader,
    /// the YAML and JSON parsers and the runtime's start-up paths stay resident
    /// (about 8 MB) although serving never runs them again. The pages stay in
    /// the page cache; what serving does run is mapped again on first use.
    /// Returns the bytes of code advised: always 0 on macOS, where the trick is left out (CUnderstudyHTTPWire/platform.c).
    @discardableResult
    package static func releaseStartupCode() -> Int {
        Int(uhw_drop_code_pages())
    }
}
