import Foundation
import UnderstudyClients

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The app's own networking for its own backend, which Understudy stages under /myapi: the base URL and the
/// steering headers come from the environment, the real API's when nothing is set.
public struct OrdersAPI: Sendable {
    /// Sent in the backend's snake_case (`gift_note`), by ``encoder``.
    public struct Order: Codable, Equatable, Sendable {
        public var item: String
        public var quantity: Int
        public var giftNote: String?
        public init(item: String, quantity: Int, giftNote: String? = nil) {
            self.item = item
            self.quantity = quantity
            self.giftNote = giftNote
        }
    }

    /// How the app encodes what it sends: the backend's keys are snake_case.
    public static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        return encoder
    }()

    public struct Placed: Codable, Equatable, Sendable {
        public var id: Int
    }

    public typealias Failure = BackendFailure

    let backend: Backend
    var baseURL: URL { backend.baseURL }

    /// `baseURL` nil: Understudy's under /myapi when the environment names it, else the real API's.
    public init(baseURL: URL? = nil, session: URLSession? = nil) {
        backend = Backend(prefix: "/myapi", real: "https://api.example.com/v1", baseURL: baseURL, session: session)
    }

    public func place(_ order: Order) async throws -> Placed {
        var request = URLRequest(url: baseURL.appendingPathComponent("orders"))
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        // The backend answers a retried order once: each order carries a key of its own.
        request.setValue(UUID().uuidString, forHTTPHeaderField: "Idempotency-Key")
        request.httpBody = try Self.encoder.encode(order)
        return try await backend.send(request, as: Placed.self)
    }
}
