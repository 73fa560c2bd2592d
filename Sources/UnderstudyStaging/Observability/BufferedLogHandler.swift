import Dispatch
package import Logging
import SystemPackage
import UnderstudyHTTP

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Where the access log's lines go.
package enum AccessLogSink: Sendable {
    /// Through the configuration's logger: one swift-log message per request.
    case logger
    /// Straight into this handler's buffer, without a `String` and a swift-log event per request
    /// (the command line, whose logger writes through the same buffer).
    case buffered(BufferedLogHandler)
}

/// A swift-log handler for stderr that batches lines and writes them every
/// 50 ms from a background queue, so the access log costs a worker thread an
/// append instead of a locked `write(2)` per request. Warnings and errors are
/// written at once. The buffer is bounded; lines past it are counted and
/// reported, never allowed to grow memory.
package struct BufferedLogHandler: LogHandler {
    package var logLevel: Logger.Level = .info
    package var metadata: Logger.Metadata = [:]
    private let label: String

    package init(label: String) {
        self.label = label
    }

    package subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    package func log(event: LogEvent) {
        let message = event.message.description
        LogBuffer.shared.append(
            level: event.level.rawValue, label: label, metadata: renderedMetadata(event.metadata),
            urgent: event.level >= .warning
        ) { $0.appendEscapingControls(message) }
    }

    /// An info line whose message `write` appends straight into the buffer: the access log's
    /// path, with no `String` or swift-log event per request. The caller checks the level.
    package func logInfo(_ write: (inout [UInt8]) -> Void) {
        LogBuffer.shared.append(level: Logger.Level.info.rawValue, label: label, metadata: renderedMetadata(nil), urgent: false, write)
    }

    private func renderedMetadata(_ extra: Logger.Metadata?) -> String {
        // The access log's case: nothing to merge, sort or join.
        if extra == nil, metadata.isEmpty { return "" }
        let merged = extra.map { metadata.merging($0) { $1 } } ?? metadata
        return merged.isEmpty ? "" : merged.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ") + " "
    }

    /// Writes everything buffered so far; call before the process exits.
    package static func flush() {
        LogBuffer.shared.flush()
    }
}

package final class LogBuffer: Sendable {
    static let shared = LogBuffer()
    package static let limit = 4 << 20

    private struct State {
        var pending: [UInt8] = []
        package var dropped = 0
        var scheduled = false
        /// `<time> <level> <label>: ` of the last line, rebuilt when the second, level or label changes:
        /// the access log writes thousands of lines a second that share it.
        package var prefix: [UInt8] = []
        var prefixKey = (second: 0, level: "", label: "")
    }

    private let state = Locked(State())
    /// Serial: every write to stderr happens here, in order.
    private let queue = DispatchQueue(label: "understudy.log")

    /// Appends `<time> <level> <label>: <metadata><message>` with an ISO 8601 timestamp to the
    /// second, the message written by `message` straight into the buffer.
    package func append(level: String, label: String, metadata: String, urgent: Bool, _ message: (inout [UInt8]) -> Void) {
        let now = Int(Date().timeIntervalSince1970)
        let schedule = state.withLock { state -> Bool in
            if state.prefixKey != (now, level, label) {
                state.prefixKey = (now, level, label)
                state.prefix = Array("\(UTCTimestamp.seconds(Int64(now))) \(level) \(label): ".utf8)
            }
            let lineStart = state.pending.count
            state.pending.append(contentsOf: state.prefix)
            if !metadata.isEmpty { state.pending.append(contentsOf: metadata.utf8) }
            message(&state.pending)
            state.pending.append(UInt8(ascii: "\n"))
            if state.pending.count > Self.limit {
                state.pending.removeSubrange(lineStart...)
                state.dropped += 1
                return false
            }
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
            defer {
                state.pending = []
                state.dropped = 0
                state.scheduled = false
            }
            return (state.pending, state.dropped)
        }
        if dropped > 0 { bytes += Array("(log: \(dropped) lines dropped, stderr too slow)\n".utf8) }
        // Unbuffered, every byte (after partial writes and interruptions); a closed stderr loses the lines silently.
        if !bytes.isEmpty { _ = try? FileDescriptor.standardError.writeAll(bytes) }
    }
}

extension [UInt8] {
    /// `text`, with control characters other than line feed and tab written as `\u{1B}`: a
    /// message may quote a scenario file or a request, whose bytes must not drive the terminal.
    mutating func appendEscapingControls(_ text: String) {
        for byte in text.utf8 {
            if (byte < 0x20 && byte != 0x0A && byte != 0x09) || byte == 0x7F {
                let hex: StaticString = "0123456789ABCDEF"
                append(contentsOf: "\\u{".utf8)
                append(hex.utf8Start[Int(byte >> 4)])
                append(hex.utf8Start[Int(byte & 0xF)])
                append(UInt8(ascii: "}"))
            } else {
                append(byte)
            }
        }
    }
}
