package import Foundation
import HTTPTypes
import Understudy
package import UnderstudyDocuments
import UnderstudyStaging
package import UnderstudyTesting

#if canImport(FoundationNetworking)
package import FoundationNetworking
#endif

/// One server for the whole suite: tests isolate themselves with the
/// per-request scenario header, as parallel test runs do.
package let shared = try! UnderstudyTestServer(threads: 2)

package struct Fetched {
    package var data: Data
    package var status: Int
    /// Header names lowercased.
    package var headers: [String: String]
    package var elapsed: TimeInterval
    package var text: String { String(decoding: data, as: UTF8.self) }
    package func header(_ name: String) -> String? { headers[name.lowercased()] }
    /// The body parsed with key order and number spelling kept.
    package func json() throws -> JSONValue { try parseJSON(data) }

    package init(data: Data, response: HTTPURLResponse, elapsed: TimeInterval) {
        self.data = data
        status = response.statusCode
        headers = Dictionary(response.allHeaderFields.map { ("\($0.key)".lowercased(), "\($0.value)") }) { first, _ in first }
        self.elapsed = elapsed
    }

    package init(_ response: RouterResponse, elapsed: TimeInterval) {
        data = Data(response.body)
        status = response.status.map { $0.code } ?? 0
        headers = Dictionary(response.headerFields.map { ($0.name.canonicalName, $0.value) }) { first, second in first + ", " + second }
        self.elapsed = elapsed
    }
}

package func makeSession(timeout: TimeInterval = 15) -> URLSession {
    let configuration = URLSessionConfiguration.ephemeral
    configuration.timeoutIntervalForRequest = timeout
    configuration.httpMaximumConnectionsPerHost = 256
    return URLSession(configuration: configuration)
}

package let defaultSession = makeSession()

/// One request to the engine with no socket (``UnderstudyRouter``, sharing `server`'s state): what
/// most engine tests need, fast and parallel. A fault the wire would show becomes the error
/// URLSession would throw for it.
package func fetch(
    _ path: String, scenario: String? = nil, headers: [String: String] = [:], method: String = "GET", body: String? = nil,
    server: UnderstudyTestServer = shared
) async throws -> Fetched {
    var fields = HTTPFields()
    if let scenario { fields[UnderstudyRouter.scenarioHeader] = scenario }
    for (name, value) in headers { fields[HTTPField.Name(name)!] = value }
    let start = Date()
    let response = await server.router.execute(path, method: HTTPRequest.Method(method)!, headers: fields, body: Array((body ?? "").utf8))
    switch response.fault {
    case .reset?, .truncated?: throw URLError(.networkConnectionLost)
    case .held?: throw URLError(.timedOut)
    case .dribbled?, nil: return Fetched(response, elapsed: Date().timeIntervalSince(start))
    }
}

/// One request over a real socket, through URLSession: for what only the wire shows.
package func fetchOverTheWire(
    _ path: String, scenario: String? = nil, headers: [String: String] = [:], method: String = "GET", body: String? = nil,
    server: UnderstudyTestServer = shared, session: URLSession = defaultSession
) async throws -> Fetched {
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
package func parseJSON(_ data: Data) throws(FileProblem) -> JSONValue {
    try JSONParser.parse(Array(data), file: "response").value
}

/// Sends one raw HTTP/1.1 request and returns the whole reply (headers and body).
package func rawRequest(port: Int, _ payload: String, timeout: TimeInterval = 3) throws -> String {
    try RawHTTP.exchange(port: port, payload, timeout: timeout)
}
