// Responses a test defines for its session, through the client products only, against `understudy serve`.
import Foundation
import Testing
import UnderstudyAdminClient
import UnderstudyClients

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite(.enabled(if: remote != nil, "set UNDERSTUDY_BASE_URL (and UNDERSTUDY_ADMIN_TOKEN) to a running server: scripts/remote-tests.sh does"))
struct SessionRoutesRemoteTests {
    // Each session gets an id of its own: attachFromEnvironment() alone takes UNDERSTUDY_SESSION, which
    // scripts/remote-tests.sh sets to a decoy on its second run, and two sessions would then be one.
    struct Fact: Codable, Equatable {
        var fact: String
        var length: Int
    }

    func fetch(_ session: UnderstudySession, _ method: String, _ path: String) async throws -> (Int, String) {
        var request = URLRequest(url: session.url(path))
        request.httpMethod = method
        let (data, response) = try await session.urlSession.data(for: request)
        return ((response as! HTTPURLResponse).statusCode, String(decoding: data, as: UTF8.self))
    }

    @Test func aTestStagesABodyNoScenarioHasForItsSessionOnly() async throws {
        let session = try await UnderstudySession.attachFromEnvironment(id: UnderstudySession.newID())
        let other = try await UnderstudySession.attachFromEnvironment(id: UnderstudySession.newID())
        defer {
            Task {
                await session.end()
                await other.end()
            }
        }
        try await session.respond(to: .get("/catfact/fact"), json: Fact(fact: "Staged by the test.", length: 19))
        let routes = try await session.respond(to: .post("/myapi/orders"), status: 201, headers: ["Location": "/myapi/orders/7"], body: #"{"id":7}"#)
        #expect(routes.routes.map(\.path) == ["/myapi/orders", "/catfact/fact"], "newest first")

        let client = CatFactClient.live(baseURL: session.url(for: .catfact), session: session.urlSession)
        #expect(try await client.fetchFact(nil) == CatFact(fact: "Staged by the test.", length: 19))
        let (status, body) = try await fetch(session, "POST", "/myapi/orders")
        #expect(status == 201 && body == #"{"id":7}"#)
        // The other session, on the same server at the same time, sees the scenario.
        let otherFact = try await CatFactClient.live(baseURL: other.url(for: .catfact), session: other.urlSession).fetchFact(nil)
        #expect(otherFact.fact != "Staged by the test.")
        #expect(try await fetch(other, "POST", "/myapi/orders").0 == 404)
        // The journal says what answered.
        let journal = try await session.requests()
        #expect(journal.map(\.scenario) == ["session-route", "session-route"])

        try await session.clearRoutes()
        #expect(try await fetch(session, "POST", "/myapi/orders").0 == 404)
    }

    @Test func aRouteOnAnAPIPathCanKeepItsAnswerAndAddAFault() async throws {
        let session = try await UnderstudySession.attachFromEnvironment(id: UnderstudySession.newID())
        defer { Task { await session.end() } }
        try await session.respond(to: .get("/swapi/api/people/1/"), fault: .connectionReset)
        let client = SWAPIClient.live(baseURL: session.url(for: .swapi), session: session.urlSession)
        await #expect(throws: APIError.self) { try await client.fetchPerson(1) }
        #expect(try await client.fetchPerson(2).name == "C-3PO")
    }

    @Test func aWrongRouteIsRefusedWithItsProblemLocated() async throws {
        let session = try await UnderstudySession.attachFromEnvironment(id: UnderstudySession.newID())
        defer { Task { await session.end() } }
        let failure = await #expect(throws: UnderstudyAdmin.Failure.self) {
            try await session.respond(to: .get("no-slash"), status: 200, body: "x")
        }
        #expect(failure?.status == 400)
        #expect(failure?.problems.contains { $0.contains("routes[0].path") && $0.contains("must start with /") } == true)
    }
}

/// What the app sent, verified through the client products: bodies in the journal, matchers, near misses.
@Suite(.enabled(if: remote != nil, "set UNDERSTUDY_BASE_URL (and UNDERSTUDY_ADMIN_TOKEN) to a running server: scripts/remote-tests.sh does"))
struct VerifyRemoteTests {
    struct Order: Codable {
        var item: String
        var quantity: Int
    }

    func send(_ session: UnderstudySession, _ method: String, _ path: String, json: String) async throws {
        var request = URLRequest(url: session.url(path))
        request.httpMethod = method
        request.httpBody = Data(json.utf8)
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        _ = try await session.urlSession.data(for: request)
    }

