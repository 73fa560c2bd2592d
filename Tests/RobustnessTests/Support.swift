import Foundation
import UnderstudyDocuments
import UnderstudyTestSupport
import UnderstudyTesting

@testable import Understudy
@testable import UnderstudyStaging

/// A body read by the server's own JSON reader (the one every test shares); `.null` when it is not JSON.
func json(_ body: String) -> JSONValue { json(Data(body.utf8)) }

func json(_ data: Data) -> JSONValue { (try? JSONParser.parse(Array(data), file: "body").value) ?? .null }

/// A server process on a free port with the bundled scenarios; `extra` adds flags.
func startServerProcess(_ extra: [String] = []) throws -> (UnderstudyProcess, port: Int) {
    let server = try UnderstudyProcess(["serve", "--port", "0", "--scenarios", bundledScenarios.path, "--log-level", "warning"] + extra)
    let base = try server.waitUntilListening()
    return (server, URL(string: base)!.port!)
}

/// True when `GET /__admin/health` answers 200 on a fresh connection.
func healthy(_ port: Int) -> Bool {
    (try? RawHTTP.exchange(port: port, "GET /__admin/health HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n", timeout: 3))?
        .hasPrefix("HTTP/1.1 200") == true
}

/// The status line's code, or nil when the server closed without answering.
func statusCode(_ reply: String) -> Int? {
    guard let match = reply.firstMatch(of: /^HTTP\/1\.[01] (\d{3})/) else { return nil }
    return Int(match.1)
}

/// Set by `make check` for the sanitizer runs, where memory and time figures mean nothing.
let underSanitizer = ProcessInfo.processInfo.environment["UNDERSTUDY_SANITIZER"] != nil

/// Everything the server sends on `fd` until it closes (or `seconds` of silence).
func readUntilClosed(_ fd: Int32, seconds: Int) -> String {
    var wait = timeval(tv_sec: seconds, tv_usec: 0)
    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &wait, socklen_t(MemoryLayout<timeval>.size))
    var received = [UInt8]()
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
        let count = recv(fd, &buffer, buffer.count, 0)
        if count <= 0 { break }
        received += buffer[0..<count]
    }
    return String(decoding: received, as: UTF8.self)
}
