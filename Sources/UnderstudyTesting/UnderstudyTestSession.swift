import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
import Understudy
import UnderstudyClients

/// One test's private corner of a shared server: a session id, clients that
/// send it, and admin calls scoped to it. Tests running in parallel against
/// one server each use their own session and never see each other's scenarios.
///
/// Swift Testing: `@Test(.understudySession) func x() async throws { let s = try #require(UnderstudyTestSession.current) … }`.
/// XCTest: `let s = try await UnderstudyTestSession.start()` in `setUp`, `await s.end()` in `tearDown`.
public struct UnderstudyTestSession: Sendable {
    @TaskLocal public static var current: UnderstudyTestSession?

    public let server: UnderstudyTestServer
    public let id: String
    /// A URLSession with a short request timeout (3 s by default: longer than the bundled
    /// `delay`, short enough that `timeout` scenarios end quickly).
    public let urlSession: URLSession

    public init(server: UnderstudyTestServer, id: String = "test-\(UUID().uuidString.prefix(8).lowercased())", requestTimeout: TimeInterval = 3) {
        self.server = server
        self.id = id
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = requestTimeout
        configuration.httpMaximumConnectionsPerHost = 64
        urlSession = URLSession(configuration: configuration)
    }

    /// A session on the shared server (started on first use).
    public static func start(id: String? = nil) async throws -> UnderstudyTestSession {
        let server = try await UnderstudyTestServer.shared()
        return id.map { UnderstudyTestSession(server: server, id: $0) } ?? UnderstudyTestSession(server: server)
    }

    private var headers: UnderstudyHeaders { UnderstudyHeaders(session: id) }

    public var swapi: SWAPIClient { .live(baseURL: server.url("/swapi/api"), session: urlSession, understudy: headers) }
    public var artic: ArtInstituteClient { .live(baseURL: server.url("/artic/api/v1"), session: urlSession, understudy: headers) }
    public var catfact: CatFactClient { .live(baseURL: server.url("/catfact"), session: urlSession, understudy: headers) }

    /// This session's requests now get `scenario` (for one API, or all).
    public func use(_ scenario: String, api: API? = nil) async throws {
        try await server.admin.setScenario(scenario, api: api, session: id)
    }

    /// This session's requests follow `steps` (fail first, then recover).
    public func use(sequence steps: [UnderstudyAdmin.Step], api: API? = nil) async throws {
        try await server.admin.setSequence(steps, api: api, session: id)
    }

    /// This session's journal.
    public func requests() async throws -> [UnderstudyAdmin.RecordedRequest] {
        try await server.admin.requests(session: id)
    }

    /// Forgets the session on the server.
    public func end() async {
        try? await server.admin.deleteSession(id)
    }
}

/// Gives each test (or each test of a suite) its own ``UnderstudyTestSession``
/// on the shared server, as ``UnderstudyTestSession/current``.
public struct UnderstudySessionTrait: TestTrait, SuiteTrait, TestScoping {
    public var isRecursive: Bool { true }

    public func provideScope(for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void) async throws {
        guard testCase != nil || !test.isSuite else { return try await function() }
        let session = try await UnderstudyTestSession.start()
        defer { Task { await session.end() } }
        try await UnderstudyTestSession.$current.withValue(session) { try await function() }
    }
}

extension Trait where Self == UnderstudySessionTrait {
    /// Runs the test with its own session on the shared Understudy server.
    public static var understudySession: UnderstudySessionTrait { UnderstudySessionTrait() }
}
