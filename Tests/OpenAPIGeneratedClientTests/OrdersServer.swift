import Foundation
import OpenAPIRuntime
import OpenAPIURLSession
import Understudy
import UnderstudyOpenAPIRuntime
import UnderstudyStaging
import UnderstudyTesting

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The one in-process server of these tests, mounting Document/orders.yaml under `/orders` as
/// `understudy serve --openapi orders=orders.yaml` would, and the generated client pointed at it inside a session.
enum OrdersServer {
    /// The fixture the generated code was made from (found by #filePath: it is not bundled).
    static let document = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Document/orders.yaml")

    /// Started once for every test of the target, as a team's suite shares one server; each test's session keeps
    /// its scenario to itself. A failure to start is kept and thrown by every test rather than trapping.
    private static let started = Result<UnderstudyTestServer, any Error> {
        // Longer than the 1 s client timeout of the `timeout` test, so that the client gives up first (as an
        // app against a held connection does) rather than seeing the server close the connection unanswered.
        try UnderstudyTestServer(maxDelayMilliseconds: 2500, openAPI: [OpenAPIMount(name: "orders", file: document)])
    }

    /// The shared server.
    static func server() throws -> UnderstudyTestServer { try started.get() }

    /// Runs `body` with a generated client whose requests are in a new session of the shared server, the session
    /// set to `scenario` first (nil: the server's own, `happy`), and ends the session afterwards.
    ///
    /// - Parameters:
    ///   - scenario: The scenario the session's requests get.
    ///   - prefer: A `Prefer` header for every request (`breaker=wrong-type`, `code=404`), sent by ``PreferMiddleware``.
    ///   - timeout: URLSession's request timeout: how long a held connection (`timeout`) is waited on.
    ///   - body: The test, given the client and the session.
    static func withClient(
        scenario: String? = nil, prefer: String? = nil, timeout: TimeInterval = 5,
        _ body: (Client, UnderstudyTestSession) async throws -> Void
    ) async throws {
        let session = UnderstudyTestSession(server: try server())
        do {
            if let scenario { try await session.use(scenario) }
            try await body(client(for: session, prefer: prefer, timeout: timeout), session)
        } catch {
            await session.end()
            throw error
        }
        await session.end()
    }

    /// The generated client as a README shows it: the session's URL of the mount, URLSession, the session's middleware.
    static func client(for session: UnderstudyTestSession, prefer: String? = nil, timeout: TimeInterval = 5) -> Client {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout
        var middlewares: [any ClientMiddleware] = [UnderstudyMiddleware(session: session.id)]
        if let prefer { middlewares.append(PreferMiddleware(prefer)) }
        return Client(
            serverURL: session.url("/orders"),
            transport: URLSessionTransport(configuration: .init(session: URLSession(configuration: configuration))),
            middlewares: middlewares
        )
    }
}

/// The `ClientError` `call` throws; nil when it returns or throws anything else (the caller's `#require` then fails).
func clientError<Output>(_ call: () async throws -> Output) async -> ClientError? {
    do {
        _ = try await call()
        return nil
    } catch {
        return error as? ClientError
    }
}
