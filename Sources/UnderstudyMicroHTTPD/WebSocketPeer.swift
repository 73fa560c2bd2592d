import Dispatch
import UnderstudyHTTP

/// One upgraded socket as ``WebSocketHub``'s thread sees it: the frames read so far, the bytes waiting to be
/// written, the script's messages due later, and where the closing handshake stands. Touched by the hub's thread
/// only, so nothing here locks.
final class WebSocketPeer {
    enum State {
        case open
        /// A close frame was queued (sent once the output drains); the socket ends when the client's close
        /// comes back, or at `deadline`.
        case closing(deadline: UInt64)
        /// Finished: the socket goes back to libmicrohttpd once the output has drained (or at once).
        case finished
    }

    var id: Int
    let socket: Int32
    let handle: OpaquePointer
    let script: WebSocketScript
    var reader: WebSocketFrameReader
    var state = State.open {
        didSet {
            // A finished peer waits for its last bytes to be written only so long: a client that does not read
            // does not keep it.
            if case .finished = state, finishBy == nil {
                finishBy = DispatchTime.now().uptimeNanoseconds + WebSocketPeer.closeWaitNanoseconds
            }
        }
    }
    /// When a finished peer is given back even with bytes unwritten.
    private(set) var finishBy: UInt64?
    /// Bytes queued for the socket, from `written` on.
    private(set) var output: [UInt8] = []
    private var written = 0
    /// The script's messages not yet due, in the order they fall due.
    private(set) var due: [(at: UInt64, order: Int, message: WebSocketMessage)] = []
    private var order = 0
    /// Messages the server has sent (for `endAfterMessages`).
    var messagesSent = 0
    /// When the script's timed ending falls due, if it has one.
    var endsAt: UInt64?
    /// Whether the socket ends with a reset once the output is written.
    var resets = false
    /// A write to the socket failed or the client is gone: nothing more is read or written.
    var broken = false
    /// The deadline this peer has in the hub's timer heap, if any (an earlier one is pushed, a later one waits).
    var timerDeadline: UInt64?

    init(id: Int, socket: Int32, handle: OpaquePointer, script: WebSocketScript, now: UInt64) {
        self.id = id
        self.socket = socket
        self.handle = handle
        self.script = script
        reader = WebSocketFrameReader(maxMessageBytes: script.maxMessageBytes)
        if let end = script.endAfterMilliseconds { endsAt = now + Self.nanoseconds(end.milliseconds) }
    }

    var pendingOutput: Int { output.count - written }

    /// The earliest time this peer needs the loop to wake for, if any.
    var nextDeadline: UInt64? {
        var next = due.first?.at
        if let endsAt, case .open = state { next = min(next ?? endsAt, endsAt) }
        if case .closing(let deadline) = state { next = min(next ?? deadline, deadline) }
        if let finishBy, pendingOutput > 0 { next = min(next ?? finishBy, finishBy) }
        return next
    }

    func schedule(_ sends: [WebSocketScript.Send], after now: UInt64) {
        guard case .open = state else { return }
        for send in sends {
            order += 1
            let entry = (at: now + Self.nanoseconds(send.delayMilliseconds), order: order, message: send.message)
            // Usually at the end: delays are short and alike.
            let index = due.lastIndex { ($0.at, $0.order) <= (entry.at, entry.order) }.map { $0 + 1 } ?? 0
            due.insert(entry, at: index)
        }
    }

    /// The messages due by `now`, in order, taken off the schedule.
    func takeDue(now: UInt64) -> [WebSocketMessage] {
        let count = due.prefix { $0.at <= now }.count
        guard count > 0 else { return [] }
        defer { due.removeFirst(count) }
        return due.prefix(count).map(\.message)
    }

    func clearSchedule() { due = [] }

    func queue(frame: [UInt8]) { output += frame }

    /// Writes what the socket takes now; false when the socket is broken. (The server ignores SIGPIPE for the
    /// whole process, `installProcessHooks`, so a write to a closed socket is an error, not a signal.)
    func flush() -> Bool {
        while written < output.count {
            let count = output.withUnsafeBytes { send(socket, $0.baseAddress! + written, output.count - written, 0) }
            if count > 0 {
                written += count
                continue
            }
            if count < 0, errno == EINTR { continue }
            if count < 0, errno == EAGAIN || errno == EWOULDBLOCK { break }
            broken = true
            return false
        }
        if written == output.count {
            output.removeAll(keepingCapacity: output.count <= 4096)
            written = 0
        } else if written > 64 << 10 {
            output.removeFirst(written)
            written = 0
        }
        return true
    }

    static func nanoseconds(_ milliseconds: Int) -> UInt64 { UInt64(max(0, milliseconds)) * 1_000_000 }
}
