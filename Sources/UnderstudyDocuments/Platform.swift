import SystemPackage

// Everything in the document reader that differs between Linux and Darwin, in one place.
//
// The C library is imported here, once, for the whole module (realpath, free); the rest of the
// module uses only calls that exist on both systems (files and errno go through swift-system).
// Other systems stop at #error.
#if os(Linux)
@_exported import Glibc
#elseif canImport(Darwin)
@_exported import Darwin
#else
#error("Understudy builds on Linux (Glibc) and on Darwin (macOS); add this system's branch to Platform.swift")
#endif

enum Platform {
    /// Reads from `fd` into `bytes` from `offset` to the end; how many bytes came (0 at the end of
    /// the file). The one read into memory the reader does itself: the call needs the buffer's address.
    static func read(_ fd: FileDescriptor, into bytes: inout [UInt8], at offset: Int) throws -> Int {
        try bytes.withUnsafeMutableBytes { try fd.read(into: UnsafeMutableRawBufferPointer(rebasing: $0[offset...])) }
    }
}
