public import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Headless Chromium driven over the DevTools protocol on a pipe
/// (`--remote-debugging-pipe`: JSON messages separated by NUL on fds 3 and 4),
/// so no WebSocket client or driver package is needed.
public final class Chromium: @unchecked Sendable {
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
        public init(description: String) { self.description = description }
    }

    /// The browser binary, if one is installed.
    public static var executable: String? {
        ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"].first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    private let pid: pid_t
    private let toBrowser: Int32
    private let fromBrowser: Int32
    private let profile: URL
    private var buffer: [UInt8] = []
    private var nextID = 0
    private var session: String?

    /// `extraArguments` go to the browser as they are (e.g. `--host-resolver-rules=…`); `environment` is added to
    /// this process's (e.g. `HOME`, whose `.pki/nssdb` holds the CAs Chromium trusts on Linux).
    public init(extraArguments: [String] = [], environment extraEnvironment: [String: String] = [:]) throws {
        guard let executable = Self.executable else { throw Failure(description: "Chromium is not installed") }
        profile = FileManager.default.temporaryDirectory.appendingPathComponent("understudy-chromium-\(UUID().uuidString)")
        var commands: [Int32] = [0, 0]
        var events: [Int32] = [0, 0]
        guard pipe(&commands) == 0, pipe(&events) == 0 else { throw Failure(description: "pipe failed") }
        // Our ends must not leak into the browser; dup2 onto 3 and 4 gives it clean copies.
        for fd in commands + events { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        #if os(Linux)
        var actions = posix_spawn_file_actions_t()
        #else
        var actions: posix_spawn_file_actions_t? = nil  // Darwin: an opaque pointer that _init allocates
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, commands[0], 3)
        posix_spawn_file_actions_adddup2(&actions, events[1], 4)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let arguments =
            [
                executable, "--headless=new", "--remote-debugging-pipe", "--no-sandbox", "--disable-gpu",
                "--no-first-run", "--no-default-browser-check", "--disable-dev-shm-usage", "--hide-scrollbars",
                "--window-size=1280,900", "--user-data-dir=\(profile.path)",
            ] + extraArguments + ["about:blank"]
        var argv = arguments.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        // Built from ProcessInfo: Darwin has no `environ` for Swift.
        let inherited = ProcessInfo.processInfo.environment.merging(extraEnvironment) { $1 }
        var environment = inherited.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for pointer in environment { free(pointer) } }
        var child: pid_t = 0
        let status = posix_spawn(&child, executable, &actions, nil, &argv, &environment)
        close(commands[0])
        close(events[1])
        guard status == 0 else { throw Failure(description: "posix_spawn \(executable): \(String(cString: strerror(status)))") }
        pid = child
        toBrowser = commands[1]
        fromBrowser = events[0]
    }

    deinit {
        close(toBrowser)
        close(fromBrowser)
        kill(pid, SIGKILL)
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        try? FileManager.default.removeItem(at: profile)
    }

    /// Opens `url` in a new tab and attaches to it; later commands go to that tab.
    public func open(_ url: String) throws {
        let target = try send("Target.createTarget", ["url": url], toPage: false)
        guard let id = target["targetId"] as? String else { throw Failure(description: "no targetId in \(target)") }
        let attached = try send("Target.attachToTarget", ["targetId": id, "flatten": true], toPage: false)
        session = attached["sessionId"] as? String
    }

    /// Sends the attached tab to `url` and returns once the navigation committed: nil when the page loads, else the
    /// network error Chromium stopped at (`net::ERR_CERT_AUTHORITY_INVALID` for a certificate it does not trust).
    public func navigate(_ url: String) throws -> String? {
        try send("Page.navigate", ["url": url])["errorText"] as? String
    }

    /// Evaluates JavaScript in the page and returns its JSON-compatible value.
    public func evaluate(_ expression: String) throws -> Any? {
        let result = try send("Runtime.evaluate", ["expression": expression, "returnByValue": true, "awaitPromise": true])
        if let exception = result["exceptionDetails"] { throw Failure(description: "JavaScript threw: \(exception)") }
        return (result["result"] as? [String: Any])?["value"]
    }

    /// Waits until `expression` is true in the page.
    public func waitUntil(_ expression: String, timeout: TimeInterval = 10) throws {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if try evaluate(expression) as? Bool == true { return }
            usleep(50_000)
        }
        throw Failure(description: "timed out waiting for \(expression)")
    }

    /// A real mouse click (pressed and released) at the centre of the element `selector` matches.
    public func click(_ selector: String) throws {
        let quoted = String(decoding: try JSONSerialization.data(withJSONObject: [selector]), as: UTF8.self).dropFirst().dropLast()
        guard
            let box = try evaluate(
                "(() => { const r = document.querySelector(\(quoted)).getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]; })()")
                as? [Double],
            box.count == 2
        else { throw Failure(description: "no element \(selector)") }
        for type in ["mousePressed", "mouseReleased"] {
            _ = try send("Input.dispatchMouseEvent", ["type": type, "x": box[0], "y": box[1], "button": "left", "clickCount": 1])
        }
    }

    /// A PNG of the visible page.
    public func screenshot() throws -> Data {
        let result = try send("Page.captureScreenshot", ["format": "png"])
        guard let base64 = result["data"] as? String, let png = Data(base64Encoded: base64) else { throw Failure(description: "no screenshot data") }
        return png
    }

    // MARK: - Protocol

    private func send(_ method: String, _ parameters: [String: Any], toPage: Bool = true) throws -> [String: Any] {
        nextID += 1
        var message: [String: Any] = ["id": nextID, "method": method, "params": parameters]
        if toPage, let session { message["sessionId"] = session }
        var bytes = [UInt8](try JSONSerialization.data(withJSONObject: message))
        bytes.append(0)
        guard bytes.withUnsafeBytes({ write(toBrowser, $0.baseAddress, $0.count) }) == bytes.count else {
            throw Failure(description: "writing to Chromium failed")
        }
        let deadline = Date().addingTimeInterval(15)
        while Date() < deadline {
            let reply = try readMessage(until: deadline)
            guard reply["id"] as? Int == nextID else { continue }  // an event, or an older reply
            if let error = reply["error"] { throw Failure(description: "\(method) failed: \(error)") }
            return reply["result"] as? [String: Any] ?? [:]
        }
        throw Failure(description: "\(method): no reply within 15 s")
    }

    private func readMessage(until deadline: Date) throws -> [String: Any] {
        while true {
            if let end = buffer.firstIndex(of: 0) {
                let message = Array(buffer[..<end])
                buffer.removeSubrange(...end)
                return (try JSONSerialization.jsonObject(with: Data(message))) as? [String: Any] ?? [:]
            }
            var poller = pollfd(fd: fromBrowser, events: Int16(POLLIN), revents: 0)
            let wait = Int32(max(0, deadline.timeIntervalSinceNow) * 1000)
            guard poll(&poller, 1, wait) > 0 else { throw Failure(description: "Chromium did not answer in time") }
            var chunk = [UInt8](repeating: 0, count: 65536)
            let count = read(fromBrowser, &chunk, chunk.count)
            guard count > 0 else { throw Failure(description: "Chromium closed the pipe") }
            buffer.append(contentsOf: chunk[..<count])
        }
    }
}
