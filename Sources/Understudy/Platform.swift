// Everything in Understudy that differs between Linux and Darwin, in one place.
//
// The C library is imported here, once, for the whole module (memcmp, stat,
// write, strerror, errno); the rest of the module uses only calls that exist on
// both systems. Other systems stop at #error.
#if os(Linux)
@_exported import Glibc
#elseif canImport(Darwin)
@_exported import Darwin
#else
#error("Understudy builds on Linux (Glibc) and on Darwin (macOS); add this system's branch to Platform.swift")
#endif

enum Platform {
    #if os(Linux)
    /// `write(2)`, named through its module: `StandardStream.write` would shadow it.
    static let write = Glibc.write
    /// Modification time of a `stat` result: `st_mtim` in glibc.
    static func modificationTime(_ info: stat) -> timespec { info.st_mtim }
    /// A coarse monotonic clock in milliseconds (sessions' idle time): the coarse clock reads the
    /// kernel's tick without a vDSO time computation.
    static func monotonicMilliseconds() -> Int64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC_COARSE, &time)
        return Int64(time.tv_sec) * 1000 + Int64(time.tv_nsec) / 1_000_000
    }
    #elseif canImport(Darwin)
    static let write = Darwin.write
    /// Darwin calls the field `st_mtimespec`.
    static func modificationTime(_ info: stat) -> timespec { info.st_mtimespec }
    /// Darwin has no coarse clock id; `clock_gettime_nsec_np` is its cheap monotonic read.
    static func monotonicMilliseconds() -> Int64 { Int64(clock_gettime_nsec_np(CLOCK_MONOTONIC) / 1_000_000) }
    #endif
}
