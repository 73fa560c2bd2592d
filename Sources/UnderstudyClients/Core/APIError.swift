public import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Why a call failed, in the few kinds a view model needs to tell apart:
/// a 500 from malformed JSON from a timeout from a dropped connection.
public enum APIError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The URL could not be built (for instance a base URL without a scheme).
    case invalidURL(String)
    /// The server answered with a non-2xx status.
    case requestFailed(status: Int, body: String)
    /// The body did not decode as the expected model.
    case decodingFailed(String)
    /// The connection failed (reset, truncated body, refused, …).
    case transport(URLError.Code)
    /// No answer before the request's timeout.
    case timedOut

    public var description: String {
        switch self {
        case .invalidURL(let url): "invalid URL: \(url)"
        case .requestFailed(let status, _): "the server answered \(status)"
        case .decodingFailed(let reason): "unexpected response: \(reason)"
        case .transport(let code): "connection failed (URLError \(code.rawValue))"
        case .timedOut: "the request timed out"
        }
    }

    /// The status when the server answered with an error status.
    public var status: Int? {
        if case .requestFailed(let status, _) = self { return status }
        return nil
    }
}
