// Everything in UnderstudyHTTP that differs between Linux and Darwin, in one place: the core
// needs only pthreads (``Locked``, ``ThreadOrdinal``), which both systems have under the same
// names. Other systems stop at #error.
#if os(Linux)
@_exported import Glibc
#elseif canImport(Darwin)
@_exported import Darwin
#else
#error("UnderstudyHTTP builds on Linux (Glibc) and on Darwin (macOS); add this system's branch to Platform.swift")
#endif
