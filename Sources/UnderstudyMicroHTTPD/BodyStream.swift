import CMicroHTTPD
import Dispatch
import UnderstudyHTTP

/// Feeds a response body to libmicrohttpd piece by piece, for the replies that
/// need control over the bytes on the wire: a truncated body, a body dribbled
/// over time, or a stream's pieces at their times (suspending the connection
/// between pieces, so no thread waits).
final class BodyStream {
    enum Mode {
        case truncate
        case dribble(intervalNanoseconds: UInt64, chunkSize: Int)
        case paced(StreamedBody)
    }

    let body: [UInt8]
    let mode: Mode
    let connection: UInt
    unowned let server: HTTPServer
    private var nextChunkAt: UInt64
    /// A paced stream's place: the piece being sent and how much of it has gone.
    private var piece = 0
    private var sent = 0
    /// When a held stream closes (the server's maximum delay after the hold began).
    private var holdEndsAt: UInt64?
    /// The server's count of open streams, for a paced stream (kept apart: the release may come late in a stop).
    private var counter: Locked<Int>?
    /// When a paced stream last finished writing something, and whether that ended a line: a heartbeat goes
    /// only there.
    private var lastWriteAt: UInt64 = 0
    private var atLineEnd = true

    init(body: [UInt8], mode: Mode, connection: UInt, server: HTTPServer) {
        self.body = body
        self.mode = mode
        self.connection = connection
        self.server = server
        nextChunkAt = DispatchTime.now().uptimeNanoseconds
        lastWriteAt = nextChunkAt
        if case .paced(let stream) = mode {
            nextChunkAt += Self.nanoseconds(stream.pieces.first?.after ?? 0)
            counter = server.streams
            counter?.withLock { $0 += 1 }
        }
    }

    deinit { counter?.withLock { $0 -= 1 } }

    /// libmicrohttpd's content-reader contract: bytes written, or a negative end marker.
    func read(at position: Int, into buffer: UnsafeMutableRawBufferPointer) -> Int {
        switch mode {
        case .truncate:
            let cut = body.count / 2
            guard position < cut else { return Int(MHD_CONTENT_READER_END_WITH_ERROR) }
            return copy(body[...], from: position, count: min(cut - position, buffer.count), into: buffer)
        case .dribble(let interval, let chunkSize):
            guard position < body.count else { return Int(MHD_CONTENT_READER_END_OF_STREAM) }
            let now = DispatchTime.now().uptimeNanoseconds
            if now < nextChunkAt, server.park(connection: connection, forNanoseconds: nextChunkAt - now) {
                return 0
            }
            if server.isDraining {
                return copy(body[...], from: position, count: min(body.count - position, buffer.count), into: buffer)
            }
            nextChunkAt = now + interval
            return copy(body[...], from: position, count: min(chunkSize, body.count - position, buffer.count), into: buffer)
        case .paced(let stream):
            return readPaced(stream, into: buffer)
        }
    }

    /// The next bytes of a stream, or 0 after parking until they are due. A stopping server ends every
    /// stream cleanly at once (the last chunk), so a client sees the end of a stream, not an error.
    private func readPaced(_ stream: StreamedBody, into buffer: UnsafeMutableRawBufferPointer) -> Int {
        if server.isDraining { return Int(MHD_CONTENT_READER_END_OF_STREAM) }
        let now = DispatchTime.now().uptimeNanoseconds
        if piece >= stream.pieces.count {
            switch stream.ending {
            case .close:
                return Int(MHD_CONTENT_READER_END_OF_STREAM)
            case .cut:
                server.endStreamNow(connection: connection, reset: false)
                return Int(MHD_CONTENT_READER_END_WITH_ERROR)
            case .reset:
                server.endStreamNow(connection: connection, reset: true)
                return Int(MHD_CONTENT_READER_END_WITH_ERROR)
            case .repeatFrom(let start):
                guard stream.pieces.indices.contains(start) else { return Int(MHD_CONTENT_READER_END_OF_STREAM) }
                piece = start
                nextChunkAt = now + Self.nanoseconds(stream.pieces[start].after)
            case .hold(let heartbeat):
                let ends = holdEndsAt ?? now + Self.nanoseconds(server.configuration.maxDelayMilliseconds)
                if holdEndsAt == nil, let heartbeat { nextChunkAt = now + Self.nanoseconds(heartbeat.after) }
                holdEndsAt = ends
                guard now < ends else { return Int(MHD_CONTENT_READER_END_OF_STREAM) }
                guard let heartbeat, heartbeat.after > 0 else { return park(until: ends, now: now) }
                if nextChunkAt > now { return park(until: min(nextChunkAt, ends), now: now) }
                let count = copy(heartbeat.bytes, from: sent, count: min(heartbeat.bytes.count - sent, buffer.count), into: buffer)
                sent += count
                if sent == heartbeat.bytes.count {
                    sent = 0
                    nextChunkAt = now + Self.nanoseconds(heartbeat.after)
                }
                return count
            }
        }
        if sent == 0, nextChunkAt > now {
            guard let beat = stream.heartbeat, beat.after > 0, atLineEnd, !beat.bytes.isEmpty, beat.bytes.count <= buffer.count else {
                return park(until: nextChunkAt, now: now)
            }
            let due = lastWriteAt + Self.nanoseconds(beat.after)
            guard due <= now else { return park(until: min(nextChunkAt, due), now: now) }
            lastWriteAt = now
            return copy(beat.bytes, from: 0, count: beat.bytes.count, into: buffer)
        }
        let bytes = stream.pieces[piece].bytes
        let count = copy(bytes, from: sent, count: min(bytes.count - sent, buffer.count), into: buffer)
        sent += count
        if sent == bytes.count {
            if let last = bytes.last {
                atLineEnd = last == 0x0A
                lastWriteAt = now
            }
            piece += 1
            sent = 0
            nextChunkAt = now + (piece < stream.pieces.count ? Self.nanoseconds(stream.pieces[piece].after) : 0)
        }
        // A piece with no bytes (a pause alone) writes nothing; 0 unparked would have libmicrohttpd call
        // again and again, so the next piece (or the ending) is read now.
        return count > 0 ? count : readPaced(stream, into: buffer)
    }

    /// Parks the connection until `deadline`; 0 (nothing now) either way, for libmicrohttpd calls again
    /// once it is resumed, or at once when the server is draining (which the next call answers).
    private func park(until deadline: UInt64, now: UInt64) -> Int {
        _ = server.park(connection: connection, forNanoseconds: deadline - now)
        return 0
    }

    private static func nanoseconds(_ milliseconds: Int) -> UInt64 { UInt64(max(0, milliseconds)) * 1_000_000 }

    private func copy(_ bytes: ArraySlice<UInt8>, from position: Int, count: Int, into buffer: UnsafeMutableRawBufferPointer) -> Int {
        guard count > 0 else { return 0 }
        // The slice's own bytes: `position` counts from its start, whatever its indices.
        bytes.withUnsafeBytes { source in
            buffer.baseAddress!.copyMemory(from: source.baseAddress! + position, byteCount: count)
        }
        return count
    }
}