    @Test func theAppPostedThisOrderOnce() async throws {
        let session = try await UnderstudySession.attachFromEnvironment(id: UnderstudySession.newID())
        defer { Task { await session.end() } }
        try await session.respond(to: .post("/myapi/orders"), status: 201, body: #"{"id":7}"#)
        try await send(session, "POST", "/myapi/orders", json: #"{"item":"book","quantity":2,"note":"gift"}"#)
        try await send(session, "PUT", "/myapi/orders/7", json: #"{"item":"pen","quantity":1}"#)

        try await session.verify(.post("/myapi/orders"), body: .json(contains: Order(item: "book", quantity: 2)), count: 1)
        try await session.verify(.post("/myapi/orders"), body: .matches(#""note":"gift""#))
        try await session.verify(.any("/myapi/orders/:id"), body: .equals(#"{"item":"pen","quantity":1}"#))
        try await session.verify(.delete("/myapi/orders/7"), count: 0)
        let journal = try await session.requests()
        #expect(journal.first?.requestBody == #"{"item":"book","quantity":2,"note":"gift"}"#)
    }

    /// "Fails twice, then works": answers in turn, each for its count (once unless said), then the scenario again (the last
    /// answer has a count); and a route that answers only a body holding a fragment, the same pattern then verified.
    @Test func answersInTurnAndByWhatTheAppSent() async throws {
        let session = try await UnderstudySession.attachFromEnvironment(id: UnderstudySession.newID())
        defer { Task { await session.end() } }
        let routes = try await session.respond(
            to: .get("/catfact/fact"),
            inTurn: [.status(503, body: "down", times: 2), .json(CatFact(fact: "Back again.", length: 11)), .fault(.malformedJSON, times: 1)])
        #expect(routes.routes.map { $0.remaining } == [2, 1, 1])
        let client = CatFactClient.live(baseURL: session.url(for: .catfact), session: session.urlSession)
        for _ in 0..<2 {
            do {
                _ = try await client.fetchFact(nil)
                Issue.record("a 503 decoded")
            } catch let error as APIError {
                #expect(error == .requestFailed(status: 503, body: "down"), "\(error)")
            }
        }
        #expect(try await client.fetchFact(nil) == CatFact(fact: "Back again.", length: 11))
        do {
            _ = try await client.fetchFact(nil)
            Issue.record("a malformed body decoded")
        } catch let error as APIError {
            guard case .decodingFailed = error else {
                Issue.record("\(error)")
                return
            }
        }
        // Every answer spent: the scenario's own fact.
        #expect(try await client.fetchFact(nil).fact != "Back again.")

        let books = UnderstudySession.RequestPattern.post("/myapi/orders").withBody(.json(contains: Order(item: "book", quantity: 2)))
        try await session.respond(to: books, status: 201, body: #"{"id":1}"#)
        try await send(session, "POST", "/myapi/orders", json: #"{"item":"book","quantity":2}"#)
        try await send(session, "POST", "/myapi/orders", json: #"{"item":"pen","quantity":2}"#)
        let answered = try await session.requests().filter { $0.path == "/myapi/orders" }.map(\.status)
        #expect(answered == [201, 404])
        try await session.verify(books, count: 1)
        try await session.verify(.post("/myapi/orders").withBody(.matches(#""item":\s*"pen""#)), count: 1)
    }

    /// A failed verification names the nearest request and what differs, as WireMock's near misses do.
    @Test func aMissNamesTheNearestRequestAndTheDifference() async throws {
        let session = try await UnderstudySession.attachFromEnvironment(id: UnderstudySession.newID())
        defer { Task { await session.end() } }
        try await session.respond(to: .post("/myapi/orders"), status: 201, body: "{}")
        try await send(session, "POST", "/myapi/orders", json: #"{"item":"book","quantity":3}"#)
        do {
            try await session.verify(.post("/myapi/orders"), body: .json(contains: Order(item: "book", quantity: 2)))
            Issue.record("verified a request the app did not send")
        } catch let failure as UnderstudySession.VerificationFailure {
            #expect(failure.description.contains("found 0 among the 1 request"), "\(failure)")
            #expect(failure.description.contains("Nearest: POST /myapi/orders ($.quantity: expected 2, got 3)"), "\(failure)")
        }
        do {
            try await session.verify(.put("/myapi/orders"))
            Issue.record("verified a PUT that was a POST")
        } catch let failure as UnderstudySession.VerificationFailure {
            #expect(failure.description.contains("the method is POST"), "\(failure)")
        }
    }
}
