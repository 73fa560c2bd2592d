import Foundation
import Testing
import UnderstudyTesting

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What an app team's test package uses, with no glue: the shared server in every session, the app's own
/// JSON encoder, headers in `respond` and `verify`, `verify` waiting for a request still to come, and a
/// failure a test can read.
@Suite(.understudySession)
struct SessionVerifyTests {
    /// An app's model, sent in snake_case and with ISO 8601 dates.
    struct Order: Codable, Equatable {
        var itemName: String
        var giftNote: String?
        var placedAt: Date
    }

    static let appEncoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        encoder.dateEncodingStrategy = .iso8601
        return encoder
    }()

    func post(_ session: UnderstudyTestSession, _ path: String, json: String, headers: [String: String] = [:]) async throws -> (Int, String) {
        var request = URLRequest(url: session.url(path))
        request.httpMethod = "POST"
        request.httpBody = Data(json.utf8)
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        let (data, response) = try await session.urlSession.data(for: request)
        return ((response as! HTTPURLResponse).statusCode, String(decoding: data, as: UTF8.self))
    }

    /// Every test of the suite starts at once, most while the shared server is still starting: each knows it.
    @Test(arguments: 0..<4) func everySessionKnowsTheSharedServer(_: Int) throws {
        let session = try #require(UnderstudyTestSession.current)
        if ProcessInfo.processInfo.environment["UNDERSTUDY_BASE_URL"] == nil {
            #expect(session.server?.baseURL == session.baseURL)
        } else {
            #expect(session.server == nil)
        }
    }

    @Test func theAppsEncoderStagesAndMatchesItsJSON() async throws {
        let session = try #require(UnderstudyTestSession.current)
        let placed = Order(itemName: "book", giftNote: "for Ann", placedAt: Date(timeIntervalSince1970: 1_700_000_000))
        let byTheApp = String(decoding: try Self.appEncoder.encode(placed), as: UTF8.self)
        try await session.respond(
            to: .post("/myapi/orders").withBody(.json(contains: placed, encoder: Self.appEncoder)), status: 201, json: placed,
            encoder: Self.appEncoder)
        let (status, body) = try await post(session, "/myapi/orders", json: byTheApp)
        #expect(status == 201)
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        decoder.dateDecodingStrategy = .iso8601
        #expect(try decoder.decode(Order.self, from: Data(body.utf8)) == placed)
        try await session.verify(.post("/myapi/orders"), body: .json(contains: placed, encoder: Self.appEncoder))
        try await session.verify(.post("/myapi/orders"), body: .json(text: #"{"item_name": "book", "placed_at": "2023-11-14T22:13:20Z"}"#))
        // Without the app's encoder the fragment is camelCase, which the app never sent.
        await #expect(throws: UnderstudySession.VerificationFailure.self) {
            try await session.verify(.post("/myapi/orders"), body: .json(contains: placed))
        }
        // A fragment that is not JSON is refused before it is sent, located as the server locates a route's problems.
        let refused = await #expect(throws: UnderstudyAdmin.Failure.self) {
            try await session.respond(to: .post("/myapi/orders").withBody(.json(text: "{item")), status: 201)
        }
        #expect(refused?.status == 400 && refused?.problems == [#"routes[0].request_body.json: the fragment "{item" is not JSON"#])
    }

    @Test func headersAreMatchedByRespondAndVerify() async throws {
        let session = try #require(UnderstudyTestSession.current)
        let keyed = UnderstudySession.RequestPattern.post("/myapi/payments").withHeader("Idempotency-Key")
        try await session.respond(to: keyed, status: 201, body: "paid")
        try await session.respond(to: .post("/myapi/payments").withoutHeader("idempotency-key"), status: 428, body: "send a key")
        #expect(try await post(session, "/myapi/payments", json: "{}", headers: ["idempotency-key": "k-1"]) == (201, "paid"))
        #expect(try await post(session, "/myapi/payments", json: "{}") == (428, "send a key"))
        try await session.verify(keyed)
        try await session.verify(.post("/myapi/payments").withHeader("IDEMPOTENCY-KEY", "k-1"))
        try await session.verify(.post("/myapi/payments").withHeader("Idempotency-Key", .matches("^k-[0-9]$")))
        try await session.verify(.post("/myapi/payments").withoutHeader("Idempotency-Key"), count: 1)
        do {
            try await session.verify(.post("/myapi/payments").withHeader("Idempotency-Key", "k-2"))
            Issue.record("verified a key the app did not send")
        } catch let failure as UnderstudySession.VerificationFailure {
            #expect(failure.found == 0 && failure.nearest?.path == "/myapi/payments")
            #expect(failure.differences.contains(#"Idempotency-Key is "k-1""#) || failure.differences == ["no Idempotency-Key header"])
        }
    }

    /// The journal redacts `Authorization`: verify checks its presence, refuses to judge its value (whatever the
    /// journal holds), and `respond` still matches the real value on the server.
    @Test func aRedactedHeaderIsNeverJudgedByItsRedactedValue() async throws {
        let session = try #require(UnderstudyTestSession.current)
        let bearer = UnderstudySession.RequestPattern.post("/myapi/me").withHeader("Authorization", "Bearer s3cr3t")
        try await session.respond(to: bearer, status: 200, body: "you")
        #expect(try await post(session, "/myapi/me", json: "{}", headers: ["Authorization": "Bearer s3cr3t"]) == (200, "you"))
        try await session.verify(.post("/myapi/me").withHeader("authorization"))
        for pattern in [bearer, .post("/myapi/me").withHeader("Authorization", UnderstudySession.HeaderMatcher.equals("[redacted]"))] {
            for count: UnderstudySession.ExpectedCount in [1, .never] {
                do {
                    try await session.verify(pattern, count: count)
                    Issue.record("judged a redacted value: \(pattern) \(count)")
                } catch let failure as UnderstudySession.VerificationFailure {
                    #expect(failure.differences.first?.contains("the journal keeps Authorization as [redacted]") == true, "\(failure)")
                }
            }
        }
    }

    @Test func verifyWaitsForARequestStillToCome() async throws {
        let session = try #require(UnderstudyTestSession.current)
        // The request is sent only after the journal was read empty, so the first check cannot see it.
        let (read, journalWasRead) = AsyncStream<Void>.makeStream()
        let later = Task {
            for await _ in read { break }
            try await Task.sleep(for: .milliseconds(100))
            _ = try await session.catfact.fetchFact(nil)
        }
        defer { later.cancel() }
        #expect(try await session.requests().isEmpty)
        journalWasRead.yield()
        try await session.verify(.get("/catfact/fact"), count: .atLeast(1), within: .seconds(10))
    }

    @Test func verifyFailsWhenNoneComesInTime() async throws {
        let session = try #require(UnderstudyTestSession.current)
        _ = try await session.catfact.fetchFact(nil)
        do {
            try await session.verify(.get("/catfact/facts"), count: .atLeast(1), within: .milliseconds(150))
            Issue.record("verified a request that never came")
        } catch let failure as UnderstudySession.VerificationFailure {
            #expect(failure.waited == .milliseconds(150) && failure.found == 0 && failure.expected == .atLeast(1))
            #expect(failure.nearest?.path == "/catfact/fact" && failure.differences == ["the path is /catfact/fact"])
            #expect(failure.journal.count == 1 && failure.fileID.hasSuffix("SessionVerifyTests.swift"))
            #expect(failure.description.contains("Expected at least 1 request GET /catfact/facts within 0.15 seconds; found 0"), "\(failure)")
        }
        // More than wanted is not waited on: it cannot get better.
        await #expect(throws: UnderstudySession.VerificationFailure.self) {
            try await session.verify(.get("/catfact/fact"), count: .never, within: .seconds(60))
        }
        try await session.verify(.get("/catfact/fact"), count: .atMost(1))
    }

    /// A failure that ends a test under the trait is its issue, at the line that called `verify`.
    @Test func aFailureIsRecordedWhereVerifyWasCalled() async throws {
        let session = try #require(UnderstudyTestSession.current)
        var caught: UnderstudySession.VerificationFailure?
        let line = #line + 2
        do {
            try await session.verify(.get("/nowhere"))
        } catch let failure as UnderstudySession.VerificationFailure {
            caught = failure
        }
        let thrown = try #require(caught)
        #expect(thrown.line == line && thrown.filePath.hasSuffix("SessionVerifyTests.swift"))
        try await withKnownIssue {
            try await UnderstudySessionTrait.understudySession.provideScope(for: try #require(Test.current), testCase: Test.Case.current) {
                throw thrown
            }
        } matching: { issue in
            issue.sourceLocation?.line == line && issue.error is UnderstudySession.VerificationFailure
        }
    }

    /// "N, then the next" has one spelling: an answer without `times` answers once, or every request when it
    /// is the last; a single `respond` is a turn of one answer.
    @Test func answersInTurnDefaultToOnceThenTheLastForEveryRequest() async throws {
        let session = try #require(UnderstudyTestSession.current)
        try await session.respond(to: .post("/myapi/turns"), status: 200, body: "earlier")
        let routes = try await session.respond(to: .post("/myapi/turns"), inTurn: [.status(503), .status(502, times: 2), .status(201, body: "last")])
        #expect(routes.routes.map(\.remaining) == [1, 2, nil, nil])
        var seen: [Int] = []
        for _ in 0..<6 { seen.append(try await post(session, "/myapi/turns", json: "{}").0) }
        #expect(seen == [503, 502, 502, 201, 201, 201])
        // A last answer with a count gives way to the routes before it.
        try await session.respond(to: .post("/myapi/turns"), inTurn: [.status(500, times: 1)])
        #expect(try await post(session, "/myapi/turns", json: "{}").0 == 500)
        #expect(try await post(session, "/myapi/turns", json: "{}").0 == 201)
    }
}
