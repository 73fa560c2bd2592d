import CMicroHTTPD
import CUnderstudyHTTPWire
import Dispatch
import UnderstudyHTTP

/// Chunk sizes libmicrohttpd 0.9.75 would wait on. It parses a chunk-size line itself and calls the handler
/// only when that chunk's data arrives, so `ffffffffffffffff` (2^64-1) or any size over the body limit, sent
/// without data, held the connection until it timed out. A size no body can have gets a 400, one over the
/// limit a 413, both at once (the rule is `chunk.c`'s).
///
/// Two places see a size line: the first handler call, before libmicrohttpd parses the first line (it reads
/// nothing while the connection is suspended, so the line is looked at, in its buffer and on the socket, until
/// it is all there), and each
/// piece of body data, right after the line in front of it.
extension HTTPServer {

    /// First handler call of a chunked request: the first size line, or a wait for it.
    func checkFirstChunkSize(_ handle: OpaquePointer, method: UnsafePointer<CChar>, exchange: Connection.Exchange) -> MHD_Result {
        guard let sectionEnd = exchange.chunkedSectionEnd, !exchange.secure else { return .YES }
        let fd = cmhd_connection_fd(handle)
        let buffered = uhw_first_chunk_buffered(sectionEnd, method, fd, exchange.requestNumber == 1 ? 1 : 0)
        // Unknown (another system): left to libmicrohttpd, as before.
        guard buffered >= 0 else { return .YES }
        exchange.chunkLineBuffered = Int(buffered)
        exchange.chunkRequestStart = method
        exchange.chunkLineWaited = 0
        uhw_continue_if_expected(handle, fd)
        return lookAtFirstChunkSize(handle, exchange: exchange)
    }

    /// The first size line as far as it has arrived: an answer, the body's reading, or another wait.
    func lookAtFirstChunkSize(_ handle: OpaquePointer, exchange: Connection.Exchange) -> MHD_Result {
        guard let sectionEnd = exchange.chunkedSectionEnd else { return .YES }
        let fd = cmhd_connection_fd(handle)
        // Counted again after a wait: libmicrohttpd may have read more of the line into its buffer meanwhile (poll).
        if exchange.chunkLineWaited > 0, let start = exchange.chunkRequestStart {
            let buffered = uhw_first_chunk_buffered(sectionEnd, start, fd, exchange.requestNumber == 1 ? 1 : 0)
            if buffered > exchange.chunkLineBuffered { exchange.chunkLineBuffered = Int(buffered) }
        }
        var complete: Int32 = 0
        var reason: UnsafePointer<CChar>?
        let verdict = uhw_check_first_chunk_size(
            sectionEnd, exchange.chunkLineBuffered, fd, UInt64(max(0, configuration.maxRequestBodyBytes)),
            &complete, &reason)
        if verdict != UHW_OK.rawValue {
            answerOnSocket(handle, exchange, status: Int(verdict), detail: reason.map { String(cString: $0) })
            return .NO
        }
        exchange.phase = .receiving
        if complete != 0 { return .YES }
        // Not all there yet: look again after 1 ms, 1, 2, 4, … up to a tenth of a second, within the connection timeout.
        let limit = UInt64(max(1, configuration.connectionTimeoutSeconds)) * 1_000_000_000
        guard exchange.chunkLineWaited < limit else {
            answerOnSocket(handle, exchange, status: 408, detail: "The chunked body's first size line did not arrive in time.")
            return .NO
        }
        let step = min(max(exchange.chunkLineWaited, 1_000_000), 100_000_000)
        guard park(connection: UInt(bitPattern: handle), forNanoseconds: step) else { return .YES }
        exchange.chunkLineWaited += step
        exchange.phase = .awaitingChunkSize
        return .YES
    }

    /// A piece of body data: the size line in front of it. A response cannot be queued while body data is
    /// arriving, so the answer goes onto the socket directly, and `false` tells the caller to have
    /// libmicrohttpd close the connection.
    func checkChunkSize(
        _ sectionEnd: UnsafePointer<CChar>, _ data: UnsafeRawBufferPointer, _ connection: OpaquePointer, _ exchange: Connection.Exchange
    ) -> Bool {
        guard let start = data.baseAddress?.assumingMemoryBound(to: CChar.self) else { return true }
        var reason: UnsafePointer<CChar>?
        let verdict = uhw_check_chunk_size(sectionEnd, start, UInt64(max(0, configuration.maxRequestBodyBytes)), &reason)
        guard verdict != UHW_OK.rawValue else { return true }
        answerOnSocket(connection, exchange, status: Int(verdict), detail: reason.map { String(cString: $0) })
        return false
    }

    /// The answer written to the socket itself, after draining what the client sent (closing a socket with
    /// unread data would reset it and lose the answer); the caller then has libmicrohttpd close the connection.
    private func answerOnSocket(_ connection: OpaquePointer, _ exchange: Connection.Exchange, status: Int, detail: String?) {
        let detail = detail ?? "The chunk size is not acceptable."
        Self.markRejected(exchange, status: status, detail: detail)
        let fd = cmhd_connection_fd(connection)
        guard fd >= 0 else { return }
        let reply = Self.errorResponse(status: status, detail: detail)
        reply.withUnsafeBytes { uhw_answer_and_shut_down(fd, $0.baseAddress, $0.count) }
    }
}
