public import Foundation

#if canImport(Testing)
public import Testing
#endif

extension UnderstudySession {
    /// Runs `body` in a new session, as ``current``, and ends the session (`DELETE /__admin/sessions/ID`)
    /// afterwards, whether `body` returns or throws: the scoped form for XCTest and XCUITest.
    ///
    /// ```swift
    /// func testShowsTheOutage() async throws {
    ///     try await UnderstudySession.with { session in
    ///         try await session.use("server-error", api: .catfact)
    ///         let app = XCUIApplication()
    ///         app.launchEnvironment = session.launchEnvironment
    ///         app.launch()
    ///     }
    /// }
    /// ```
    ///
    /// The server is `baseURL` when given; else the one `UNDERSTUDY_BASE_URL` names (token from
    /// `UNDERSTUDY_ADMIN_TOKEN`); else, when the test target links UnderstudyTesting, its shared in-process
    /// server. The session is always a new one (`UNDERSTUDY_SESSION` is not taken: see ``attachFromEnvironment(id:requestTimeout:)``).
    ///
    /// - Parameters:
    ///   - baseURL: A running server's `http://HOST:PORT`; nil: the environment's (or the in-process one).
    ///   - token: The admin token of the server at `baseURL`.
    ///   - id: The session's id; a new unique one by default.
    ///   - requestTimeout: How long the session's ``urlSession`` waits for a request.
    ///   - isolation: The caller's actor (the main actor of a UI test), where `body` runs.
    ///   - body: The test's work in the session.
    /// - Returns: What `body` returns.
    /// - Throws: What `body` throws, or a ``UnderstudyAdmin/Failure`` when no session could be had (a wrong token
    ///   is `rejected` with status 401 at once; no server named is `notConfigured`).
    public static func with<Outcome>(
        attachingTo baseURL: URL? = nil, token: String? = nil, id: String = newID(), requestTimeout: TimeInterval = defaultRequestTimeout,
        isolation: isolated (any Actor)? = #isolation,
        _ body: (UnderstudySession) async throws -> Outcome
    ) async throws -> Outcome {
        let session = try await scoped(attachingTo: baseURL, token: token, id: id, requestTimeout: requestTimeout)
        let outcome: Outcome
        do {
            outcome = try await $current.withValue(session) { try await body(session) }
        } catch {
            await session.endEvenIfCancelled()
            throw error
        }
        await session.endEvenIfCancelled()
        return outcome
    }

    /// A new session for a scope (``with(attachingTo:token:id:requestTimeout:isolation:_:)``, the
    /// `.understudySession` trait, `UnderstudyTestSession.start`): on `baseURL`, else `UNDERSTUDY_BASE_URL`'s
    /// server, else the in-process one a linked UnderstudyTesting provides.
    package static func scoped(
        attachingTo baseURL: URL?, token: String?, id: String, requestTimeout: TimeInterval
    ) async throws -> UnderstudySession {
        if let baseURL { return try await attach(to: baseURL, token: token, id: id, requestTimeout: requestTimeout) }
        if let admin = UnderstudyAdmin.fromEnvironment() {
            return try await attach(to: admin.baseURL, token: admin.token, id: id, requestTimeout: requestTimeout)
        }
        if let local = UnderstudyLocalServer.self as Any as? any UnderstudyLocalServerProviding.Type {
            return try await local.session(id: id, requestTimeout: requestTimeout)
        }
        throw UnderstudyAdmin.Failure.noServer
    }

    /// `end()` in a task of its own, so that a cancelled test (a time limit, say) still ends its session.
    private func endEvenIfCancelled() async {
        let session = self
        await Task.detached { await session.end() }.value
    }
}

/// The in-process server a scope falls back on. UnderstudyTesting (which links the server) makes
/// ``UnderstudyLocalServer`` conform to ``UnderstudyLocalServerProviding``; the scopes find that conformance at run
/// time, so this module stays free of the server and a test target without UnderstudyTesting gets `notConfigured`.
package enum UnderstudyLocalServer {}

/// What UnderstudyTesting provides through ``UnderstudyLocalServer``.
package protocol UnderstudyLocalServerProviding {
    /// A session on the process's own server (started on first use).
    static func session(id: String, requestTimeout: TimeInterval) async throws -> UnderstudySession
}

extension UnderstudyAdmin.Failure {
    /// No `UNDERSTUDY_BASE_URL`, and no in-process server linked.
    static var noServer: UnderstudyAdmin.Failure {
        UnderstudyAdmin.Failure(
            .notConfigured, error: "no server",
            detail:
                "Set \(UnderstudyEnvironmentKey.baseURL) to the server's http://HOST:PORT (and \(UnderstudyEnvironmentKey.adminToken) to its admin token), or link UnderstudyTesting for a server in the test process."
        )
    }
}

#if canImport(Testing)
/// Gives each test (or each test of a suite) its own ``UnderstudySession`` as ``UnderstudySession/current``, and
/// ends it after the test whether it passed or threw: on the server given to `.understudySession(attachingTo:token:)`,
/// else on the one `UNDERSTUDY_BASE_URL` names, else (UnderstudyTesting linked) on the shared in-process server.
public struct UnderstudySessionTrait: TestTrait, SuiteTrait, TestScoping {
    /// A running server to attach to; nil: `UNDERSTUDY_BASE_URL`'s, or the in-process server.
    public var baseURL: URL?
    /// The admin token of the server at ``baseURL``.
    public var token: String?

    /// Each test of a suite gets its own session.
    public var isRecursive: Bool { true }

    /// Runs `function` with a new session as ``UnderstudySession/current`` and ends the session afterwards. A
    /// ``UnderstudySession/VerificationFailure`` that ends the test is recorded as its issue at `verify`'s call site.
    ///
    /// - Parameters:
    ///   - test: The test (or suite) the trait is on.
    ///   - testCase: The test case; nil for a suite, which gets no session of its own.
    ///   - function: The test.
    /// - Throws: What starting the session or the test throws.
    public func provideScope(for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void) async throws {
        guard testCase != nil || !test.isSuite else { return try await function() }
        try await UnderstudySession.with(attachingTo: baseURL, token: token) { _ in
            do {
                try await function()
            } catch let failure as UnderstudySession.VerificationFailure {
                // Recorded where `verify` was called, not at the test's declaration (where a thrown error lands).
                let location = SourceLocation(fileID: failure.fileID, filePath: failure.filePath, line: failure.line, column: failure.column)
                Issue.record(failure, sourceLocation: location)
            }
        }
    }
}

extension Trait where Self == UnderstudySessionTrait {
    /// Runs the test in its own session: on the server `UNDERSTUDY_BASE_URL` names (token from
    /// `UNDERSTUDY_ADMIN_TOKEN`), or, when UnderstudyTesting is linked and the variable is not set, on the
    /// shared in-process server. The test reads it as `UnderstudySession.current`.
    public static var understudySession: UnderstudySessionTrait { UnderstudySessionTrait() }

    /// Runs the test in its own session on the running server at `baseURL`.
    ///
    /// - Parameters:
    ///   - baseURL: The server's `http://HOST:PORT`.
    ///   - token: The server's admin token, if it has one.
    /// - Returns: The trait.
    public static func understudySession(attachingTo baseURL: URL, token: String? = nil) -> UnderstudySessionTrait {
        UnderstudySessionTrait(baseURL: baseURL, token: token)
    }
}
#endif
