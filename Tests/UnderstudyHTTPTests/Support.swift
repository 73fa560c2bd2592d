import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import HTTPTypes
import UnderstudyHTTP

/// A responder built from a closure, for tests.
struct ClosureResponder: HTTPResponder {
    let body: @Sendable (ServerRequest) -> Reply
    func reply(to request: ServerRequest) -> Reply { body(request) }
}

func startServer(threads: Int = 2, maxDelay: Int = 120_000, _ body: @escaping @Sendable (ServerRequest) -> Reply) throws -> HTTPServer {
    let server = HTTPServer(
        configuration: ServerConfiguration(port: 0, threads: threads, maxDelayMilliseconds: maxDelay),
        responder: ClosureResponder(body: body)
    )
    try server.start()
    return server
}

func text(_ body: String, status: HTTPResponse.Status = .ok, contentType: String = "text/plain") -> PreparedResponse {
    PreparedResponse(status: status, headerFields: [.contentType: contentType], text: body)
}

/// An ephemeral URLSession with many connections per host and a short timeout.
func makeSession(timeout: TimeInterval = 10, connections: Int = 256) -> URLSession {
    let configuration = URLSessionConfiguration.ephemeral
    configuration.timeoutIntervalForRequest = timeout
    configuration.httpMaximumConnectionsPerHost = connections
    return URLSession(configuration: configuration)
}

func get(_ url: String, session: URLSession = makeSession(), method: String = "GET", body: Data? = nil, headers: [String: String] = [:]) async throws -> (Data, HTTPURLResponse) {
    var request = URLRequest(url: URL(string: url)!)
    request.httpMethod = method
    request.httpBody = body
    for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
    let (data, response) = try await session.data(for: request)
    return (data, response as! HTTPURLResponse)
}

/// Sends raw bytes on one TCP connection and reads until the peer closes or `timeout` passes.
func rawExchange(port: Int, _ payload: String, timeout: TimeInterval = 3) throws -> String {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    defer { close(fd) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(UInt16(port).bigEndian)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let connected = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
    }
    guard connected == 0 else { throw POSIXError(.ECONNREFUSED) }
    var tv = timeval(tv_sec: Int(timeout), tv_usec: Int((timeout - Double(Int(timeout))) * 1e6))
    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, socklen_t(MemoryLayout<timeval>.size))
    _ = payload.withCString { send(fd, $0, strlen($0), 0) }
    var received = [UInt8]()
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
        let n = recv(fd, &buffer, buffer.count, 0)
        if n <= 0 { break }
        received.append(contentsOf: buffer[0..<n])
    }
    return String(decoding: received, as: UTF8.self)
}
