import Foundation
import Testing
import UnderstudyTestSupport
import UnderstudyTesting

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A test stages a stream for its own session in one call: a chat answer that stops after three tokens.
@Suite(.understudySession)
struct SessionStreamTests {
    func read(_ session: UnderstudyTestSession, _ path: String, timeout: TimeInterval = 5) async -> ServerSentEvents.Outcome {
        var request = URLRequest(url: session.url(path))
        request.httpMethod = "POST"
        request.setValue(session.id, forHTTPHeaderField: "X-Understudy-Session")
        return await ServerSentEvents.read(request, timeout: timeout)
    }

    @Test func aChatStreamThatStopsAfterThreeTokens() async throws {
        let session = try #require(UnderstudyTestSession.current)
        let tokens = ["Hel", "lo", ",", " world"].map { UnderstudyTestSession.EventStream.Event.json(["token": $0]) }
        try await session.respond(
            to: .post("/myapi/chat"), stream: .init(tokens + [.text("[DONE]")], every: .milliseconds(10)), fault: .connectionReset, faultAfter: 3)
        let outcome = await read(session, "/myapi/chat")
        #expect(outcome.events.map(\.data) == [#"{"token":"Hel"}"#, #"{"token":"lo"}"#, #"{"token":","}"#])
        #expect(outcome.error != nil, "the app's error handling sees the reset")
        // The request is in the session's journal, as any other.
        try await session.verify(.post("/myapi/chat"), count: 1)
    }

    @Test func eventNamesIdsAndAHold() async throws {
        let session = try #require(UnderstudyTestSession.current)
        try await session.respond(
            to: .post("/myapi/feed"),
            stream: .init([.text("one\ntwo", event: "note", id: "a"), .comment("keep-alive"), .json([1, 2], id: "b")], then: .hold))
        // The client gives up only after 4 s: the events must come before its timeout, and on a loaded two-core CI
        // machine running the parallel suites a 1 s timeout passed before the first byte came (CI saw no events).
        let outcome = await read(session, "/myapi/feed", timeout: 4)
        #expect(outcome.events == [.init(event: "note", id: "a", data: "one\ntwo"), .init(event: "message", id: "b", data: "[1,2]")])
        #expect(outcome.error?.code == .timedOut, "held open after the last event")
    }

    @Test func aBadStreamIsRefusedWithItsPlace() async throws {
        let session = try #require(UnderstudyTestSession.current)
        await #expect(throws: (any Error).self) {
            try await session.respond(to: .get("/myapi/bad"), stream: .init([.text("x", event: "two\nlines")]))
        }
    }
}
