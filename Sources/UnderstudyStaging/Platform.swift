import SystemPackage
import UnderstudyDocuments

// Everything in Understudy that differs between Linux and Darwin, in one place.
//
// The C library is imported here, once, for the whole module (clock_gettime,
// stat); the rest of the module uses only calls that exist on both
// systems (files, errno and standard streams go through swift-system). Other systems stop at #error.
#if os(Linux)
@_exported import Glibc
#elseif canImport(Darwin)
@_exported import Darwin
#else
#error("Understudy builds on Linux (Glibc) and on Darwin (macOS); add this system's branch to Platform.swift")
#endif

package enum Platform {
    #if os(Linux)
    /// A coarse monotonic clock in milliseconds (sessions' idle time): the coarse clock reads the
    /// kernel's tick without a vDSO time computation.
    static func monotonicMilliseconds() -> Int64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC_COARSE, &time)
        return Int64(time.tv_sec) * 1000 + Int64(time.tv_nsec) / 1_000_000
    }
    #elseif canImport(Darwin)
    /// Darwin has no coarse clock id; `clock_gettime_nsec_np` is its cheap monotonic read.
    static func monotonicMilliseconds() -> Int64 { Int64(clock_gettime_nsec_np(CLOCK_MONOTONIC) / 1_000_000) }
    #endif

    #if os(Linux)
    /// After a load: glibc keeps the pages a load freed (the parsed trees of a large OpenAPI document, a
    /// few MB) for the next allocation, which a server that has loaded never makes; they go back to the system.
    package static func returnFreedMemory() { _ = glibcMallocTrim(0) }
    #elseif canImport(Darwin)
    /// Darwin's allocator returns freed pages by itself.
    package static func returnFreedMemory() {}
    #endif
}

#if os(Linux)
/// glibc's `malloc_trim`, which the Glibc module leaves out (it is in `<malloc.h>`); an `int` in and out,
/// so the Swift and C calling conventions agree.
@_silgen_name("malloc_trim")
private func glibcMallocTrim(_ pad: Int) -> Int32
#elseif canImport(Darwin)
// Darwin: nothing to declare (see `returnFreedMemory`).
#endif

extension Stat {
    /// Seconds since 1970 of the last modification. swift-system reads the field under one name
    /// (`st_mtimespec` on Darwin), but the name is glibc's, which the platform check looks for.
    var modifiedSeconds: Double {
        let time = st_mtim
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
