/// A body sent in pieces at set times, its length unknown (chunked on HTTP/1.1), then an ending:
/// server-sent events, and the faults in the middle of a stream. The pieces are made before the reply
/// (the staging layer renders the events and applies a fault), so sending them is copying bytes, and
/// between two pieces the connection is parked like a delay: no thread waits for the next one.
public struct StreamedBody: Sendable {
    public struct Piece: Sendable, Equatable {
        /// Milliseconds after the previous piece went out (after the headers, for the first).
        public var after: Int
        /// A slice, so that the pieces of a dribbled event, or a cut one, share the bytes rendered at load
        /// instead of copying a stream for every request.
        public var bytes: ArraySlice<UInt8>

        public init(after: Int, bytes: ArraySlice<UInt8>) {
            self.after = after
            self.bytes = bytes
        }

        public init(after: Int, bytes: [UInt8]) {
            self.init(after: after, bytes: bytes[...])
        }
    }

    public enum Ending: Sendable, Equatable {
        /// The stream ends cleanly (the chunked body's last chunk).
        case close
        /// The connection closes without the last chunk: the client reads a body cut short.
        case cut
        /// The connection is reset (TCP RST).
        case reset
        /// Open and silent (but for `heartbeat`, sent every `heartbeat.after` ms) until the server's
        /// maximum delay runs out, then closed cleanly.
        case hold(heartbeat: Piece?)
        /// The pieces from this index on, again and again, until the client leaves or the server stops.
        case repeatFrom(Int)
    }

    public var pieces: [Piece]
    public var ending: Ending
    /// Sent in a pause between two pieces whenever `heartbeat.after` ms pass without a byte, at a line end
    /// only (never in the middle of a line a dribbled piece left open): a stream's keep-alive, so that an idle
    /// timeout on the way (a proxy, the client's) sees bytes.
    public var heartbeat: Piece?

    public init(pieces: [Piece], ending: Ending, heartbeat: Piece? = nil) {
        self.pieces = pieces
        self.ending = ending
        self.heartbeat = heartbeat
    }

    /// The bytes a client reads when it reads to the end, a repetition once and a hold left out: what
    /// the socket-free router hands a test.
    public var bytesOnce: [UInt8] { pieces.flatMap(\.bytes) }
}
