// The README's session tests, in a package that sees only Understudy's public API. Each test has a session of
// its own (the trait never takes UNDERSTUDY_SESSION, which scripts/consumer-tests.sh sets to a decoy on its
// second run), on the server UNDERSTUDY_BASE_URL names.
import Foundation
import MyApp
import Testing
import UnderstudyAdminClient

@Suite(.serialized) struct FactModelTests {
    @Test(.understudySession) @MainActor func theModelShowsTheOutage() async throws {
        let session = try #require(UnderstudySession.current)
        try await session.use("server-error", api: .catfact)
        let model = FactModel(client: session.catfact)
        await model.load()
        #expect(model.state == .failed("the server answered 500"))
        let entry = try await session.waitForRequest { $0.path == "/catfact/fact" }
        #expect(entry.status == 500 && entry.session == session.id)
    }

    @Test(.understudySession) @MainActor func aFactTheTestStaged() async throws {
        let session = try #require(UnderstudySession.current)
        try await session.respond(to: .get("/catfact/fact"), json: CatFact(fact: "Staged by the test.", length: 19))
        let model = FactModel(client: session.catfact)
        await model.load()
        #expect(model.state == .loaded("Staged by the test."))
    }

    /// The app's own networking to the team's own API, staged and verified by the test: the app's encoder and its
    /// Idempotency-Key are matched as the app sends them.
    @Test(.understudySession) func placingAnOrderPostsItOnce() async throws {
        let session = try #require(UnderstudySession.current)
        let books = UnderstudySession.RequestPattern.post("/myapi/orders").withHeader("Idempotency-Key")
            .withBody(.json(contains: OrdersAPI.Order(item: "book", quantity: 2), encoder: OrdersAPI.encoder))
        try await session.respond(to: books, inTurn: [.status(503), .json(["id": 7], status: 201)])
        let api = OrdersAPI(baseURL: session.url("/myapi"), session: session.urlSession)
        await #expect(throws: OrdersAPI.Failure.status(503)) { try await api.place(.init(item: "book", quantity: 2)) }
        #expect(try await api.place(.init(item: "book", quantity: 2)).id == 7)
        await #expect(throws: OrdersAPI.Failure.status(404)) { try await api.place(.init(item: "pen", quantity: 1)) }
        try await session.verify(books, count: 2)
        try await session.verify(.post("/myapi/orders"), body: .matches(#""item":\s*"pen""#), count: 1)
    }

    /// A stand-in UI test: the app is launched with the session's launch environment and nothing else.
    @Test(.understudySession) func theLaunchedAppLandsInTheSession() async throws {
        let session = try #require(UnderstudySession.current)
        try await session.use("unauthorized", api: .catfact)
        try await session.respond(to: .post("/myapi/orders"), status: 201, body: #"{"id": 42}"#)
        let output = try launchApp(environment: session.launchEnvironment)
        #expect(output == ["fact failed(\"the server answered 401\")", "order 42"])
        let journal = try await session.requests()
        #expect(journal.map(\.path) == ["/catfact/fact", "/myapi/orders"])
        #expect(journal.allSatisfy { $0.session == session.id })
        try await session.verify(
            .post("/myapi/orders").withHeader("Idempotency-Key"),
            body: .json(contains: OrdersAPI.Order(item: "book", quantity: 2, giftNote: "for Ann"), encoder: OrdersAPI.encoder))
        try await session.verify(.post("/myapi/orders"), body: .json(text: #"{"gift_note": "for Ann"}"#))
    }

    /// A request the app sends later (a UI test's tap, here a task) is waited for.
    @Test(.understudySession) func anOrderSentLaterIsWaitedFor() async throws {
        let session = try #require(UnderstudySession.current)
        try await session.respond(to: .post("/myapi/orders"), status: 201, json: ["id": 9])
        let api = OrdersAPI(baseURL: session.url("/myapi"), session: session.urlSession)
        let tap = Task {
            try await Task.sleep(for: .milliseconds(200))
            return try await api.place(.init(item: "pen", quantity: 1))
        }
        try await session.verify(.post("/myapi/orders"), count: .atLeast(1), within: .seconds(5))
        #expect(try await tap.value.id == 9)
    }

    func launchApp(environment: [String: String]) throws -> [String] {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let app = root.appendingPathComponent(".build/debug/MyAppCLI")
        let process = Process()
        process.executableURL = app
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
    }
}
