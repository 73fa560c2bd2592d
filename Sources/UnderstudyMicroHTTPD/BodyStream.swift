import CMicroHTTPD
import Dispatch
import UnderstudyHTTP

/// Feeds a response body to libmicrohttpd piece by piece, for the faults that
/// need control over the bytes on the wire: a truncated body, or a body
/// dribbled over time (suspending the connection between pieces, so no
/// thread waits).
final class BodyStream {
    enum Mode {
        case truncate
        case dribble(intervalNanoseconds: UInt64, chunkSize: Int)
    }

    let body: [UInt8]
    let mode: Mode
    let connection: UInt
    unowned let server: HTTPServer
    private var nextChunkAt: UInt64

    init(body: [UInt8], mode: Mode, connection: UInt, server: HTTPServer) {
        self.body = body
        self.mode = mode
        self.connection = connection
        self.server = server
        nextChunkAt = DispatchTime.now().uptimeNanoseconds
    }

    /// libmicrohttpd's content-reader contract: bytes written, or a negative end marker.
    func read(at position: Int, into buffer: UnsafeMutableRawBufferPointer) -> Int {
        switch mode {
        case .truncate:
            let cut = body.count / 2
            guard position < cut else { return Int(MHD_CONTENT_READER_END_WITH_ERROR) }
            return copy(from: position, count: min(cut - position, buffer.count), into: buffer)
        case .dribble(let interval, let chunkSize):
            guard position < body.count else { return Int(MHD_CONTENT_READER_END_OF_STREAM) }
            let now = DispatchTime.now().uptimeNanoseconds
            if now < nextChunkAt, server.park(connection: connection, forNanoseconds: nextChunkAt - now) {
                return 0
            }
            if server.isDraining {
                return copy(from: position, count: min(body.count - position, buffer.count), into: buffer)
            }
            nextChunkAt = now + interval
            return copy(from: position, count: min(chunkSize, body.count - position, buffer.count), into: buffer)
        }
    }

    private func copy(from position: Int, count: Int, into buffer: UnsafeMutableRawBufferPointer) -> Int {
        guard count > 0 else { return 0 }
        body.withUnsafeBytes { bytes in
            buffer.baseAddress!.copyMemory(from: bytes.baseAddress! + position, byteCount: count)
        }
        return count
    }
}
