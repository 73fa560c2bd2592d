import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
@testable import Understudy
import UnderstudyTesting

/// The problem `parse` throws, or nil when it succeeds.
func thrownProblem(_ parse: () throws(FileProblem) -> Void) -> FileProblem? {
    do {
        try parse()
        return nil
    } catch {
        return error
    }
}

/// One server for the whole suite: tests isolate themselves with the
/// per-request scenario header, as parallel test runs do.
let shared = try! UnderstudyTestServer(threads: 2)

struct Fetched {
    var data: Data
    var response: HTTPURLResponse
    var elapsed: TimeInterval
    var status: Int { response.statusCode }
    var text: String { String(decoding: data, as: UTF8.self) }
    func header(_ name: String) -> String? { response.value(forHTTPHeaderField: name) }
    /// The body parsed with key order and number spelling kept.
    func json() throws -> JSONValue { try parseJSON(data) }
}

func makeSession(timeout: TimeInterval = 15) -> URLSession {
    let configuration = URLSessionConfiguration.ephemeral
    configuration.timeoutIntervalForRequest = timeout
    configuration.httpMaximumConnectionsPerHost = 256
    return URLSession(configuration: configuration)
}

let defaultSession = makeSession()

func fetch(_ path: String, scenario: String? = nil, headers: [String: String] = [:], method: String = "GET", body: String? = nil,
           server: UnderstudyTestServer = shared, session: URLSession = defaultSession) async throws -> Fetched {
    var request = URLRequest(url: server.url(path))
    request.httpMethod = method
    request.httpBody = body.map { Data($0.utf8) }
    if let scenario { request.setValue(scenario, forHTTPHeaderField: "X-Understudy-Scenario") }
    for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
    let start = Date()
    let (data, response) = try await session.data(for: request)
    return Fetched(data: data, response: response as! HTTPURLResponse, elapsed: Date().timeIntervalSince(start))
}


/// A response body through the server's own JSON reader: strict (RFC 8259), and keeping key order and numbers as written for shapes.
func parseJSON(_ data: Data) throws(FileProblem) -> JSONValue {
    try JSONParser.parse(Array(data), file: "response").value
}

/// Sends one raw HTTP/1.1 request and returns the whole reply (headers and body).
func rawRequest(port: Int, _ payload: String, timeout: TimeInterval = 3) throws -> String {
    try RawHTTP.exchange(port: port, payload, timeout: timeout)
}
