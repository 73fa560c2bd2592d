import Foundation
import Testing
import UnderstudyClients
import UnderstudyTesting

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The README's "What each fault becomes at the client" table, row by row.
@Suite(.understudySession)
struct FaultTableTests {
    static let rows: [(scenario: String, expected: APIError?)] = [
        ("timeout", .timedOut),
        ("connection-reset", .transport(FaultTable.connectionReset)),
        ("truncated-body", .transport(FaultTable.truncatedBody)),
        ("slow-body", nil),
        ("malformed-json", .decodingFailed("")),
        ("rate-limited", .requestFailed(status: 429, body: "")),
        ("server-error", .requestFailed(status: 500, body: "")),
    ]

    @Test(arguments: rows.indices)
    func faultBecomesTheDocumentedError(_ index: Int) async throws {
        let (scenario, expected) = Self.rows[index]
        let session = try #require(UnderstudyTestSession.current)
        try await session.use(scenario)
        do {
            let fact = try await session.catfact.fetchFacts(nil, nil)
            #expect(expected == nil, "\(scenario) succeeded")
            #expect(fact.data.count == 10)
        } catch let error as APIError {
            switch (error, expected) {
            case (.decodingFailed, .decodingFailed?): break
            case (.requestFailed(let status, let body), .requestFailed(let want, _)?):
                #expect(status == want)
                #expect(!body.isEmpty, "the error body is kept for the view model")
            default: #expect(error == expected, "\(scenario)")
            }
        }
    }

    @Test func theReadmeStatesTheSameTable() throws {
        let readme = try String(
            contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent().appendingPathComponent("README.md"), encoding: .utf8)
        for line in [
            "| `timeout` | `URLError.timedOut` (-1001) | `.timedOut` |",
            "| `connection-reset` | `URLError.networkConnectionLost` (-1005) | `.transport(.networkConnectionLost)` |",
            "| `truncated-body` | `URLError.unknown` (-1) | `.transport(.unknown)` |",
            "| `slow-body` | none: the body arrives, late | success |",
            "| `malformed-json` | none: a 200 | `.decodingFailed(…)` |",
            "| `rate-limited` | none: a 429 with `Retry-After` | `.requestFailed(status: 429, body:)` |",
            "| `server-error` | none: a 500 | `.requestFailed(status: 500, body:)` |",
        ] {
            #expect(readme.contains(line), "README row missing: \(line)")
        }
    }
}
