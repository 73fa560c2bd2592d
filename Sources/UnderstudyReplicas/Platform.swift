// Everything in the replicas module that differs between Linux and Darwin, in one place: the C
// library (for hiredis's `timeval`, whose microseconds are an Int on glibc, an Int32 on Darwin)
// and the sleeps of the watcher threads. Other systems stop at #error.
#if os(Linux)
@_exported import Glibc
#elseif canImport(Darwin)
@_exported import Darwin
#else
#error("Understudy builds on Linux (Glibc) and on Darwin (macOS); add this system's branch to Platform.swift")
#endif

enum Platform {
    /// A hiredis timeout of `milliseconds` (0: none).
    static func timeval(_ milliseconds: Int) -> timeval {
        #if os(Linux)
        Glibc.timeval(tv_sec: milliseconds / 1000, tv_usec: (milliseconds % 1000) * 1000)
        #else
        Darwin.timeval(tv_sec: milliseconds / 1000, tv_usec: Int32((milliseconds % 1000) * 1000))
        #endif
    }

    /// Sleeps the calling thread (one of the module's own watcher threads, never a worker).
    static func sleep(milliseconds: Int) {
        usleep(UInt32(milliseconds * 1000))
    }
}
