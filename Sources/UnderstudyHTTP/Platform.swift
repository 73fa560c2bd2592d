// Everything in UnderstudyHTTP that differs between Linux and Darwin, in one place: the core
// needs only pthreads (``Locked``, ``ThreadOrdinal``), `sysconf` and `getenv`, which both
// systems have under the same names. Other systems stop at #error.
#if os(Linux)
@_exported import Glibc
#elseif canImport(Darwin)
@_exported import Darwin
#else
#error("UnderstudyHTTP builds on Linux (Glibc) and on Darwin (macOS); add this system's branch to Platform.swift")
#endif

enum Platform {
    #if os(Linux)
    /// Whether the backend can use epoll here.
    static let hasEpoll = true
    #elseif canImport(Darwin)
    static let hasEpoll = false
    #endif

    /// Online cores, at least 1 (`sysconf` takes an `Int32` on both systems).
    static var onlineCores: Int {
        max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
    }
}
