import Foundation
import HTTPTypes
import OpenAPIRuntime
import Testing
import UnderstudyTesting

/// Each decode-breaker (`Prefer: breaker=KIND`) makes a 200 the generated client cannot decode, and the
/// `DecodingError` underneath its `ClientError` is the one docs/openapi.md documents for the kind.
@Suite struct DecodeBreakerTests {
    static let documented: [(kind: String, error: DecodingErrorCase)] = [
        ("missing-required-key", .keyNotFound),
        ("wrong-type", .typeMismatch),
        ("null-not-nullable", .valueNotFound),
        ("unknown-enum-case", .dataCorrupted),
        ("malformed-date-time", .dataCorrupted),
    ]

    @Test(arguments: documented) func breakerThrowsTheDocumentedDecodingError(_ kind: String, _ expected: DecodingErrorCase) async throws {
        try await OrdersServer.withClient(prefer: "breaker=\(kind)") { client, _ in
            let error = try #require(await clientError { try await client.getOrder(path: .init(orderId: "ord_1001")) })
            #expect(error.response?.status == .ok, "a 2xx the client could not decode")
            let decoding = try #require(error.underlyingError as? DecodingError, "\(kind): \(error)")
            #expect(DecodingErrorCase(decoding) == expected, "\(kind): \(decoding)")
        }
    }
}
