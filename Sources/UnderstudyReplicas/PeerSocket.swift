/// The one HTTP call the replicas module makes itself: a GET to one peer's address, for a global
/// journal read (``JournalPeers``). Blocking, with a deadline on connect, send and receive, and the
/// answer bounded; `Connection: close`, so the body is whatever comes before the peer hangs up.
/// The system calls (getaddrinfo, socket, connect, send, recv) are in Platform.swift.
enum PeerSocket {
    /// An address a peer name resolved to, as text (`10.0.0.5:8080`, `[fd00::5]:8080`) and as the system wants it.
    struct Address: Sendable {
        let text: String
        let family: Int32
        let bytes: [UInt8]
    }

    /// What came back: the status and the body.
    struct Answer {
        let status: Int
        let body: [UInt8]
    }

    static let maxBytes = 32 << 20

    /// Every address of `host`, resolved now (a headless Service's name gives one per ready replica).
    static func resolve(_ host: String, port: Int) throws(PeerFailure) -> [Address] {
        let addresses = Platform.resolve(host, port: port)
        guard !addresses.isEmpty else { throw PeerFailure("\(host):\(port) did not resolve to any address") }
        return addresses
    }

    static func get(_ address: Address, path: String, headers: [(String, String)], timeoutMilliseconds: Int) throws(PeerFailure) -> Answer {
        var request = "GET \(path) HTTP/1.1\r\nHost: \(address.text)\r\nConnection: close\r\n"
        for (name, value) in headers { request += "\(name): \(value)\r\n" }
        request += "\r\n"
        let bytes = try Platform.exchange(address, request: Array(request.utf8), timeoutMilliseconds: timeoutMilliseconds, maxBytes: maxBytes)
        return try parse(bytes, from: address)
    }

    /// Status line, headers (skipped), body: what Understudy's own admin API sends (Content-Length, no chunks).
    static func parse(_ bytes: [UInt8], from address: Address) throws(PeerFailure) -> Answer {
        let separator: [UInt8] = [13, 10, 13, 10]
        guard let end = bytes.indices.first(where: { bytes[$0...].starts(with: separator) }) else {
            throw PeerFailure("\(address.text) answered something that is not HTTP (or hung up mid-answer)")
        }
        let head = String(decoding: bytes[..<end], as: UTF8.self)
        let statusLine = head.split(separator: "\r\n", maxSplits: 1).first ?? ""
        let parts = statusLine.split(separator: " ")
        guard parts.count >= 2, parts[0].hasPrefix("HTTP/1."), let status = Int(parts[1]) else {
            throw PeerFailure("\(address.text) answered with a malformed status line")
        }
        return Answer(status: status, body: Array(bytes[(end + 4)...]))
    }
}

/// Why a global journal read could not be complete.
package struct PeerFailure: Error, Sendable {
    package let message: String

    init(_ message: String) {
        self.message = message
    }
}
