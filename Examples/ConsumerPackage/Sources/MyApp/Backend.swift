import Foundation
import UnderstudyClients

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What the app's own APIs share: one way to fail, a URLSession that carries the steering headers the environment
/// names (none in production), and one way to send a request and read its JSON answer.
public enum BackendFailure: Error, Equatable {
    case status(Int)
    case undecodable
}

struct Backend: Sendable {
    let baseURL: URL
    let session: URLSession

    /// `prefix` is where Understudy stages the API (`/myapi`), `real` the production base URL.
    init(prefix: String, real: String, baseURL: URL?, session: URLSession?) {
        self.baseURL = baseURL ?? UnderstudyAPI.baseURL(prefix: prefix, real: URL(string: real)!)
        if let session {
            self.session = session
        } else {
            let configuration = URLSessionConfiguration.ephemeral
            UnderstudyHeaders.environment.apply(to: configuration)
            self.session = URLSession(configuration: configuration)
        }
    }

    func send<Answer: Decodable>(_ request: URLRequest, as type: Answer.Type) async throws -> Answer {
        let (data, response) = try await session.dataShieldedFromCancellation(for: request)
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        guard (200..<300).contains(status) else { throw BackendFailure.status(status) }
        guard let answer = try? JSONDecoder().decode(type, from: data) else { throw BackendFailure.undecodable }
        return answer
    }
}
