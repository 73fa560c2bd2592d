import Foundation
import UnderstudyTestSupport
import UnderstudyTesting

/// One HTTP exchange over a raw socket, split into status, headers and body: what the tests read back.
struct Answer {
    var status: Int?
    var headers: [String: String]
    var body: String
    /// The received text as a whole (empty when the server closed without a byte).
    var raw: String

    init(_ raw: String) {
        self.raw = raw
        let parts = raw.components(separatedBy: "\r\n\r\n")
        let head = parts.first ?? ""
        body = parts.dropFirst().joined(separator: "\r\n\r\n")
        var lines = head.components(separatedBy: "\r\n")
        let statusLine = lines.isEmpty ? "" : lines.removeFirst()
        status = statusLine.split(separator: " ").dropFirst().first.flatMap { Int($0) }
        headers = [:]
        for line in lines {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
    }

    func header(_ name: String) -> String? { headers[name.lowercased()] }

    var json: Any? { try? JSONSerialization.jsonObject(with: Data(body.utf8)) }
}

/// `method path` on 127.0.0.1:`port`, with `headers`; the connection is closed after the answer.
func request(
    _ port: Int, _ path: String, method: String = "GET", headers: [String: String] = [:], body: String = "",
    timeout: TimeInterval = 5
) throws -> Answer {
    var text = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n"
    for (name, value) in headers { text += "\(name): \(value)\r\n" }
    if !body.isEmpty { text += "Content-Length: \(body.utf8.count)\r\n" }
    text += "\r\n" + body
    return Answer(try RawHTTP.exchange(port: port, text, timeout: timeout))
}

/// A fresh folder under the temporary directory, removed by the caller.
func temporaryFolder(_ name: String = "record") throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("\(name)-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

/// Writes `files` (relative path → text) into `folder`.
func write(_ files: [String: String], into folder: URL) throws {
    for (path, text) in files {
        let url = folder.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }
}
