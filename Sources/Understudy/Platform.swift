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
    #elseif canImport(Darwin)
    static let write = Darwin.write
    /// Darwin calls the field `st_mtimespec`.
    static func modificationTime(_ info: stat) -> timespec { info.st_mtimespec }
    #endif
}
