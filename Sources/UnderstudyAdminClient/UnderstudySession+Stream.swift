public import Foundation

/// Server-sent events a test stages for its session: a chat answer that stops after three tokens is one call.
///
/// ```swift
/// try await session.respond(
///     to: .post("/myapi/chat"),
///     stream: .init([.json(["token": "Hel"]), .json(["token": "lo"]), .json(["token": "!"]), .text("[DONE]")], every: .milliseconds(50)),
///     fault: .connectionReset, faultAfter: 2)
/// ```
extension UnderstudySession {
    /// A `text/event-stream` answer: its events, the pause between them, and what follows the last.
    public struct EventStream: Sendable, Equatable {
        public var events: [Event]
        /// The pause between two events (an event's own `delay` wins); none when nil.
        public var every: Duration?
        /// A `retry:` line first: how long the client waits before it reconnects.
        public var retry: Duration?
        /// A `: heartbeat` comment this often while the stream holds.
        public var heartbeat: Duration?
        public var then: Then

        /// After the last event.
        public enum Then: String, Sendable {
            /// The stream ends.
            case close
            /// The stream stays open (silent, or heartbeats) until the server's maximum delay.
            case hold
            /// The events again, from the first.
            case `repeat`
        }

        public init(_ events: [Event], every: Duration? = nil, retry: Duration? = nil, heartbeat: Duration? = nil, then: Then = .close) {
            self.events = events
            self.every = every
            self.retry = retry
            self.heartbeat = heartbeat
            self.then = then
        }

        /// One event: `data` (JSON or text), with an optional `event` name, `id` (what `Last-Event-ID` resumes
        /// after) and `delay` before it.
        public struct Event: Sendable, Equatable {
            var wire: UnderstudyWire.StreamDefinition.Event
            var problem: String?

            /// An event whose data is `value` encoded by `encoder`, written compactly on one `data:` line.
            public static func json(
                _ value: some Encodable, event: String? = nil, id: String? = nil, delay: Duration? = nil, encoder: JSONEncoder = JSONEncoder()
            ) -> Event {
                var made = Event(wire: .init(event: event, id: id, delay: delay.map { Int($0.wholeMilliseconds) }))
                do {
                    made.wire.data = try JSONDecoder().decode(UnderstudyWire.JSONFragment.self, from: encoder.encode(value))
                } catch {
                    made.problem = "the event's data did not encode: \(error)"
                }
                return made
            }

            /// An event whose data is `text` (one `data:` line per line).
            public static func text(_ text: String, event: String? = nil, id: String? = nil, delay: Duration? = nil) -> Event {
                Event(wire: .init(event: event, id: id, data: .string(text), delay: delay.map { Int($0.wholeMilliseconds) }))
            }

            /// A comment line alone (`: text`), which clients ignore: a heartbeat.
            public static func comment(_ text: String, delay: Duration? = nil) -> Event {
                Event(wire: .init(delay: delay.map { Int($0.wholeMilliseconds) }, comment: text))
            }
        }

        var wire: UnderstudyWire.StreamDefinition {
            UnderstudyWire.StreamDefinition(
                events: events.map(\.wire), every: every.map { Int($0.wholeMilliseconds) }, retry: retry.map { Int($0.wholeMilliseconds) },
                heartbeat: heartbeat.map { Int($0.wholeMilliseconds) }, then: then.rawValue)
        }
    }
}

extension UnderstudySessionSurface {
    public typealias EventStream = UnderstudySession.EventStream

    /// Answers every request `request` matches with `stream`'s events (`text/event-stream`), after `delay`;
    /// with `fault`, the fault comes after `faultAfter` events (`timeout`: silence, `connectionReset`: a reset,
    /// `truncatedBody`: half an event, `malformedJSON`: each later event's JSON cut, `slowBody`: each event in
    /// pieces over `delay`).
    @discardableResult
    public func respond(
        to request: RequestPattern, stream: EventStream, status: Int = 200, headers: [String: String] = [:], delay: Duration? = nil,
        fault: Fault? = nil, faultAfter: Int? = nil
    ) async throws -> UnderstudyWire.SessionRoutes {
        if let problem = stream.events.lazy.compactMap(\.problem).first { throw UnderstudyAdmin.Failure.invalidRoute("stream: \(problem)") }
        var route = try definition(request, index: 0)
        route.status = status
        route.headers = headers.isEmpty ? nil : headers
        route.delay = delay.map { Int($0.wholeMilliseconds) }
        route.fault = fault?.rawValue
        route.stream = stream.wire
        route.faultAfter = faultAfter
        return try await admin.addRoutes([route], session: id)
    }
}
