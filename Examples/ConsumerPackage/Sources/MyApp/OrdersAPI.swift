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

    public enum Failure: Error, Equatable {
        case status(Int)
        case undecodable
    }

    let baseURL: URL
    let session: URLSession

    public init(
        baseURL: URL = UnderstudyAPI.baseURL(prefix: "/myapi", real: URL(string: "https://api.example.com/v1")!),
        session: URLSession? = nil
    ) {
        self.baseURL = baseURL
        if let session {
            self.session = session
        } else {
            let configuration = URLSessionConfiguration.ephemeral
            UnderstudyHeaders.environment.apply(to: configuration)
            self.session = URLSession(configuration: configuration)
        }
    }

    public func place(_ order: Order) async throws -> Placed {
        var request = URLRequest(url: baseURL.appendingPathComponent("orders"))
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        // The backend answers a retried order once: each order carries a key of its own.
        request.setValue(UUID().uuidString, forHTTPHeaderField: "Idempotency-Key")
        request.httpBody = try Self.encoder.encode(order)
        let (data, response) = try await session.dataShieldedFromCancellation(for: request)
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        guard (200..<300).contains(status) else { throw Failure.status(status) }
        guard let placed = try? JSONDecoder().decode(Placed.self, from: data) else { throw Failure.undecodable }
        return placed
    }
}
