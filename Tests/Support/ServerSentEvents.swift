public import Foundation

#if canImport(FoundationNetworking)
public import FoundationNetworking
#endif

/// A server-sent events client over URLSession, as an app on Linux writes one (FoundationNetworking has no
/// `bytes(for:)`): the bytes as they arrive, through a data delegate, parsed as the WHATWG standard reads a
/// `text/event-stream` (fields per line, CR LF / CR / LF line ends, data lines joined by LF, an event
/// dispatched by a blank line, comments ignored).
public enum ServerSentEvents {
    public struct Event: Sendable, Equatable {
        public var event: String
        public var id: String?
        public var data: String

        public init(event: String, id: String?, data: String) {
            self.event = event
            self.id = id
            self.data = data
        }
    }

    /// What a client read: the response, the events dispatched in order, the `retry` it was told, and
    /// how the stream ended (nil: cleanly; else the error URLSession gave).
    public struct Outcome: Sendable {
        public var response: HTTPURLResponse?
        public var events: [Event]
        public var retry: Int?
        public var error: URLError?
        /// Bytes after the last dispatched event (half an event, when a stream was cut).
        public var pending: String
    }

    /// Reads `request` until the stream ends, the client's `timeout` (idle) passes, or `limit` events came.
    public static func read(_ request: URLRequest, timeout: TimeInterval = 5, limit: Int = .max) async -> Outcome {
        let delegate = Delegate(limit: limit)
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout
        let session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: nil)
        defer { session.invalidateAndCancel() }
        return await withCheckedContinuation { continuation in
            delegate.finish = { continuation.resume(returning: $0) }
            session.dataTask(with: request).resume()
        }
    }

    final class Delegate: NSObject, URLSessionDataDelegate, @unchecked Sendable {
        private let lock = NSLock()
        private var parser = Parser()
        private var response: HTTPURLResponse?
        private var done = false
        private let limit: Int
        var finish: (@Sendable (Outcome) -> Void)?

        init(limit: Int) { self.limit = limit }

        func urlSession(
            _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
            completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
        ) {
            lock.withLock { self.response = response as? HTTPURLResponse }
            completionHandler(.allow)
        }

        func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
            let enough = lock.withLock {
                parser.feed(Array(data))
                return parser.events.count >= limit
            }
            if enough { complete(with: nil, cancel: dataTask) }
        }

        func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
            complete(with: error.map { ($0 as? URLError) ?? URLError(.unknown) }, cancel: nil)
        }

        private func complete(with error: URLError?, cancel task: URLSessionDataTask?) {
            let outcome = lock.withLock { () -> Outcome? in
                guard !done else { return nil }
                done = true
                return Outcome(
                    response: response, events: parser.events, retry: parser.retry, error: error,
                    pending: String(decoding: parser.pending, as: UTF8.self))
            }
            guard let outcome else { return }
            task?.cancel()
            finish?(outcome)
        }
    }

    /// The standard's parsing, fed bytes as they come.
    public struct Parser {
        public private(set) var events: [Event] = []
        public private(set) var retry: Int?
        /// Bytes of the line being read, and the lines since the last dispatch.
        public private(set) var pending: [UInt8] = []
        private var line: [UInt8] = []
        private var afterCR = false
        private var data: [String] = []
        private var eventName = ""
        private var lastID: String?

        public init() {}

        public mutating func feed(_ bytes: [UInt8]) {
            for byte in bytes {
                pending.append(byte)
                if byte == 0x0A, afterCR {
                    afterCR = false
                    continue
                }
                afterCR = byte == 0x0D
                if byte == 0x0A || byte == 0x0D {
                    process(String(decoding: line, as: UTF8.self))
                    line.removeAll()
                } else {
                    line.append(byte)
                }
            }
        }

        private mutating func process(_ line: String) {
            if line.isEmpty {
                if !data.isEmpty {
                    events.append(Event(event: eventName.isEmpty ? "message" : eventName, id: lastID, data: data.joined(separator: "\n")))
                }
                data = []
                eventName = ""
                pending = []
                return
            }
            if line.hasPrefix(":") { return }
            let field: Substring
            var value: Substring = ""
            if let colon = line.firstIndex(of: ":") {
                field = line[..<colon]
                value = line[line.index(after: colon)...]
                if value.hasPrefix(" ") { value = value.dropFirst() }
            } else {
                field = Substring(line)
            }
            switch field {
            case "event": eventName = String(value)
            case "data": data.append(String(value))
            case "id": if !value.contains("\0") { lastID = String(value) }
            case "retry": if let number = Int(value) { retry = number }
            default: break
            }
        }
    }
}
