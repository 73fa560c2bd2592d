public import Foundation
import UnderstudyHTTP

/// The `understudy` executable running as a child process: for tests that
/// need process isolation (crashes, signals, memory readings, exit codes).
///
/// The child is stopped (SIGTERM, then SIGKILL after 2 s) when this object is released, so a
/// test that throws before calling ``finish()`` leaks no server.
public final class UnderstudyProcess: @unchecked Sendable {
    /// Thrown by `init` when there is no executable at the given path.
    public struct MissingExecutable: Error, CustomStringConvertible {
        public var path: String
        public var description: String {
            "no understudy executable at \(path): build it first (`swift build --product understudy` in the Understudy package, "
                + "whose binary lands next to the test bundle in .build/debug), or pass its path as `executable:`"
        }
    }

    public let process = Process()
    private let output = Pipe()
    private let errors = Pipe()
    private let errorText = Locked(Data())
    /// Signalled once stderr reached its end (the child exited and closed it).
    private let errorsDrained = DispatchSemaphore(value: 0)

    /// The `understudy` binary built next to the test bundle (`swift build` puts both in one folder).
    /// It exists only when the package's `understudy` product was built in the same build (as in
    /// this repository's own tests); elsewhere pass the path of an `understudy` binary.
    public static var builtExecutable: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("understudy")
    }

    public init(
        executable: URL = UnderstudyProcess.builtExecutable, _ arguments: [String], environment: [String: String] = [:], directory: URL? = nil
    ) throws {
        guard FileManager.default.isExecutableFile(atPath: executable.path) else { throw MissingExecutable(path: executable.path) }
        process.executableURL = executable
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        // Drain stderr as it comes, on a thread of its own, so a chatty access log never blocks the
        // child on a full pipe; `finish()` waits for the end of it. (A readability handler raced
        // with the final read: a chunk the handler had taken could land after `finish()` returned,
        // and a short run's stderr came back empty.)
        let handle = errors.fileHandleForReading
        let thread = Thread { [errorText, errorsDrained] in
            while true {
                let chunk = handle.availableData
                if chunk.isEmpty { break }
                errorText.withLock { $0.append(chunk) }
            }
            errorsDrained.signal()
        }
        thread.start()
    }

    deinit {
        guard process.isRunning else { return }
        kill(process.processIdentifier, SIGTERM)
        let deadline = Date().addingTimeInterval(2)
        while process.isRunning, Date() < deadline { usleep(10_000) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    }

    public var pid: Int32 { process.processIdentifier }

    /// Reads stdout up to the `understudy listening on URL` line and returns the URL.
    public func waitUntilListening() throws -> String {
        var collected = Data()
        while !String(decoding: collected, as: UTF8.self).contains("\n") {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            collected += chunk
        }
        let line = String(decoding: collected, as: UTF8.self).components(separatedBy: "\n")[0]
        guard let match = line.firstMatch(of: /^understudy listening on (http:\/\/\S+)$/) else {
            throw RawHTTP.Failure(description: "unexpected stdout: \(line); stderr: \(stderr)")
        }
        return String(match.1)
    }

    /// Resident memory of the child in kilobytes (VmRSS on Linux, `ps -o rss` elsewhere), or nil once it is gone.
    public var residentKilobytes: Int? { Platform.residentKilobytes(of: pid) }

    /// Threads of the child, or nil once it is gone (always nil on macOS, which has no /proc).
    public var threadCount: Int? { Platform.threadCount(of: pid) }

    public var isRunning: Bool { process.isRunning }

    public func signal(_ number: Int32) { kill(pid, number) }

    /// Everything the child wrote to stderr so far.
    public var stderr: String { String(decoding: errorText.current, as: UTF8.self) }

    /// Reads stdout to its end, then waits for the child to exit: for short runs (`--help`, a dump of it).
    public func finishWithOutput() -> (status: Int32, stdout: String, stderr: String) {
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let (status, stderr) = finish()
        return (status, String(decoding: data, as: UTF8.self), stderr)
    }

    /// Waits for the child to exit; its exit status and stderr.
    public func finish() -> (status: Int32, stderr: String) {
        process.waitUntilExit()
        // Everything the child wrote is read once its stderr ends (a grandchild holding it open
        // would keep it open: bounded, so a test still ends).
        if errorsDrained.wait(timeout: .now() + 10) == .success { errorsDrained.signal() }  // a second finish() returns at once
        return (process.terminationStatus, stderr)
    }
}
