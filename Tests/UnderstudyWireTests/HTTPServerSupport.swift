import Foundation
import HTTPTypes
import UnderstudyHTTP
import UnderstudyMicroHTTPD
import UnderstudyTestSupport
import UnderstudyTesting

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A responder built from a closure, for tests.
struct ClosureResponder: HTTPResponder {
    let body: @Sendable (ServerRequest) -> Reply
    func reply(to request: ServerRequest) -> Reply { body(request) }
}

func startServer(threads: Int = 2, maxDelay: Int = 120_000, _ body: @escaping @Sendable (ServerRequest) -> Reply) throws -> HTTPServer {
    let server = HTTPServer(
        configuration: ServerConfiguration(port: 0, maxDelayMilliseconds: maxDelay), options: MicroHTTPDOptions(threads: threads),
        responder: ClosureResponder(body: body)
    )
    try server.start()
    return server
}

func text(_ body: String, status: HTTPResponse.Status = .ok, contentType: String = "text/plain") -> Response {
    Response(status: status, headerFields: [.contentType: contentType], text: body)
}

/// An ephemeral URLSession with many connections per host and a short timeout.
func makeSession(timeout: TimeInterval = 10, connections: Int = 256) -> URLSession {
    let configuration = URLSessionConfiguration.ephemeral
    configuration.timeoutIntervalForRequest = timeout
    configuration.httpMaximumConnectionsPerHost = connections
    return URLSession(configuration: configuration)
}

func get(
    _ url: String, session: URLSession = makeSession(), method: String = "GET", body: Data? = nil, headers: [String: String] = [:]
) async throws -> (Data, HTTPURLResponse) {
    var request = URLRequest(url: URL(string: url)!)
    request.httpMethod = method
    request.httpBody = body
    for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
    let (data, response) = try await session.data(for: request)
    return (data, response as! HTTPURLResponse)
}

/// Sends raw bytes on one TCP connection and reads until the peer closes or `timeout` passes.
func rawExchange(port: Int, _ payload: String, timeout: TimeInterval = 3) throws -> String {
    try RawHTTP.exchange(port: port, payload, timeout: timeout)
}
