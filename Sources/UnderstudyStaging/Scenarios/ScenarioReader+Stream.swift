import HTTPTypes
import UnderstudyDocuments
import UnderstudyOpenAPI

/// A route's `stream:` (server-sent events), read with every problem located.
extension ScenarioReader {
    static let streamKeys = ["retry", "every", "heartbeat", "events", "then"]
    static let eventKeys = ["event", "id", "data", "retry", "delay", "comment"]

    mutating func eventStream(_ node: YAMLNode, at keyPath: String, parameters: Set<String> = []) -> EventStream? {
        guard let block = mapping(node, keyPath) else { return nil }
        checkKeys(block, allowed: Self.streamKeys, at: keyPath)
        var stream = EventStream(retry: nil, every: 0, heartbeat: nil, events: [], then: .close)
        if let node = block["retry"] { stream.retry = milliseconds(node, keyPath + ".retry") }
        if let node = block["every"] { stream.every = milliseconds(node, keyPath + ".every") ?? 0 }
        if let node = block["heartbeat"], let value = milliseconds(node, keyPath + ".heartbeat") {
            if value > 0 { stream.heartbeat = value } else { problem(node, keyPath + ".heartbeat", "expected at least 1 millisecond") }
        }
        if let node = block["then"], let text = string(node, keyPath + ".then") {
            if let then = EventStream.Then(rawValue: text) {
                stream.then = then
            } else {
                problem(node, keyPath + ".then", "expected one of \(EventStream.Then.allCases.map(\.rawValue).joined(separator: ", "))")
            }
        }
        guard let eventsNode = block["events"] else {
            problem(node, keyPath + ".events", "missing: a stream needs its events, a list such as [{data: {text: hi}}]")
            return nil
        }
        guard case .sequence(let items) = eventsNode else {
            problem(eventsNode, keyPath + ".events", "expected a list of events")
            return nil
        }
        if items.count > EventStream.maxEvents {
            problem(eventsNode, keyPath + ".events", "more than \(EventStream.maxEvents) events (the bound on one stream)")
            return nil
        }
        var bytes = 0
        for (index, item) in items.enumerated() {
            guard let event = self.event(item, at: "\(keyPath).events[\(index)]", parameters: parameters) else { continue }
            bytes += event.bytes.count
            guard bytes <= EventStream.maxBytes else {
                problem(
                    item, "\(keyPath).events[\(index)]", "the events add up to more than \(EventStream.maxBytes >> 20) MiB (the bound on one stream)")
                return nil
            }
            stream.events.append(event)
        }
        if stream.then == .repeat, stream.every == 0, stream.events.allSatisfy({ ($0.delay ?? 0) == 0 }) {
            problem(
                block["then"] ?? node, keyPath + ".then",
                "a repeating stream needs a pause (every, or an event's delay): without one it would send as fast as the network takes it")
        }
        return stream
    }

    private mutating func event(_ node: YAMLNode, at keyPath: String, parameters: Set<String>) -> EventStream.Event? {
        guard let block = mapping(node, keyPath) else { return nil }
        checkKeys(block, allowed: Self.eventKeys, at: keyPath)
        // A name or id is one line of the stream: a line break in it would start another field.
        func field(_ key: String) -> String? {
            guard let node = block[key], let text = string(node, "\(keyPath).\(key)") else { return nil }
            guard !text.utf8.contains(where: { $0 == 0x0A || $0 == 0x0D || $0 == 0 }) else {
                problem(node, "\(keyPath).\(key)", "cannot hold a line break or NUL (it is one line of the stream)")
                return nil
            }
            return text
        }
        let name = field("event")
        let id = field("id")
        let retry = block["retry"].flatMap { milliseconds($0, keyPath + ".retry") }
        let delay = block["delay"].flatMap { milliseconds($0, keyPath + ".delay") }
        let comment = block["comment"].flatMap { string($0, keyPath + ".comment") }
        var data: String?
        var malformed: String?
        var isJSON = false
        switch block["data"] {
        case .scalar(let scalar)?:
            data = scalar.string
        case let node?:
            // JSON, written compactly (one data: line); `malformed-json` cuts it in half.
            let text = JSONValue(node: node).jsonText
            data = text
            isJSON = true
            malformed = EventStream.cut(text)
        case nil:
            guard comment != nil else {
                problem(node, keyPath + ".data", "missing: an event needs data (or, for a comment alone, comment)")
                return nil
            }
        }
        let bytes = EventStream.render(event: name, id: id, retry: retry, comment: comment, data: data)
        let cut = malformed.map { EventStream.render(event: name, id: id, retry: retry, comment: comment, data: $0) } ?? bytes
        var made = EventStream.Event(id: id, delay: delay, bytes: bytes, malformed: cut)
        // Request values in the data, filled for each request as a body's are; any other placeholder is a problem.
        if let data, data.contains("{{") {
            let template = CannedResponse(status: 200, fields: [.contentType: isJSON ? "application/json" : "text/plain"], body: data)
            let unknown = template.placeholders.subtracting(parameters)
            if !unknown.isEmpty {
                problem(
                    block["data"] ?? node, keyPath + ".data",
                    "unknown placeholder \(unknown.sorted().map { "{{\($0)}}" }.joined(separator: ", ")) (an event's data takes request values: {{request.query.NAME}}, {{uuid}}, {{now}}…)"
                )
            } else if template.usesRequest {
                made.template = EventStream.Template(event: name, id: id, retry: retry, comment: comment, data: template, isJSON: isJSON)
            }
        }
        return made
    }
}
