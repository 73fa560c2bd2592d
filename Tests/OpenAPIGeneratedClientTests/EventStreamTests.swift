import Foundation
import HTTPTypes
import OpenAPIRuntime
import OpenAPIURLSession
import Testing
import Understudy
import UnderstudyTesting

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A `text/event-stream` operation read as swift-openapi-generator's code reads one: the transport's `HTTPBody`,
/// decoded by OpenAPIRuntime's `asDecodedServerSentEventsWithJSONData(of:)` into an `AsyncSequence` of the
/// document's schema (the generated `case textEventStream(HTTPBody)` hands the app exactly this body).
@Suite struct EventStreamTests {
    static let document = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Document/chat-stream.yaml")

    struct Chunk: Decodable, Sendable, Hashable {
        struct Delta: Decodable, Sendable, Hashable { var content: String? }
        var object: String
        var delta: Delta
    }

    func chunks(under scenario: String, server: UnderstudyTestServer) async throws -> [Chunk] {
        let transport = URLSessionTransport()
        var request = HTTPRequest(method: .post, scheme: nil, authority: nil, path: "/chat")
        request.headerFields[HTTPField.Name("X-Understudy-Scenario")!] = scenario
        request.headerFields[.accept] = "text/event-stream"
        let (response, body) = try await transport.send(
            request, body: nil, baseURL: server.baseURL.appendingPathComponent("chat-stream"), operationID: "streamChat")
        #expect(response.status == .ok && response.headerFields[.contentType] == "text/event-stream")
        let events = try #require(body).asDecodedServerSentEventsWithJSONData(of: Chunk.self)
        var read: [Chunk] = []
        for try await event in events { if let data = event.data { read.append(data) } }
        return read
    }

    @Test func theGeneratedClientsSequenceReadsTheEvents() async throws {
        let server = try UnderstudyTestServer(openAPI: [OpenAPIMount(name: "chat-stream", file: Self.document)])
        let read = try await chunks(under: "happy", server: server)
        #expect(read == Array(repeating: Chunk(object: "chat.completion.chunk", delta: .init(content: "string")), count: 3))
        // Each event's JSON cut: the sequence throws a decoding error, as the app's `for try await` sees it.
        await #expect(throws: DecodingError.self) { _ = try await chunks(under: "malformed-json", server: server) }
    }
}
