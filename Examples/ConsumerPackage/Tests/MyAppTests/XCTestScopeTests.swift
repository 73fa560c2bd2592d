// XCTest and XCUITest have no trait: UnderstudySession.with scopes a session and always ends it.
import MyApp
import UnderstudyAdminClient
import XCTest

final class XCTestScopeTests: XCTestCase {
    func testAnEmptyListInItsOwnSession() async throws {
        let id = try await UnderstudySession.with { session in
            try await session.use("empty", api: .catfact)
            let page = try await session.catfact.fetchFacts(nil, nil)
            XCTAssertEqual(page.data.count, 0)
            try await session.verify(.get("/catfact/facts"))
            return session.id
        }
        // Ended: the server no longer knows it.
        let admin = try XCTUnwrap(UnderstudyAdmin.fromEnvironment())
        let sessions = try await admin.sessions(limit: 1000)
        XCTAssertFalse(sessions.sessions.pairs.contains { $0.key == id })
    }
}
