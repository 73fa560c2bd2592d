import Dispatch
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Logging
import UnderstudyHTTP

/// A swift-log handler for stderr that batches lines and writes them every
/// 50 ms from a background queue, so the access log costs a worker thread an
/// append instead of a locked `write(2)` per request. Warnings and errors are
/// written at once. The buffer is bounded; lines past it are counted and
/// reported, never allowed to grow memory.
public struct BufferedLogHandler: LogHandler {
    public var logLevel: Logger.Level = .info
    public var metadata: Logger.Metadata = [:]
    private let label: String

    public init(label: String) {
        self.label = label
    }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    public func log(event: LogEvent) {
        let merged = event.metadata.map { metadata.merging($0) { $1 } } ?? metadata
        let renderedMetadata = merged.isEmpty ? "" : merged.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ") + " "
        LogBuffer.shared.append(
            level: event.level.rawValue, label: label, metadata: renderedMetadata, message: event.message.description,
            urgent: event.level >= .warning
        )
    }

    /// Writes everything buffered so far; call before the process exits.
    public static func flush() {
        LogBuffer.shared.flush()
    }
}

final class LogBuffer: Sendable {
    static let shared = LogBuffer()
    static let limit = 4 << 20

    private struct State {
        var pending: [UInt8] = []
        var dropped = 0
        var scheduled = false
        var second = 0
        var stamp = ""
    }

    private let state = Locked(State())
    /// Serial: every write to stderr happens here, in order.
    private let queue = DispatchQueue(label: "understudy.log")

    /// Appends `<time> <level> <label>: <metadata><message>` with an ISO 8601 timestamp to the
    /// second (formatted once per second), straight into the buffer.
    func append(level: String, label: String, metadata: String, message: String, urgent: Bool) {
        let now = Int(Date().timeIntervalSince1970)
        let length = 24 + level.utf8.count + label.utf8.count + metadata.utf8.count + message.utf8.count
        let schedule = state.withLock { state -> Bool in
            if state.second != now {
                state.second = now
                state.stamp = UTCTimestamp.seconds(Int64(now))
            }
            if state.pending.count + length > Self.limit {
                state.dropped += 1
                return false
            }
            state.pending.append(contentsOf: state.stamp.utf8)
            state.pending.append(UInt8(ascii: " "))
            state.pending.append(contentsOf: level.utf8)
            state.pending.append(UInt8(ascii: " "))
            state.pending.append(contentsOf: label.utf8)
            state.pending.append(contentsOf: ": ".utf8)
            state.pending.append(contentsOf: metadata.utf8)
            state.pending.append(contentsOf: message.utf8)
            state.pending.append(UInt8(ascii: "\n"))
            if state.scheduled || urgent { return false }
            state.scheduled = true
            return true
        }
        if urgent {
            flush()
        } else if schedule {
            queue.asyncAfter(deadline: .now() + .milliseconds(50)) { self.write() }
        }
    }

    /// Writes everything buffered, and returns once it is written.
    func flush() {
        queue.sync { write() }
    }

    private func write() {
        var (bytes, dropped) = state.withLock { state -> ([UInt8], Int) in
            defer { state.pending = []; state.dropped = 0; state.scheduled = false }
            return (state.pending, state.dropped)
        }
        if dropped > 0 { bytes += Array("(log: \(dropped) lines dropped, stderr too slow)\n".utf8) }
        if !bytes.isEmpty { StandardStream.error.write(bytes) }
    }
}
