import UnderstudyAPIService
import UnderstudyDocuments
import UnderstudyHTTP
import UnderstudyOpenAPI

/// A route's `stream:`: server-sent events (`text/event-stream`), rendered once at load, and what
/// each request gets of them: where a `Last-Event-ID` resumes, and a scenario's fault applied after
/// `fault_after` events (see ``pieces(resumingAfter:fault:faultAfter:slowOver:)``).
package struct EventStream: Sendable {
    package struct Event: Sendable {
        /// The `id:` field, which a reconnecting client sends back as `Last-Event-ID`.
        var id: String?
        /// Milliseconds before this event; nil: the stream's `every` (the first event: at once).
        var delay: Int?
        /// The event as it goes on the wire, blank line included.
        var bytes: [UInt8]
        /// The same with its JSON data cut in half (`malformed-json`); the same bytes when its data is text.
        var malformed: [UInt8]
        /// For data with request values (`{{request.body.model}}`, `{{uuid}}`…): the fields and the data as a
        /// template, rendered for each request (see ``filled(request:parameters:counter:)``); nil for the others.
        var template: Template?
    }

    struct Template: Sendable {
        var event: String?
        var id: String?
        var retry: Int?
        var comment: String?
        var data: CannedResponse
        var isJSON: Bool
    }

    package enum Then: String, Sendable, CaseIterable {
        /// After the last event the stream ends cleanly.
        case close
        /// After the last event the stream stays open, silent but for `heartbeat` comments, until the
        /// server's maximum delay closes it.
        case hold
        /// The events again, from the first, until the client leaves.
        case `repeat`
    }

    /// A `retry:` line before the first event (the client's reconnection delay, in milliseconds).
    var retry: Int?
    var every: Int
    /// Milliseconds without a byte after which a `: heartbeat` comment goes (in a pause, or while the stream
    /// holds); nil: none.
    var heartbeat: Int?
    var events: [Event]
    var then: Then

    /// Events a stream may hold, and bytes its events may render to: a scenario file is hostile.
    static let maxEvents = 10_000
    static let maxBytes = 4 << 20

    static let contentType = "text/event-stream"
    /// A comment line alone, with no blank line after it: a blank line after events with ids makes some clients
    /// (httpx-sse) hand the app an empty event, where the standard dispatches none.
    static let heartbeatComment = Array(": heartbeat\n".utf8)

    /// Whether an event's data holds request values: the stream is then filled for each request.
    var usesRequest: Bool { events.contains { $0.template != nil } }
    var usesCounter: Bool { events.contains { $0.template?.data.usesCounter == true } }

    /// JSON data as `malformed-json` sends it: its first half.
    static func cut(_ data: String) -> String { String(decoding: Array(data.utf8).prefix(data.utf8.count / 2), as: UTF8.self) }

    /// The stream with each event's request values filled from `request`, as a route's body is.
    func filled(request: ServerRequest, parameters: [String: String], counter: Int) -> EventStream {
        var filled = self
        for index in filled.events.indices {
            guard let template = filled.events[index].template else { continue }
            let data = String(
                decoding: template.data.render(parameters: parameters, request: request, counter: counter).body.render(origin: Origin("")),
                as: UTF8.self)
            filled.events[index].bytes = Self.render(
                event: template.event, id: template.id, retry: template.retry, comment: template.comment, data: data)
            filled.events[index].malformed =
                template.isJSON
                ? Self.render(
                    event: template.event, id: template.id, retry: template.retry, comment: template.comment,
                    data: Self.cut(data))
                : filled.events[index].bytes
        }
        return filled
    }

    /// The pieces a request gets: the events after the one `lastEventID` names (all of them when it names
    /// none), with `fault` after `faultAfter` of them; `slowOver` is the time each event is spread over
    /// for `slow-body`.
    func body(resumingAfter lastEventID: String?, fault: Fault, faultAfter: Int, slowOver: Int) -> StreamedBody {
        var body = layout(resumingAfter: lastEventID, fault: fault, faultAfter: faultAfter, slowOver: slowOver)
        // In the pauses between events too; a `timeout` fault's silence has none (its hold has no heartbeat).
        body.heartbeat = heartbeat.map { StreamedBody.Piece(after: $0, bytes: Self.heartbeatComment) }
        return body
    }

    private func layout(resumingAfter lastEventID: String?, fault: Fault, faultAfter: Int, slowOver: Int) -> StreamedBody {
        let start = lastEventID.flatMap { id in events.lastIndex { $0.id == id }.map { $0 + 1 } } ?? 0
        // A repeating stream resumed in the middle goes on round the loop from there.
        let order = then == .repeat ? Array(events[start...] + events[..<start]) : Array(events[start...])
        // The `retry:` line opens the first event's block rather than a block of its own: the standard ignores
        // a block without data, but some clients (httpx-sse) hand it to the app as an empty event.
        var pieces: [StreamedBody.Piece] = retry.map { [.init(after: 0, bytes: Array("retry: \($0)\n".utf8))] } ?? []
        let first = pieces.count
        for (index, event) in order.enumerated() {
            let after = event.delay ?? (index == 0 ? 0 : every)
            let faulty = index >= faultAfter
            switch fault {
            case .timeout where faulty:
                return StreamedBody(pieces: pieces, ending: .hold(heartbeat: nil))
            case .connectionReset where faulty:
                return StreamedBody(pieces: pieces, ending: .reset)
            case .truncatedBody where faulty:
                pieces.append(.init(after: after, bytes: event.bytes.prefix(max(1, event.bytes.count / 2))))
                return StreamedBody(pieces: pieces, ending: .cut)
            case .malformedJSON where faulty:
                pieces.append(.init(after: after, bytes: event.malformed))
            case .slowBody:
                pieces += Self.dribbled(event.bytes, after: after, over: slowOver)
            default:
                pieces.append(.init(after: after, bytes: event.bytes))
            }
        }
        // Fewer events than `fault_after`: the fault comes at the end instead.
        switch fault {
        case .timeout: return StreamedBody(pieces: pieces, ending: .hold(heartbeat: nil))
        case .connectionReset: return StreamedBody(pieces: pieces, ending: .reset)
        case .truncatedBody: return StreamedBody(pieces: pieces, ending: .cut)
        default: break
        }
        switch then {
        case .close: return StreamedBody(pieces: pieces, ending: .close)
        case .hold:
            let beat = heartbeat.map { StreamedBody.Piece(after: $0, bytes: Self.heartbeatComment) }
            return StreamedBody(pieces: pieces, ending: .hold(heartbeat: beat))
        case .repeat:
            // Round again: the first event of the loop waits `every` after the last, unless it has its own delay.
            if pieces.count > first, order.first?.delay == nil { pieces[first].after = every }
            return StreamedBody(pieces: pieces, ending: .repeatFrom(first))
        }
    }

    /// An event in 10 pieces spread over `milliseconds` (`slow-body`).
    private static func dribbled(_ bytes: [UInt8], after: Int, over milliseconds: Int) -> [StreamedBody.Piece] {
        let size = max(1, (bytes.count + 9) / 10)
        let step = max(0, milliseconds) / 10
        return stride(from: 0, to: bytes.count, by: size).enumerated().map { index, start in
            StreamedBody.Piece(after: index == 0 ? after : step, bytes: bytes[start..<min(start + size, bytes.count)])
        }
    }

    /// An event's wire form: `event:`, `id:`, `retry:` then one `data:` line per line of the data (CR LF and
    /// CR read as line ends, as the standard reads them), and the blank line that dispatches it.
    static func render(event: String?, id: String?, retry: Int?, comment: String?, data: String?) -> [UInt8] {
        var text = ""
        if let comment { for line in lines(comment) { text += ": \(line)\n" } }
        if let event { text += "event: \(event)\n" }
        if let id { text += "id: \(id)\n" }
        if let retry { text += "retry: \(retry)\n" }
        if let data { for line in lines(data) { text += "data: \(line)\n" } }
        // A comment alone is no event: no blank line (see ``heartbeatComment``).
        if data == nil, event == nil, id == nil, retry == nil { return Array(text.utf8) }
        return Array((text + "\n").utf8)
    }

    /// The lines of `text`, split at LF, CR and CR LF only (not at the other Unicode line ends, which the
    /// standard leaves in the data).
    private static func lines(_ text: String) -> [String] {
        var lines: [String] = []
        var line: [UInt8] = []
        var afterCR = false
        for byte in text.utf8 {
            if byte == 0x0A, afterCR {
                afterCR = false
                continue
            }
            afterCR = byte == 0x0D
            if byte == 0x0A || byte == 0x0D {
                lines.append(String(decoding: line, as: UTF8.self))
                line.removeAll(keepingCapacity: true)
            } else {
                line.append(byte)
            }
        }
        lines.append(String(decoding: line, as: UTF8.self))
        return lines
    }
}

extension EventStream {
    /// An OpenAPI operation's `text/event-stream` answer: one event per value (ids 1, 2, …), 100 ms apart,
    /// then the end. Links in the values are left to the document's own rendering: streams carry no origin.
    init(synthesizedFrom values: [JSONValue]) {
        retry = nil
        every = 100
        heartbeat = nil
        then = .close
        events = values.enumerated().map { index, value in
            let text = value.jsonText
            let cut = String(decoding: Array(text.utf8).prefix(text.utf8.count / 2), as: UTF8.self)
            let id = String(index + 1)
            return Event(
                id: id, delay: nil, bytes: Self.render(event: nil, id: id, retry: nil, comment: nil, data: text),
                malformed: Self.render(event: nil, id: id, retry: nil, comment: nil, data: cut))
        }
    }
}
