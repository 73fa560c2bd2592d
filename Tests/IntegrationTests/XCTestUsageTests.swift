import Foundation
import UnderstudyClients
import UnderstudyTesting
import XCTest

/// The testing module from XCTest: a session per test case on the shared server.
final class XCTestUsageTests: XCTestCase {
    var session: UnderstudyTestSession!

    override func setUp() async throws {
        session = try await UnderstudyTestSession.start()
    }

    override func tearDown() async throws {
        await session.end()
    }

    func testSessionScenarioAndJournal() async throws {
        try await session.use("unauthorized", api: .catfact)
        do {
            _ = try await session.catfact.fetchFact(nil)
            XCTFail("expected a 401")
        } catch let error as APIError {
            XCTAssertEqual(error.status, 401)
        }
        let films = try await session.swapi.fetchFilms(nil, nil)
        XCTAssertEqual(films.count, 6)
        let journal = try await session.requests()
        XCTAssertEqual(journal.map(\.status), [401, 200])
        XCTAssertEqual(journal.map(\.scenario), ["unauthorized", "happy"])
    }

    /// With UNDERSTUDY_BASE_URL set (scripts/remote-tests.sh), sessions attach to that server and start none.
    func testASessionAttachesToTheServerTheEnvironmentNames() throws {
        if let base = ProcessInfo.processInfo.environment["UNDERSTUDY_BASE_URL"] {
            XCTAssertNil(session.server)
            XCTAssertEqual(session.baseURL.absoluteString, base)
            XCTAssertEqual(session.admin.token, ProcessInfo.processInfo.environment["UNDERSTUDY_ADMIN_TOKEN"])
        } else {
            XCTAssertNotNil(session.server)
        }
    }

    func testTheEnvironmentVariablePointsLiveClientsAtUnderstudy() async throws {
        // scripts/remote-tests.sh runs this suite with the variable already set (to the same server): put it back.
        let previous = ProcessInfo.processInfo.environment["UNDERSTUDY_BASE_URL"]
        setenv("UNDERSTUDY_BASE_URL", session.baseURL.absoluteString, 1)
        defer { if let previous { setenv("UNDERSTUDY_BASE_URL", previous, 1) } else { unsetenv("UNDERSTUDY_BASE_URL") } }
        XCTAssertEqual(CatFactClient.defaultBaseURL, session.url("/catfact"))
        let fact = try await CatFactClient.live(understudy: .init(session: session.id)).fetchFact(nil)
        XCTAssertEqual(fact.length, fact.fact.count)
        let recorded = try await session.admin.waitForRequest(session: session.id) { $0.path == "/catfact/fact" }
        XCTAssertEqual(recorded.status, 200)
    }
}
