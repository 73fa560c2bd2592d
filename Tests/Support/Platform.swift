// Everything in UnderstudyTestSupport that differs between Linux and Darwin, in one place.
//
// The C library is imported here, once, for the whole module; RawHTTP and
// UnderstudyProcess call only what exists on both systems, or ask this file.
// Other systems stop at #error.
import Foundation

#if os(Linux)
@_exported import Glibc
#elseif canImport(Darwin)
@_exported import Darwin
#else
#error("UnderstudyTestSupport builds on Linux (Glibc) and on Darwin (macOS); add this system's branch to Platform.swift")
#endif

enum Platform {
    #if os(Linux)
    /// `SOCK_STREAM`: glibc imports it as an enum, Darwin as an `Int32` macro.
    static let streamSocket = Int32(SOCK_STREAM.rawValue)
    /// `send(2)` flag that turns a write to a closed peer into EPIPE instead of SIGPIPE.
    static let noSignalSendFlag = Int32(MSG_NOSIGNAL)
    /// The same promise made once per socket, where `send` has no such flag (Darwin).
    static func keepSignalsOff(_ fd: Int32) {}
    /// `connect(2)` and `send(2)`, named through their module: `RawHTTP.connect` and `RawHTTP.send` shadow them.
    static let connect = Glibc.connect
    static let send = Glibc.send
    /// Linux reads other processes' memory and threads from /proc without starting one.
    static let hasProcFileSystem = true
    #elseif canImport(Darwin)
    static let streamSocket = SOCK_STREAM
    static let noSignalSendFlag: Int32 = 0
    static func keepSignalsOff(_ fd: Int32) {
        var one: Int32 = 1
        _ = setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &one, socklen_t(MemoryLayout<Int32>.size))
    }
    static let connect = Darwin.connect
    static let send = Darwin.send
    static let hasProcFileSystem = false
    #endif

    /// Resident memory of process `pid` in kilobytes, or nil once it is gone.
    static func residentKilobytes(of pid: Int32) -> Int? {
        hasProcFileSystem ? procStatusField("VmRSS", of: pid) : processStatus("rss", of: pid)
    }

    /// Threads of process `pid`, or nil once it is gone (or where no status says it cheaply).
    static func threadCount(of pid: Int32) -> Int? {
        hasProcFileSystem ? procStatusField("Threads", of: pid) : nil
    }

    /// A number from /proc/PID/status (Linux).
    static func procStatusField(_ name: String, of pid: Int32) -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return nil }
        for line in status.split(separator: "\n") where line.hasPrefix(name + ":") {
            // "VmRSS:\t   12345 kB"
            return line.dropFirst(name.count + 1).split(whereSeparator: { $0 == " " || $0 == "\t" }).first.flatMap { Int($0) }
        }
        return nil
    }

    /// A number from `ps -o FIELD= -p PID`, which says the same on Linux and Darwin (`rss` in KiB).
    static func processStatus(_ field: String, of pid: Int32) -> Int? {
        let ps = Process()
        ps.executableURL = URL(fileURLWithPath: "/bin/ps")
        ps.arguments = ["-o", "\(field)=", "-p", String(pid)]
        let output = Pipe()
        ps.standardOutput = output
        ps.standardError = FileHandle.nullDevice
        guard (try? ps.run()) != nil else { return nil }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        ps.waitUntilExit()
        guard ps.terminationStatus == 0 else { return nil }
        return Int(String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
    }
}
