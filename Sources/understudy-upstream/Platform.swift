// The helper's system calls: stdin and stdout over file descriptors (reads and writes need a
// buffer's address) and exit. Other systems stop at #error.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#else
#error("understudy-upstream builds on Linux (Glibc) and on Darwin (macOS); add this system's branch to Platform.swift")
#endif

enum Platform {
    /// stdin, bounded: the request body may be at most what the server accepts, plus the request's own fields.
    static func readInput(limit: Int) -> [UInt8]? {
        var input: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = read(0, &buffer, buffer.count)
            if count == 0 { return input }
            if count < 0 { if errno == EINTR { continue } else { return nil } }
            input += buffer[0..<count]
            if input.count > limit { return nil }
        }
    }

    static func writeAll(_ bytes: [UInt8]) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { write(1, $0.baseAddress, $0.count) }
            if written < 0 { if errno == EINTR { continue } else { return } }
            offset += written
        }
    }

    static func exit(_ status: Int32) -> Never {
        #if canImport(Glibc)
        Glibc.exit(status)
        #else
        Darwin.exit(status)
        #endif
    }
}
