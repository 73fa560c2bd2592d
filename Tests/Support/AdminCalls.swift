package import Foundation
import Understudy
import UnderstudyStaging
package import UnderstudyTesting

#if canImport(FoundationNetworking)
package import FoundationNetworking
#endif

/// A call to the admin API through URLSession, as curl or a CI script would make it.
package func admin(
    _ method: String, _ path: String, json: String? = nil, token: String? = nil, headers: [String: String] = [:],
    server: UnderstudyTestServer, session: URLSession = defaultSession
) async throws -> Fetched {
    var request = URLRequest(url: server.url("/__admin" + path))
    request.httpMethod = method
    if let json {
        request.httpBody = Data(json.utf8)
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
    }
    if let token { request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization") }
    for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
    let start = Date()
    let (data, response) = try await session.data(for: request)
    return Fetched(data: data, response: response as! HTTPURLResponse, elapsed: Date().timeIntervalSince(start))
}

/// A copy of the bundled scenarios in a temporary folder, for tests that edit files.
package func copyOfBundledScenarios() throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("understudy-scenarios-\(UUID().uuidString)")
    try FileManager.default.copyItem(at: UnderstudyTestServer.bundledScenarios, to: folder)
    return folder
}
